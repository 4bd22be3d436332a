/**
 * How the indexer tables live in a snapshot file (format v4, docs/snapshot-format.md "Indexer tables"): one
 * `ix_<name>` table or view per electron/indexer/tables/ entry (indexer-table.ts's DDL, indexer-views.ts), the indexes
 * the GraphQL queries and the explorer's assets lookup need (on the stored, coded columns: indexer-codecs.ts), and the
 * row encoding (booleans 0/1, numbers as INTEGER, decimals as text).
 */
import type Database from 'better-sqlite3';
import { indexerSqlTable, indexerTableDdl, VALID_TO_COLUMN, type IndexerTable } from './indexer-table.ts';
import type { IndexerRow, IndexerValue } from './processors/processor-input.ts';
import { INDEXER_TABLES } from './tables/index.ts';
import { indexerViewSql, storageTable } from './indexer-views.ts';
import { INDEXER_FORMAT_VERSION } from '../snapshot/schema.ts';
import { hexForm, STRINGS_TABLE, type Interner } from './indexer-codecs.ts';
import { WRITE_SET_KEYS_VIEW, writeSetKeysSql, writeSetSource } from './table-item-view.ts';

/**
 * Indexes by table: an account's history newest first, an owner's holdings and objects, an asset's holders, a
 * token's owners, each by version (as of V). Not `(key, _valid_to)`: filtered by an interned id (a subquery,
 * electron/indexer/graphql/sql-coded.ts), SQLite's plan for `_valid_to IS NULL OR _valid_to > V` over such an index
 * scanned the table (it does not carry a subquery's value into the OR's branches).
 */
const INDEXES: Readonly<Record<string, readonly string[]>> = {
  account_transactions: ['account_address, transaction_version DESC'],
  signatures: ['transaction_version'],
  events: ['transaction_version, event_index'],
  fungible_asset_activities: ['owner_address, transaction_version DESC', 'transaction_version, event_index'],
  current_fungible_asset_balances: [
    'owner_address, asset_type, last_transaction_version',
    'storage_id, last_transaction_version',
    'asset_type, last_transaction_version',
  ],
  fungible_asset_metadata: ['asset_type, last_transaction_version'],
  current_objects: ['owner_address, last_transaction_version', 'object_address, last_transaction_version'],
  current_token_ownerships_v2: ['owner_address, last_transaction_version', 'token_data_id, last_transaction_version'],
  current_token_datas_v2: ['token_data_id, last_transaction_version', 'collection_id'],
  current_collections_v2: ['collection_id, last_transaction_version', 'creator_address'],
  token_activities_v2: ['token_data_id, transaction_version DESC', 'transaction_version, event_index'],
  table_metadatas: ['handle'],
};

/** `CREATE INDEX` statements of every indexer table. */
export function indexerIndexSql(): string[] {
  const statements: string[] = [];
  for (const table of INDEXER_TABLES) {
    const stored = storageTable(table);
    if (stored === undefined) continue;
    (INDEXES[table.name] ?? []).forEach((columns, i) => {
      statements.push(`CREATE INDEX IF NOT EXISTS "${stored}_${i}" ON "${stored}" (${columns})`);
    });
  }
  return statements;
}

/**
 * Creates every indexer table (empty, without indexes: those come after the rows, cheaper in bulk), and the views
 * of those served as views (indexer-views.ts).
 */
export function createIndexerTables(db: Database.Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${STRINGS_TABLE} (id INTEGER PRIMARY KEY, value UNIQUE)`);
  const source = writeSetSource(db);
  db.exec(`CREATE VIEW IF NOT EXISTS ${WRITE_SET_KEYS_VIEW} AS ${writeSetKeysSql(source)}`);
  for (const table of INDEXER_TABLES) {
    const stored = storageTable(table);
    if (stored !== undefined) db.exec(indexerTableDdl(table, stored));
    const view = indexerViewSql(table, source);
    if (view !== undefined) db.exec(`CREATE VIEW IF NOT EXISTS "${indexerSqlTable(table)}" AS ${view}`);
  }
}

/**
 * The interner of a connection writing indexer rows: each distinct text gets one `ix_strings` row (its `hex` form,
 * indexer-codecs.ts), created here if missing; texts the file already holds keep their ids.
 */
export function createInterner(db: Database.Database): Interner {
  db.exec(`CREATE TABLE IF NOT EXISTS ${STRINGS_TABLE} (id INTEGER PRIMARY KEY, value UNIQUE)`);
  const ids = new Map<string, number>();
  let next = 1;
  for (const { id, value } of db.prepare(`SELECT id, value FROM ${STRINGS_TABLE}`).all() as {
    id: number;
    value: string | Buffer;
  }[]) {
    ids.set(typeof value === 'string' ? value : `0x${value.toString('hex')}`, id);
    next = Math.max(next, id + 1);
  }
  const insert = db.prepare(`INSERT INTO ${STRINGS_TABLE} (id, value) VALUES (?, ?)`);
  return (text) => {
    let id = ids.get(text);
    if (id === undefined) {
      id = next;
      next += 1;
      insert.run(id, hexForm(text));
      ids.set(text, id);
    }
    return id;
  };
}

/**
 * Whether the file holds the indexer tables as this build reads them (format v4, `PRAGMA user_version`; each a table
 * or a view). A format v3 file holds them as text, without the coded columns the GraphQL layer filters on.
 */
export function hasIndexerTables(db: Database.Database): boolean {
  if (Number(db.pragma('user_version', { simple: true })) < INDEXER_FORMAT_VERSION) return false;
  const names = new Set(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name LIKE 'ix\\_%' ESCAPE '\\'")
      .pluck()
      .all() as string[],
  );
  return INDEXER_TABLES.every((table) => names.has(indexerSqlTable(table)));
}

/** The names of the tables missing from a file that should hold them, for a clear refusal. */
export function missingIndexerTables(db: Database.Database): string[] {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?").pluck();
  return INDEXER_TABLES.map(indexerSqlTable).filter((name) => exists.get(name) === undefined);
}

/** A row's value as SQLite stores it. */
export function storedValue(value: IndexerValue | undefined): string | number | bigint | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** The stored values of `row` in the table's column order (a missing column is NULL). */
export function storedRow(table: IndexerTable, row: IndexerRow): (string | number | bigint | null)[] {
  return table.columns.map((column) => storedValue(row[column.name]));
}

/** The key text of a `current` table's row (its key columns joined), for chaining `_valid_to`. */
export function currentKey(table: IndexerTable, row: IndexerRow): string {
  if (table.history.kind !== 'current') return '';
  const { key } = table.history;
  if (key.length === 1) return String(row[key[0] as string] ?? '');
  return key.map((column) => String(row[column] ?? '')).join('\u0000');
}

/** The version of a row by its table's history (`static` rows: 0). */
export function rowVersion(table: IndexerTable, row: IndexerRow): bigint {
  if (table.history.kind === 'static') return 0n;
  const value = row[table.history.versionColumn];
  return typeof value === 'bigint' ? value : BigInt(Number(value ?? 0));
}

export { VALID_TO_COLUMN };
