/**
 * The indexer benchmark's data: a SQLite file of indexer tables (created with `indexerTableDdl` from the declarations
 * in electron/indexer/tables/) filled with synthetic rows at a realistic scale — accounts with long histories,
 * user transactions, fungible-asset balances with many states per store (`_valid_to` set as indexer-table.ts says)
 * — and the indexes the queries need. Deterministic (seeded), written once per run into a temporary folder.
 */
import Database from 'better-sqlite3';
import { indexerSqlTable, indexerTableDdl, VALID_TO_COLUMN } from '../../electron/indexer/indexer-table.ts';
import { createInterner, indexerIndexSql, storedRow } from '../../electron/indexer/indexer-storage.ts';
import { compactValues, storageTable, storedRowsViewSql } from '../../electron/indexer/indexer-views.ts';
import type { Interner } from '../../electron/indexer/indexer-codecs.ts';
import { indexerTimestamp } from '../../electron/indexer/processors/processor-input.ts';
import { INDEXER_TABLES, indexerTable } from '../../electron/indexer/tables/index.ts';

/** The scale of the data. */
export interface BenchScale {
  readonly versions: number;
  readonly accounts: number;
  readonly assets: number;
  /** Balance states per (owner, asset) store. */
  readonly statesPerStore: number;
}

/** The address of account `i`. */
export function accountAddress(i: number): string {
  return `0x${i.toString(16).padStart(64, '0')}`;
}

/** The asset type of asset `i` (0 is APT). */
export function assetType(i: number): string {
  return i === 0 ? '0x1::aptos_coin::AptosCoin' : `0x${(0xa000 + i).toString(16).padStart(64, '0')}`;
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The SQLite table holding the rows of `name`: the table itself, or the coded rows behind its view. */
function storedName(name: string): string {
  const table = indexerTable(name);
  if (table === undefined) throw new Error(`no table ${name}`);
  return storageTable(table) === indexerSqlTable(table) ? indexerSqlTable(table) : `${indexerSqlTable(table)}_stored`;
}

/**
 * Creates every table as a format v4 snapshot has it (coded rows behind a view: electron/indexer/indexer-views.ts),
 * `user_transactions` included (a snapshot's view of its transactions: here rows of their own).
 */
function createTables(db: Database.Database): void {
  for (const table of INDEXER_TABLES) {
    const stored = storedName(table.name);
    db.exec(indexerTableDdl(table, stored));
    if (stored !== indexerSqlTable(table))
      db.exec(`CREATE VIEW "${indexerSqlTable(table)}" AS ${storedRowsViewSql(table, stored)}`);
  }
  // The snapshot's own index of senders, which the GraphQL sender filter uses (indexer-views.ts `VIEW_LOOKUPS`).
  db.exec(
    'CREATE TABLE account_transactions (sender BLOB NOT NULL, version INTEGER NOT NULL, ' +
      'PRIMARY KEY (sender, version)) WITHOUT ROWID',
  );
}

/** A row inserter of table `name` taking the hosted text values of `columns`, stored as the writer stores them. */
function insert(
  db: Database.Database,
  name: string,
  columns: readonly string[],
  intern: Interner,
): { run: (...values: (string | number | null)[]) => void } {
  const table = indexerTable(name);
  if (table === undefined) throw new Error(`no table ${name}`);
  const names = table.columns.map((c) => `"${c.name}"`);
  if (table.history.kind === 'current') names.push(VALID_TO_COLUMN);
  const statement = db.prepare(
    `INSERT INTO "${storedName(name)}" (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  );
  return {
    run: (...values) => {
      const row = Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null]));
      const stored = compactValues(table, storedRow(table, row), intern);
      statement.run(table.history.kind === 'current' ? [...stored, row[VALID_TO_COLUMN] ?? null] : stored);
    },
  };
}

/** Writes the data into a new file at `path`. */
export function writeIndexerBenchData(path: string, scale: BenchScale): void {
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  createTables(db);
  const intern = createInterner(db);
  const next = random(7);
  const sent = db.prepare('INSERT OR IGNORE INTO account_transactions (sender, version) VALUES (?, ?)');
  const at = insert(db, 'account_transactions', ['account_address', 'transaction_version'], intern);
  const ut = insert(
    db,
    'user_transactions',
    [
      'version',
      'block_height',
      'parent_signature_type',
      'sender',
      'sequence_number',
      'max_gas_amount',
      'expiration_timestamp_secs',
      'gas_unit_price',
      'timestamp',
      'entry_function_id_str',
      'epoch',
    ],
    intern,
  );
  const balance = insert(
    db,
    'current_fungible_asset_balances',
    [
      'storage_id',
      'owner_address',
      'asset_type',
      'is_primary',
      'is_frozen',
      'amount',
      'last_transaction_version',
      'last_transaction_timestamp',
      'token_standard',
      VALID_TO_COLUMN,
    ],
    intern,
  );
  const metadata = insert(
    db,
    'fungible_asset_metadata',
    [
      'asset_type',
      'creator_address',
      'name',
      'symbol',
      'decimals',
      'last_transaction_version',
      'last_transaction_timestamp',
      'token_standard',
      VALID_TO_COLUMN,
    ],
    intern,
  );
  const timestamp = (v: number): string => indexerTimestamp(BigInt(Date.UTC(2024, 0, 1) + v * 250) * 1000n);
  db.transaction(() => {
    for (let v = 1; v <= scale.versions; v += 1) {
      const sender = Math.floor(next() * scale.accounts);
      const receiver = Math.floor(next() * scale.accounts);
      ut.run(
        v,
        Math.floor(v / 4),
        'ed25519_signature',
        accountAddress(sender),
        v,
        '2000',
        timestamp(v + 600),
        '100',
        timestamp(v),
        '0x1::aptos_account::transfer',
        1,
      );
      sent.run(Buffer.from(accountAddress(sender).slice(2), 'hex'), v);
      at.run(accountAddress(sender), v);
      if (receiver !== sender) at.run(accountAddress(receiver), v);
    }
    for (let a = 0; a < scale.assets; a += 1)
      metadata.run(assetType(a), '0x1', `Asset ${a}`, `A${a}`, 8, 0, timestamp(0), a === 0 ? 'v1' : 'v2', null);
    for (let owner = 0; owner < scale.accounts; owner += 1) {
      for (let a = 0; a < scale.assets; a += 1) {
        if (a > 0 && next() < 0.5) continue;
        const versions = Array.from(
          { length: scale.statesPerStore },
          () => 1 + Math.floor(next() * scale.versions),
        ).sort((x, y) => x - y);
        const unique = [...new Set(versions)];
        unique.forEach((v, i) => {
          const amount = BigInt(Math.floor(next() * 1e12)) * 1000n;
          balance.run(
            `0x${owner.toString(16)}s${a}`,
            accountAddress(owner),
            assetType(a),
            1,
            0,
            amount.toString(),
            v,
            timestamp(v),
            a === 0 ? 'v1' : 'v2',
            unique[i + 1] ?? null,
          );
        });
      }
    }
  })();
  // The snapshot's indexes (indexer-storage.ts), and the version key a view of the transactions has.
  for (const sql of indexerIndexSql()) db.exec(sql);
  db.exec('CREATE UNIQUE INDEX ix_user_transactions_by_version ON ix_user_transactions_stored (version); ANALYZE;');
  db.close();
}
