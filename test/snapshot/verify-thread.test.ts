/**
 * `snapshot verify`'s indexer check on its own thread (electron/snapshot/verify-thread.ts, issue 29): it finds what
 * the same check finds in one thread — on a clean file and on a copy with an edited indexer row — shows how far it
 * has come, and a failure inside it is rethrown with its message instead of a hang. It starts before SQLite's
 * integrity check: a file that fails that check is reported by it alone, the thread stopped.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { verifyIndexerTables } from '../../electron/indexer/verify-indexer.ts';
import { NO_PROGRESS, progressReporter } from '../../electron/snapshot/progress.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { startIndexerCheck } from '../../electron/snapshot/verify-thread.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('verify-thread-');

/** The indexer check of `path` in this thread: its problems and figures. */
function inThisThread(path: string): { problems: string[]; checked: Record<string, number> } {
  const store = SnapshotStore.open(path);
  try {
    const problems: string[] = [];
    const checked = verifyIndexerTables(store, (text) => void problems.push(text));
    return { problems, checked };
  } finally {
    store.close();
  }
}

describe('the indexer check on its own thread', () => {
  it('finds what the check finds in one thread, on a clean file and on an edited copy', () => {
    const clean = fixturePath('small');
    const writes: string[] = [];
    const progress = progressReporter({ isTTY: false, write: (text) => void writes.push(text) }, { force: true });
    const thread = startIndexerCheck(clean);
    expect(thread).toBeDefined();
    const outcome = thread?.join(progress);
    progress.end();
    expect(outcome).toEqual(inThisThread(clean));
    expect(outcome?.problems).toEqual([]);
    expect(Object.keys(outcome?.checked ?? {})).toContain('indexer account_transactions');
    const transactions = outcome?.checked['indexer user_transactions'] ?? 0;
    expect(transactions).toBeGreaterThan(0);
    expect(writes.join('')).toMatch(
      /verifying: indexer tables, derived again: done, [\d,]+ transactions in \d+\.\d s\n/,
    );

    const edited = join(dir, 'edited.db');
    copyFileSync(clean, edited);
    const db = new Database(edited);
    db.prepare(
      "UPDATE ix_fungible_asset_activities_stored SET amount = '1' WHERE rowid = " +
        '(SELECT rowid FROM ix_fungible_asset_activities WHERE is_gas_fee = 0 ORDER BY rowid LIMIT 1 OFFSET 3)',
    ).run();
    db.close();
    const found = startIndexerCheck(edited)?.join(NO_PROGRESS);
    expect(found?.problems).toEqual(inThisThread(edited).problems);
    expect(found?.problems.join('\n')).toMatch(
      /indexer table fungible_asset_activities, version \d+: amount is "1" in the file/,
    );
  });

  it('rethrows a failure inside the thread with its message', () => {
    const notSnapshot = join(dir, 'notes.txt');
    writeFileSync(notSnapshot, 'not a database');
    const thread = startIndexerCheck(notSnapshot);
    expect(thread).toBeDefined();
    expect(() => thread?.join(NO_PROGRESS)).toThrow(/notes\.txt/);
  });

  it('is not started for a database that is no file', () => {
    expect(startIndexerCheck(':memory:')).toBeUndefined();
    expect(startIndexerCheck(join(dir, 'missing.db'))).toBeUndefined();
  });

  it('started beside the integrity check, is stopped when the file fails it: verify reports only that', () => {
    const broken = join(dir, 'index-disagrees.db');
    copyFileSync(fixturePath('small'), broken);
    const db = new Database(broken);
    // The index's entries stay those of `version` while its definition names another column: the file opens and
    // reads, and SQLite's integrity check finds the index and its table disagree.
    db.unsafeMode(true);
    db.pragma('writable_schema = ON');
    db.prepare(
      "UPDATE sqlite_schema SET sql = 'CREATE INDEX events_by_version ON events (event_index)' WHERE name = ?",
    ).run('events_by_version');
    db.close();
    const store = SnapshotStore.open(broken);
    try {
      const report = verifySnapshot(store);
      expect(report.ok).toBe(false);
      expect(report.problems.length).toBeGreaterThan(0);
      for (const text of report.problems) expect(text).toMatch(/^sqlite integrity: .*events_by_version/);
      expect(report.checked).toEqual({});
    } finally {
      store.close();
    }
  });
});
