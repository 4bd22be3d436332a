/**
 * The indexer tables served as SQL views over the file's own transactions (electron/indexer/indexer-views.ts): a
 * generated file stores no second copy of them, `snapshot verify` finds them equal to the processors' rows; a format
 * v3 file (every table as text) opens without GraphQL and says how to upgrade, and `snapshot upgrade` turns a copy
 * of it into the coded views (electron/indexer/indexer-codecs.ts) rendering the same rows.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { isIndexerView } from '../../electron/indexer/indexer-views.ts';
import { indexerSqlTable } from '../../electron/indexer/indexer-table.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';
import { indexerUpgradeHint, upgradeSnapshot } from '../../electron/indexer/upgrade-snapshot.ts';
import { openIndexerGraphql } from '../../electron/indexer/graphql/open-indexer.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('indexer-views-');
const path = join(dir, 'v3.db');
generateSnapshot({ out: path, seed: 11, versions: 900, accounts: 20, coinStores: 10 });

/** The tables served as views: of the transactions, and `events` of its own stored rows. */
const VIEWED = INDEXER_TABLES.filter((table) => isIndexerView(table)).map((table) => table.name);

let copies = 0;

/**
 * A copy of the file as format v3 wrote it: every indexer table a table of the hosted text (the rows the views
 * render), no coded rows, no `ix_strings`.
 */
function tablesCopy(): string {
  copies += 1;
  const copy = join(dir, `tables-${copies}.db`);
  copyFileSync(path, copy);
  const db = new Database(copy);
  for (const table of INDEXER_TABLES) {
    const columns = table.columns.map((c) => `"${c.name}"`);
    if (table.history.kind === 'current') columns.push('_valid_to');
    const sqlName = indexerSqlTable(table);
    db.exec(`CREATE TABLE "${sqlName}_rows" AS SELECT ${columns.join(', ')} FROM "${sqlName}" ORDER BY rowid`);
    const kind = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck().get(sqlName);
    db.exec(`DROP ${kind === 'view' ? 'VIEW' : 'TABLE'} "${sqlName}"`);
    db.exec(`ALTER TABLE "${sqlName}_rows" RENAME TO "${sqlName}"`);
    db.exec(`DROP TABLE IF EXISTS "${sqlName}_stored"`);
  }
  db.exec('DROP TABLE ix_strings');
  db.prepare("UPDATE meta SET value = '3' WHERE key = 'format_version'").run();
  db.pragma('user_version = 3');
  db.close();
  return copy;
}

/** The GraphQL answer of `query` over the file at `file`, at its newest version. */
function answer(file: string, query: string): string {
  const store = SnapshotStore.open(file);
  try {
    const engine = createIndexerGraphql({ db: store.database, tables: INDEXER_TABLES });
    return engine.answer({ query, variables: {} }, store.meta.latestVersion).body;
  } finally {
    store.close();
  }
}

describe('indexer tables served as views', () => {
  it('serves them as views, which hold every user and block metadata transaction', () => {
    const db = new Database(path, { readonly: true });
    try {
      const kinds = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck();
      for (const name of VIEWED) expect(kinds.get(`ix_${name}`)).toBe('view');
      const count = db
        .prepare(
          'SELECT count(*) FROM transactions t JOIN transaction_details d ON d.version = t.version WHERE t.kind = ?',
        )
        .pluck();
      const users = db.prepare('SELECT count(*) FROM ix_user_transactions').pluck().get() as number;
      expect(users).toBe(count.get('user'));
      expect(users).toBeGreaterThan(100);
      expect(db.prepare('SELECT count(*) FROM ix_block_metadata_transactions').pluck().get()).toBe(
        count.get('block_metadata'),
      );
    } finally {
      db.close();
    }
  });

  it('verifies: the views render exactly the rows the processors derive', () => {
    const store = SnapshotStore.open(path);
    try {
      const report = verifySnapshot(store);
      expect(report.problems).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('opens a format v3 file (its tables as text) without GraphQL, with one line saying how to upgrade it', () => {
    const copy = tablesCopy();
    const store = SnapshotStore.open(copy);
    try {
      expect(store.meta.formatVersion).toBe(3);
      expect(openIndexerGraphql(store.database)).toBeUndefined();
      expect(verifySnapshot(store).problems).toEqual([]);
    } finally {
      store.close();
    }
    expect(indexerUpgradeHint(copy, 3)).toBe(
      `${copy} is a format v3 snapshot: its indexer tables (account history, holdings, GraphQL) are in an older ` +
        `layout; derive them again on a copy: ledger-explorer snapshot upgrade ${copy} --out NEW.db`,
    );
    expect(answer(path, '{ ledger_infos { chain_id } }')).toMatch(/"chain_id":\d+/);
  });

  it('upgrades a copy of such a file to the coded views, never the file; a current file has nothing to upgrade', () => {
    const copy = tablesCopy();
    const before = sha(copy);
    const out = join(dir, 'relaid.db');
    const summary = upgradeSnapshot(copy, out);
    expect(summary.fromVersion).toBe(3);
    expect(sha(copy)).toBe(before);
    const db = new Database(out, { readonly: true });
    try {
      const kinds = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck();
      for (const name of VIEWED) expect(kinds.get(`ix_${name}`)).toBe('view');
    } finally {
      db.close();
    }
    expect(indexerRows(out)).toEqual(indexerRows(path));
    expect(() => upgradeSnapshot(path, join(dir, 'again.db'))).toThrow(/already format v4: nothing to upgrade/);
  });
});

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every indexer table's rows (by its declared columns, in its order), as text. */
function indexerRows(file: string): Record<string, string> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(
      INDEXER_TABLES.map((table) => {
        const columns = table.columns.map((c) => `"${c.name}"`).join(', ');
        const rows = db
          .prepare(`SELECT ${columns} FROM "${indexerSqlTable(table)}" ORDER BY rowid`)
          .raw()
          .all();
        return [table.name, JSON.stringify(rows)];
      }),
    );
  } finally {
    db.close();
  }
}
