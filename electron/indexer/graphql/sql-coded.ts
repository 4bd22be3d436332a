/**
 * Filters and joins on coded columns (electron/indexer/indexer-codecs.ts): the view `ix_<name>` renders a coded
 * column as its text and exposes its stored value as `<column>__c`. Equality on a `hex` column compares stored
 * values (the literal encoded in SQL as the writer encodes it, so an index on the stored column serves it and an
 * unknown address simply matches nothing); a join of two columns with the same codec compares stored values; ordering
 * on a `time` column orders its integers (the texts order the same). Everything else compares the rendered text, as
 * before the columns were coded.
 */
import { CODED_SUFFIX, encodeHexSql } from '../indexer-codecs.ts';
import type { IndexerColumn, IndexerTable } from '../indexer-table.ts';
import { columnRef } from './sql-context.ts';

/** The view column holding the stored value of `column` (undefined when it is stored as its text). */
function storedRef(column: IndexerColumn | undefined, alias: string): string | undefined {
  return column?.codec === undefined ? undefined : columnRef(alias, `${column.name}${CODED_SUFFIX}`);
}

function columnNamed(table: IndexerTable, name: string): IndexerColumn | undefined {
  return table.columns.find((c) => c.name === name);
}

/**
 * The condition `column = value` (`value` SQL text of a String), or `<>` when `negated`: on the stored value of a
 * `hex` column, on the text otherwise.
 */
export function equalsText(
  table: IndexerTable,
  alias: string,
  name: string,
  value: string,
  negated = false,
): string | undefined {
  const column = columnNamed(table, name);
  if (column?.codec !== 'hex') return undefined;
  return `${storedRef(column, alias) as string} ${negated ? '<>' : '='} ${encodeHexSql(value)}`;
}

/** `column IN (SELECT value FROM …)` on the stored value of a `hex` column (undefined for other columns). */
export function inTexts(table: IndexerTable, alias: string, name: string, json: string, negated: boolean): string {
  const column = columnNamed(table, name);
  const ref = storedRef(column, alias);
  if (column?.codec !== 'hex' || ref === undefined) throw new Error(`${name} is not a hex column`);
  return `${ref} ${negated ? 'NOT IN' : 'IN'} (SELECT ${encodeHexSql('value')} FROM json_each(${json}))`;
}

/** Whether `name` of `table` is a `hex` column (equality and membership compare stored values). */
export function isHexColumn(table: IndexerTable, name: string): boolean {
  return columnNamed(table, name)?.codec === 'hex';
}

/** The expression `_is_null` tests: the stored value of a coded column (NULL exactly when the text is). */
export function nullTestRef(table: IndexerTable, alias: string, name: string): string | undefined {
  return storedRef(columnNamed(table, name), alias);
}

/** The expression to order `name` by when its stored value orders as its text does (`time`), else undefined. */
export function orderRef(table: IndexerTable, alias: string, name: string): string | undefined {
  const column = columnNamed(table, name);
  return column?.codec === 'time' ? storedRef(column, alias) : undefined;
}

/**
 * `remote = local` of a relationship: stored values when both columns share a codec (or the local text encoded for a
 * `hex` remote), texts otherwise.
 */
export function joinEquals(
  target: IndexerTable,
  inner: string,
  remote: string,
  table: IndexerTable,
  alias: string,
  local: string,
): string {
  const a = columnNamed(target, remote);
  const b = columnNamed(table, local);
  if (a?.codec !== undefined && a.codec === b?.codec)
    return `${storedRef(a, inner) as string} = ${storedRef(b, alias) as string}`;
  // A text column (of a derived table) joined to a `hex` one: its text encoded, so the stored column's index serves.
  if (a?.codec === 'hex' && b?.codec === undefined) return matchesText(target, inner, remote, columnRef(alias, local));
  return `${columnRef(inner, remote)} = ${columnRef(alias, local)}`;
}

/** `column = value` where `value` is SQL text of the column's rendered text (a parent row's value). */
export function matchesText(table: IndexerTable, alias: string, name: string, value: string): string {
  return equalsText(table, alias, name, value) ?? `${columnRef(alias, name)} = ${value}`;
}
