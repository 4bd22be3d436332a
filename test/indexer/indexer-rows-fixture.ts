/**
 * A small SQLite file holding the indexer tables (electron/indexer/tables/, created with `indexerTableDdl`) and
 * rows written here, so the GraphQL engine is tested on a real file independently of the processors: two accounts,
 * their transactions, balances that change over versions (`_valid_to` set as the contract says), metadata.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  indexerSqlTable,
  indexerTableDdl,
  VALID_TO_COLUMN,
  type IndexerTable,
} from '../../electron/indexer/indexer-table.ts';
import { createInterner, storedRow } from '../../electron/indexer/indexer-storage.ts';
import { compactValues, storageTable, storedRowsViewSql } from '../../electron/indexer/indexer-views.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';

/** Account addresses of the fixture. */
export const ALICE = '0x' + 'a'.repeat(64);
export const BOB = '0x' + 'b'.repeat(64);
export const APT = '0x1::aptos_coin::AptosCoin';
export const USDC = '0x' + 'c'.repeat(64);

type Row = Readonly<Record<string, string | number | bigint | null>>;

/**
 * The table holding the fixture's rows of `table`: `ix_<name>` for a plain table, else the rows behind the view
 * `ix_<name>` (coded as the snapshot writer codes them; a table the snapshot serves as a view of its transactions
 * holds the fixture's rows here).
 */
function storedName(table: IndexerTable): string {
  return storageTable(table) === indexerSqlTable(table) ? indexerSqlTable(table) : `${indexerSqlTable(table)}_stored`;
}

/** Inserts `rows` (hosted text values, `_valid_to` of a current table included) into the fixture's table `name`. */
export function insertIndexerRows(db: Database.Database, name: string, rows: readonly Row[]): void {
  insert(db, table(name), rows);
}

