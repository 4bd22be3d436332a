/**
 * `snapshot verify`'s indexer check split into pieces (electron/indexer/verify-plan.ts) and shared by two threads
 * (electron/snapshot/verify-thread.ts), with coded tables compared in their stored form (verify-indexer.ts,
 * verify-cells.ts): every stored row is compared once; a defect is named whichever thread's piece holds it (the first
 * chunk's, the worker's; the last chunk's, verify's own thread's); an interned cell pointing at another text is named
 * with its text; and a file whose view renders a coded table otherwise than this build is checked through that view.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { verifyIndexerTables } from '../../electron/indexer/verify-indexer.ts';
import { indexerSqlTable } from '../../electron/indexer/indexer-table.ts';
import { indexerViewSql } from '../../electron/indexer/indexer-views.ts';
import { INDEXER_TABLES, indexerTable } from '../../electron/indexer/tables/index.ts';
import { NO_PROGRESS } from '../../electron/snapshot/progress.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { startIndexerCheck } from '../../electron/snapshot/verify-thread.ts';
import { editedFixtureCopy, fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('verify-pieces-');

/** The indexer check of `path`: in this thread alone, and shared with its worker as verify runs it. */
function bothWays(path: string): {
  alone: { problems: string[]; checked: Record<string, number> };
  shared: { problems: readonly string[]; checked: Readonly<Record<string, number>> } | undefined;
} {
  const store = SnapshotStore.open(path);
  try {
    const problems: string[] = [];
    const checked = verifyIndexerTables(store, (text) => void problems.push(text));
    const shared = startIndexerCheck(path)?.join(NO_PROGRESS, store);
    return { alone: { problems, checked }, shared };
  } finally {
    store.close();
  }
}

/** A copy of the small fixture, edited by `edit`. */
function editedCopy(name: string, edit: (db: Database.Database) => void): string {
  return editedFixtureCopy('small', join(dir, name), edit);
}

describe('the indexer check in pieces, on two threads', () => {
  it('compares every stored row once, alike on one thread and on two', () => {
    const path = fixturePath('small');
    const { alone, shared } = bothWays(path);
    expect(alone.problems).toEqual([]);
    expect(shared).toEqual(alone);
    const db = new Database(path, { readonly: true });
    try {
      const chunks = db.prepare('SELECT count(*) FROM transaction_details').pluck().get() as number;
      // Enough chunks of 512 transactions that each thread has some (derive-thread.ts DERIVE_CHUNK).
      expect(chunks).toBeGreaterThan(4 * 512);
      for (const table of INDEXER_TABLES) {
        const rows = db
          .prepare(`SELECT count(*) FROM "${indexerSqlTable(table)}"`)
          .pluck()
          .get();
        expect([table.name, alone.checked[`indexer ${table.name}`]]).toEqual([table.name, rows]);
      }
    } finally {
      db.close();
    }
  });

  it('names a defect in the first chunk and one in the last, one line per table, alike on one thread and two', () => {
    let first = { rowid: 0, version: 0 };
    let last = { rowid: 0, version: 0 };
    const path = editedCopy('ends.db', (db) => {
      const pick = (order: 'ASC' | 'DESC') =>
        db
          .prepare(
            `SELECT rowid, transaction_version AS version FROM ix_fungible_asset_activities WHERE is_gas_fee = 0
             ORDER BY rowid ${order} LIMIT 1`,
          )
          .get() as { rowid: number; version: number };
      first = pick('ASC');
      last = pick('DESC');
      db.prepare("UPDATE ix_fungible_asset_activities_stored SET amount = '7' WHERE rowid = ?").run(last.rowid);
      db.prepare(
        'UPDATE ix_current_objects_stored SET allow_ungated_transfer = 1 - allow_ungated_transfer ' +
          'WHERE rowid = (SELECT max(rowid) FROM ix_current_objects_stored)',
      ).run();
    });
    const { alone, shared } = bothWays(path);
    expect(shared).toEqual(alone);
    const lines = alone.problems.filter((text) => text.startsWith('indexer table fungible_asset_activities'));
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^indexer table fungible_asset_activities, version ${last.version}: amount is "7" in the file`),
      ),
    ]);
    expect(alone.problems.join('\n')).toMatch(/indexer table current_objects, version \d+: allow_ungated_transfer is/);
    expect(first.version).toBeLessThan(512);

    // The same table wrong in the first chunk too: only the first is named (one line per table).
    const both = editedCopy('both-ends.db', (db) => {
      db.prepare("UPDATE ix_fungible_asset_activities_stored SET amount = '7' WHERE rowid IN (?, ?)").run(
        first.rowid,
        last.rowid,
      );
    });
    const again = bothWays(both);
    expect(again.shared).toEqual(again.alone);
    expect(again.alone.problems).toEqual([
      expect.stringMatching(
        new RegExp(`^indexer table fungible_asset_activities, version ${first.version}: amount is "7" in the file`),
      ),
    ]);
  });

  it('names an interned cell that points at another text, by the texts', () => {
    let owner = '';
    const path = editedCopy('interned.db', (db) => {
      const row = db
        .prepare(
          `SELECT s.rowid, v.owner_address, s.owner_address AS id FROM ix_fungible_asset_activities_stored s
           JOIN ix_fungible_asset_activities v ON v.rowid = s.rowid WHERE s.owner_address IS NOT NULL
           ORDER BY s.rowid LIMIT 1 OFFSET 5`,
        )
        .get() as { rowid: number; owner_address: string; id: number };
      owner = row.owner_address;
      const other = db.prepare('SELECT id FROM ix_strings WHERE id != ? ORDER BY id LIMIT 1').pluck().get(row.id);
      db.prepare('UPDATE ix_fungible_asset_activities_stored SET owner_address = ? WHERE rowid = ?').run(
        other,
        row.rowid,
      );
    });
    const { alone } = bothWays(path);
    expect(alone.problems.join('\n')).toMatch(
      new RegExp(
        `indexer table fungible_asset_activities, version \\d+: owner_address is "[^"]*" in the file, "${owner}"`,
      ),
    );
  });

  it('checks a coded table through the file’s view when that view is not this build’s', () => {
    const table = indexerTable('fungible_asset_activities');
    const own = table === undefined ? undefined : indexerViewSql(table);
    expect(own).toContain('"amount"');
    const path = editedCopy('other-view.db', (db) => {
      // The same rows rendered otherwise: every non-null amount gains a digit, which no stored value shows.
      const other = (own ?? '').replace('"amount"', `"amount" || '0' AS "amount"`);
      db.exec(`DROP VIEW ix_fungible_asset_activities; CREATE VIEW ix_fungible_asset_activities AS ${other}`);
    });
    const { alone, shared } = bothWays(path);
    expect(shared).toEqual(alone);
    expect(alone.problems).toEqual([
      expect.stringMatching(/^indexer table fungible_asset_activities, version \d+: amount is "\d+0" in the file/),
    ]);
  });
});
