/**
 * The indexer benchmark's data: a SQLite file of indexer tables (created with `indexerTableDdl` from the declarations
 * in electron/indexer/tables/) filled with synthetic rows at a realistic scale — accounts with long histories,
 * user transactions, fungible-asset balances with many states per store (`_valid_to` set as indexer-table.ts says)
 * — and the indexes the queries need. Deterministic (seeded), written once per run into a temporary folder.
 */
import Database from 'better-sqlite3';
import { indexerSqlTable, indexerTableDdl, VALID_TO_COLUMN } from '../../electron/indexer/indexer-table.ts';
import { INDEXER_TABLES } from '../../electron/indexer/tables/index.ts';

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

function insert(db: Database.Database, name: string, columns: readonly string[]): Database.Statement {
  const table = indexerSqlTable({ name });
  return db.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
}

/** Writes the data into a new file at `path`. */
export function writeIndexerBenchData(path: string, scale: BenchScale): void {
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  for (const table of INDEXER_TABLES) db.exec(indexerTableDdl(table));
  const next = random(7);
  const at = insert(db, 'account_transactions', ['account_address', 'transaction_version']);
  const ut = insert(db, 'user_transactions', [
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
  ]);
  const balance = insert(db, 'current_fungible_asset_balances', [
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
  ]);
  const metadata = insert(db, 'fungible_asset_metadata', [
    'asset_type',
    'creator_address',
    'name',
    'symbol',
    'decimals',
    'last_transaction_version',
    'last_transaction_timestamp',
    'token_standard',
    VALID_TO_COLUMN,
  ]);
  const timestamp = (v: number): string => new Date(Date.UTC(2024, 0, 1) + v * 250).toISOString().slice(0, 23);
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
  db.exec(`
    CREATE INDEX ix_account_transactions_by_account ON ix_account_transactions (account_address, transaction_version);
    CREATE UNIQUE INDEX ix_user_transactions_by_version ON ix_user_transactions (version);
    CREATE INDEX ix_cfab_by_owner ON ix_current_fungible_asset_balances (owner_address, last_transaction_version);
    CREATE INDEX ix_famd_by_asset ON ix_fungible_asset_metadata (asset_type, last_transaction_version);
    ANALYZE;
  `);
  db.close();
}