/** Inserts `rows` (hosted text values) stored as the snapshot writer stores them (coded columns: indexer-codecs.ts). */
function insert(db: Database.Database, table: IndexerTable, rows: readonly Row[]): void {
  const names = table.columns.map((c) => `"${c.name}"`);
  const current = table.history.kind === 'current';
  if (current) names.push(VALID_TO_COLUMN);
  const statement = db.prepare(
    `INSERT INTO "${storedName(table)}" (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  );
  const intern = createInterner(db);
  for (const row of rows) {
    const values = compactValues(table, storedRow(table, row), intern);
    statement.run(current ? [...values, row[VALID_TO_COLUMN] ?? null] : values);
  }
}

function table(name: string): IndexerTable {
  const found = INDEXER_TABLES.find((t) => t.name === name);
  if (!found) throw new Error(name);
  return found;
}

/** Versions 1..40: ALICE sends at every odd version, BOB is touched at every multiple of 4. */
export const VERSIONS = Array.from({ length: 40 }, (_, i) => i + 1);

/** The balance states of ALICE's APT store: [version, amount, valid_to]. */
export const ALICE_APT: readonly (readonly [number, string, number | null])[] = [
  [1, '1000', 10],
  [10, '900', 30],
  [30, '340282366920938463463374607431768211455', null],
];

/** Writes the fixture file into `dir` and returns its path (closed; open it read-only). */
export function writeIndexerFixture(dir: string): string {
  const path = join(dir, 'indexer.db');
  writeIndexerRows(path);
  return path;
}

/**
 * A copy of the snapshot `source` in `dir` with the fixture's indexer tables added, so the whole service (REST and
 * `/v1/graphql`) is served from one real file.
 */
export function indexedSnapshotCopy(source: string, dir: string, base: number): string {
  const path = join(dir, 'indexed.ledgerdb');
  copyFileSync(source, path);
  writeIndexerRows(path, base);
  return path;
}

/** A copy of the snapshot `source` in `dir` as a format v2 file, older than the indexer tables. */
export function unindexedSnapshotCopy(source: string, dir: string): string {
  const path = join(dir, 'unindexed.ledgerdb');
  copyFileSync(source, path);
  const db = new Database(path);
  const names = db
    .prepare("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name LIKE 'ix\\_%' ESCAPE '\\'")
    .all() as { type: 'table' | 'view'; name: string }[];
  for (const { type, name } of names) db.exec(`DROP ${type === 'view' ? 'VIEW' : 'TABLE'} "${name}"`);
  // Format v2, the last without the indexer tables (docs/snapshot-format.md).
  db.prepare("UPDATE meta SET value = '2' WHERE key = 'format_version'").run();
  db.pragma('user_version = 2');
  db.close();
  return path;
}

/** The newest version `processor_status` stores in the fixture. */
export const PROCESSED_VERSION = 40;

/**
 * Writes the rows into the file at `path`; every version is offset by `base` (a snapshot's retained window
 * starts above 0).
 */
function writeIndexerRows(path: string, base = 0): void {
  const db = new Database(path);
  // A snapshot copy may hold the processors' rows already: the fixture's rows replace them (a table the file serves
  // as a view over its transactions, electron/indexer/indexer-views.ts, becomes a table of the fixture's rows).
  const isView = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = ?").pluck();
  for (const t of INDEXER_TABLES) {
    if (isView.get(indexerSqlTable(t)) !== undefined) db.exec(`DROP VIEW "${indexerSqlTable(t)}"`);
    db.exec(`DROP TABLE IF EXISTS "${indexerSqlTable(t)}"`);
    db.exec(`DROP TABLE IF EXISTS "${indexerSqlTable(t)}_stored"`);
    db.exec(indexerTableDdl(t, storedName(t)));
    db.exec(`DELETE FROM "${storedName(t)}"`);
    if (storedName(t) !== indexerSqlTable(t))
      db.exec(`CREATE VIEW "${indexerSqlTable(t)}" AS ${storedRowsViewSql(t, storedName(t))}`);
  }
  insert(db, table('processor_status'), [
    {
      processor: 'account_transactions_processor',
      last_success_version: base + PROCESSED_VERSION,
      last_updated: '2024-01-01T00:00:40',
    },
    {
      processor: 'fungible_asset_processor',
      last_success_version: base + PROCESSED_VERSION,
      last_updated: '2024-01-01T00:00:40',
    },
  ]);
  db.exec(`CREATE INDEX ix_at ON ix_account_transactions_stored (account_address, transaction_version)`);
  const accountRows: Row[] = [];
  const userRows: Row[] = [];
  for (const v of VERSIONS) {
    if (v % 2 === 1) accountRows.push({ account_address: ALICE, transaction_version: base + v });
    if (v % 4 === 0) accountRows.push({ account_address: BOB, transaction_version: base + v });
    userRows.push({
      version: base + v,
      block_height: Math.floor(v / 2),
      parent_signature_type: 'ed25519_signature',
      sender: v % 2 === 1 ? ALICE : BOB,
      sequence_number: v,
      max_gas_amount: '2000',
      expiration_timestamp_secs: '2024-01-01T00:00:00',
      gas_unit_price: '100',
      timestamp: `2024-01-01T00:00:${String(v).padStart(2, '0')}`,
      entry_function_id_str: v % 3 === 0 ? '0x1::coin::transfer' : '0x1::aptos_account::transfer',
      epoch: 1,
    });
  }
  insert(db, table('account_transactions'), accountRows);
  insert(db, table('user_transactions'), userRows);
  // The snapshot's own index of each sender's versions, which the GraphQL layer's sender filter goes through
  // (electron/indexer/indexer-views.ts `VIEW_LOOKUPS`): the fixture's user transactions are listed there too.
  db.exec(`CREATE TABLE IF NOT EXISTS account_transactions (sender BLOB NOT NULL, version INTEGER NOT NULL,
    PRIMARY KEY (sender, version)) WITHOUT ROWID`);
  const sent = db.prepare('INSERT OR IGNORE INTO account_transactions (sender, version) VALUES (?, ?)');
  for (const row of userRows) sent.run(Buffer.from(String(row['sender']).slice(2), 'hex'), row['version']);
  const balance = (
    storage: string,
    owner: string,
    asset: string,
    v: number,
    amount: string,
    validTo: number | null,
  ): Row => ({
    storage_id: storage,
    owner_address: owner,
    asset_type: asset,
    is_primary: 1,
    is_frozen: 0,
    amount,
    last_transaction_version: base + v,
    last_transaction_timestamp: `2024-01-01T00:00:${String(v).padStart(2, '0')}`,
    token_standard: asset === APT ? 'v1' : 'v2',
    [VALID_TO_COLUMN]: validTo === null ? null : base + validTo,
  });
  insert(db, table('current_fungible_asset_balances'), [
    ...ALICE_APT.map(([v, amount, to]) => balance('0xa1', ALICE, APT, v, amount, to)),
    balance('0xa2', ALICE, USDC, 20, '5', null),
    balance('0xb1', BOB, APT, 4, '99', null),
  ]);
  insert(db, table('fungible_asset_metadata'), [
    {
      asset_type: APT,
      creator_address: '0x1',
      name: 'Aptos Coin',
      symbol: 'APT',
      decimals: 8,
      last_transaction_version: base,
      last_transaction_timestamp: '2024-01-01T00:00:00',
      token_standard: 'v1',
      [VALID_TO_COLUMN]: null,
    },
    {
      asset_type: USDC,
      creator_address: BOB,
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      last_transaction_version: base + 15,
      last_transaction_timestamp: '2024-01-01T00:00:15',
      token_standard: 'v2',
      [VALID_TO_COLUMN]: null,
    },
  ]);
  db.close();
}
