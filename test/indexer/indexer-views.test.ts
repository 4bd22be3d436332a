/**
 * The indexer tables served as SQL views over the file's own transactions (electron/indexer/indexer-views.ts): a
 * generated file stores no second copy of them, `snapshot verify` finds them equal to the processors' rows, and a
 * format v3 file written before the views (the same rows as tables) verifies and answers GraphQL identically, and
 * `snapshot upgrade` turns a copy of it into the views.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createIndexerGraphql } from '../../electron/indexer/graphql/indexer-graphql.ts';
import { isIndexerView } from '../../electron/indexer/indexer-views.ts';
import { indexerSqlTable } from '../../electron/indexer/indexer-table.ts';
import { INDEXER_TABLES, indexerTable } from '../../electron/indexer/tables/index.ts';
import { upgradeSnapshot } from '../../electron/indexer/upgrade-snapshot.ts';
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

/** A copy of the file whose views are tables of the same rows, as format v3 files were first written. */
function tablesCopy(): string {
  copies += 1;
  const copy = join(dir, `tables-${copies}.db`);
  copyFileSync(path, copy);
  const db = new Database(copy);
  for (const name of VIEWED) {
    const table = indexerTable(name);
    if (table === undefined) throw new Error(`no table ${name}`);
    const columns = table.columns.map((c) => `"${c.name}"`).join(', ');
    const sqlName = indexerSqlTable(table);
    db.exec(`CREATE TABLE "${sqlName}_rows" AS SELECT ${columns} FROM "${sqlName}" ORDER BY rowid`);
    db.exec(`DROP VIEW "${sqlName}"; ALTER TABLE "${sqlName}_rows" RENAME TO "${sqlName}"`);
    db.exec(`DROP TABLE IF EXISTS "${sqlName}_stored"`);
  }
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

  it('answers GraphQL identically over a format v3 file that holds them as tables', () => {
    const copy = tablesCopy();
    const store = SnapshotStore.open(copy);
    try {
      expect(verifySnapshot(store).problems).toEqual([]);
    } finally {
      store.close();
    }
    const query = `{
      user_transactions(limit: 20, order_by: {version: desc}) {
        version block_height sender sequence_number max_gas_amount gas_unit_price timestamp expiration_timestamp_secs
        entry_function_id_str entry_function_contract_address entry_function_module_name entry_function_function_name
        parent_signature_type epoch signature { signer type public_key }
      }
      block_metadata_transactions(limit: 10, where: {round: {_gt: 2}}) {
        version block_height id round epoch proposer previous_block_votes_bitvec failed_proposer_indices timestamp
      }
      events(limit: 30, order_by: [{transaction_version: desc}, {event_index: asc}]) {
        account_address creation_number sequence_number type indexed_type data event_index transaction_block_height
      }
      account_transactions(limit: 10, order_by: {transaction_version: desc}) {
        transaction_version user_transaction { sender entry_function_id_str }
      }
    }`;
    const viewed = answer(path, query);
    expect(viewed).not.toMatch(/"errors"/);
    expect(JSON.parse(viewed).data.user_transactions).toHaveLength(20);
    expect(JSON.parse(viewed).data.events).toHaveLength(30);
    expect(answer(copy, query)).toBe(viewed);
  });

  it('upgrades a copy of such a file to the views, never the file; a current file has nothing to upgrade', () => {
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
    expect(() => upgradeSnapshot(path, join(dir, 'again.db'))).toThrow(/already format v3: nothing to upgrade/);
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
