/**
 * `snapshot upgrade` on a real format v2 file: the input's bytes never change, the copy's indexer tables are those
 * the generator writes for the same chain, `snapshot verify` passes on it and names the table and version of a row
 * edited afterwards; older files get one line saying how to upgrade them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { indexerSqlTable } from '../../electron/indexer/indexer-table.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('indexer-upgrade-');
const options = { seed: 5, versions: 1_500, accounts: 30, coinStores: 20 } as const;
const v2 = join(dir, 'v2.db');
const v4 = join(dir, 'v4.db');
generateSnapshot({ out: v2, ...options, format: 2 });
generateSnapshot({ out: v4, ...options });

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Every indexer table's rows, in storage order, as text. */
function tableRows(path: string): Record<string, string> {
  const db = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(
      INDEXER_TABLES.map((table) => [
        table.name,
        JSON.stringify(
          db
            .prepare(`SELECT * FROM "${indexerSqlTable(table)}" ORDER BY rowid`)
            .raw()
            .all(),
          (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
        ),
      ]),
    );
  } finally {
    db.close();
  }
}

describe('snapshot upgrade and verify of the indexer tables', () => {
  it('upgrades a copy, never the input, to the tables the generator writes', () => {
    const before = sha(v2);
    const out = join(dir, 'upgraded.db');
    const run = runCliProcess(['snapshot', 'upgrade', v2, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/format v2 → v4, \d+ indexer rows/);
    expect(sha(v2)).toBe(before);
    const upgraded = tableRows(out);
    expect(upgraded).toEqual(tableRows(v4));
    expect(JSON.parse(upgraded['account_transactions'] ?? '[]').length).toBeGreaterThan(options.versions / 2);
    const store = SnapshotStore.open(out);
    try {
      expect(store.meta.formatVersion).toBe(4);
      expect(verifySnapshot(store).problems).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('refuses to upgrade in place, or a file that is already format v4', () => {
    const inPlace = runCliProcess(['snapshot', 'upgrade', v2, '--out', v2]);
    expect(inPlace.status).not.toBe(0);
    expect(inPlace.stderr).toMatch(/--out must name another file/);
    const current = runCliProcess(['snapshot', 'upgrade', v4, '--out', join(dir, 'again.db')]);
    expect(current.status).not.toBe(0);
    expect(current.stderr).toMatch(/already format v4: nothing to upgrade/);
  });

  it('tells a reader of an older file, in one line, how to upgrade it', () => {
    const info = runCliProcess(['snapshot', 'info', v2, '--json']);
    expect(info.status).toBe(0);
    expect(JSON.parse(info.stdout)).toHaveProperty('latestVersion');
    expect(info.stderr.trim().split('\n')).toEqual([
      `note: ${v2} is a format v2 snapshot without the indexer tables (account history, holdings, GraphQL); ` +
        `add them to a copy: ledger-explorer snapshot upgrade ${v2} --out NEW.db`,
    ]);
    expect(runCliProcess(['snapshot', 'info', v4]).stderr).toBe('');
  });

  it('names the table and version of a row that no longer matches the transactions', () => {
    const edited = join(dir, 'edited.db');
    expect(runCliProcess(['snapshot', 'upgrade', v2, '--out', edited]).status).toBe(0);
    const db = new Database(edited);
    const victim = db
      .prepare(
        `SELECT rowid, transaction_version FROM ix_fungible_asset_activities WHERE is_gas_fee = 0
         ORDER BY rowid LIMIT 1 OFFSET 3`,
      )
      .get() as { rowid: number; transaction_version: number };
    db.prepare("UPDATE ix_fungible_asset_activities_stored SET amount = '1' WHERE rowid = ?").run(victim.rowid);
    const balance = db
      .prepare(
        'SELECT rowid, last_transaction_version FROM ix_current_fungible_asset_balances ' +
          'WHERE _valid_to IS NOT NULL LIMIT 1',
      )
      .get() as { rowid: number; last_transaction_version: number };
    db.prepare('UPDATE ix_current_fungible_asset_balances_stored SET _valid_to = NULL WHERE rowid = ?').run(
      balance.rowid,
    );
    db.close();
    const run = runCliProcess(['snapshot', 'verify', edited]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `indexer table fungible_asset_activities, version ${victim.transaction_version}: amount is "1" in the file`,
    );
    expect(run.stdout).toContain(
      `indexer table current_fungible_asset_balances, version ${balance.last_transaction_version}: _valid_to is NULL`,
    );
  });
});
