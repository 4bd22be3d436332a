/**
 * docs/api.md's list of the tables and fields GraphQL serves ("The indexer (GraphQL)") is the declarations'
 * (electron/indexer/tables/, and the derived tables: electron/indexer/graphql/served-tables.ts): every table,
 * whether `_aggregate` is served, and every column, in order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { servedTables } from '../../electron/indexer/graphql/served-tables.ts';

describe('docs/api.md, the indexer tables served', () => {
  it('lists exactly the declared tables, aggregates and columns', () => {
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8');
    const section = text.slice(text.indexOf('**Tables and fields served**'), text.indexOf('### `ledger_version`'));
    const documented = section
      .split('\n')
      .filter((line) => /^\| `[a-z_0-9]+` \|/.test(line))
      .map((line) => {
        const cells = line.split('|').map((cell) => cell.trim());
        return {
          name: cells[1]?.replaceAll('`', ''),
          aggregate: cells[2] === 'yes',
          columns: [...(cells[4] ?? '').matchAll(/`([a-z_0-9]+)`/g)].map((m) => m[1]),
        };
      });
    expect(documented).toEqual(
      servedTables(INDEXER_TABLES).map((t) => ({
        name: t.name,
        aggregate: t.aggregate,
        columns: t.columns.map((c) => c.name),
      })),
    );
  });
});
