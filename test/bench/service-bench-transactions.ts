/**
 * The transaction and block endpoints of the service benchmark (issue 16, item 7): a transaction by version (JSON and
 * BCS) and a block with its transactions, each over up to ROTATION versions or heights spread evenly over the
 * ledger, and for each request the bare SQL of the same read — the statements that return the rows the store reads
 * for it (the transaction row with its details, its write set, its events; for a block, its row and those of each
 * of its transactions) — so that the report can put the service's uncached cost beside what SQLite alone takes.
 */
import type Database from 'better-sqlite3';
import { plan } from '../../electron/snapshot/snapshot-queries.ts';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import type { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import type { BenchRequest } from './service-bench-load.ts';

/** Reads the bare SQL of one benchmarked request. */
export type BareSqlRead = () => unknown;

/** The bare SQL reads of an endpoint's requests (same order), prepared on an open read-only connection. */
export type BareSqlFactory = (db: Database.Database) => readonly BareSqlRead[];

/** A transaction or block endpoint with the bare SQL of each request. */
export interface SqlEndpoint {
  readonly id: string;
  readonly name: string;
  readonly requests: readonly BenchRequest[];
  readonly bareSql: BareSqlFactory;
}

/** `count` values spread evenly over `first..last` (inclusive), ascending, without repeats. */
function spread(first: bigint, last: bigint, count: number): bigint[] {
  const span = last - first + 1n;
  const n = span < BigInt(count) ? Number(span) : count;
  const out: bigint[] = [];
  for (let i = 0; i < n; i += 1) out.push(first + (span * BigInt(i)) / BigInt(n));
  return out;
}

const TRANSACTION_SQL = `SELECT t.*, d.state_change_hash, d.event_root_hash, d.state_checkpoint_hash,
    d.accumulator_root_hash, d.vm_status, d.expiration_timestamp_secs, d.payload, d.payload_bcs, d.signature,
    d.signature_kind, d.secondary_signers, d.fee_payer, d.kind_fields, d.write_set_size, d.event_count
  FROM transactions t LEFT JOIN transaction_details d ON d.version = t.version WHERE t.version = ?`;
const WRITE_SET_SQL = `SELECT s.state_key, s.value, (SELECT p.value IS NOT NULL FROM state_values p
    WHERE p.state_key = s.state_key AND p.version < s.version ORDER BY p.version DESC LIMIT 1) AS existed
  FROM state_values s INDEXED BY state_values_by_version WHERE s.version = ? ORDER BY s.state_key`;
const EVENTS_SQL = `SELECT event_index, address, creation_number, sequence_number, type_tag, data FROM events
    INDEXED BY events_by_version WHERE version = :version
  UNION ALL SELECT event_index, NULL, NULL, NULL, type_tag, data FROM module_events WHERE version = :version
  ORDER BY event_index`;
const BLOCK_SQL = 'SELECT * FROM blocks WHERE height = ?';

/** Prepared statements of one transaction's rows. */
function transactionReader(db: Database.Database): (version: bigint) => unknown[] {
  const transaction = db.prepare(plan(TRANSACTION_SQL));
  const writeSet = db.prepare(plan(WRITE_SET_SQL));
  const events = db.prepare(plan(EVENTS_SQL));
  return (version) => [transaction.get(version), writeSet.all(version), events.all({ version })];
}

/** The transaction and block endpoints over the snapshot read by `store`. */
export function transactionEndpoints(store: SnapshotStore, info: SnapshotInfo, rotation: number): SqlEndpoint[] {
  const versions = spread(BigInt(info.oldestVersion), BigInt(info.latestVersion), rotation);
  const bounds = store.database
    .prepare('SELECT min(height) AS lo, max(height) AS hi FROM blocks WHERE first_version >= ?')
    .get(info.oldestVersion) as { lo: number | null; hi: number | null };
  const heights =
    bounds.lo === null || bounds.hi === null ? [] : spread(BigInt(bounds.lo), BigInt(bounds.hi), rotation);
  const byVersion = (version: bigint): string => `/v1/transactions/by_version/${version}`;
  const transactionSql: BareSqlFactory = (db) => {
    const read = transactionReader(db);
    return versions.map((version) => () => read(version));
  };
  return [
    {
      id: 'transaction',
      name: 'transaction by version (`/v1/transactions/by_version/{v}`, JSON)',
      requests: versions.map((version) => ({ method: 'GET', path: byVersion(version) })),
      bareSql: transactionSql,
    },
    {
      id: 'transaction-bcs',
      name: 'transaction by version (`/v1/transactions/by_version/{v}`, BCS)',
      requests: versions.map((version) => ({
        method: 'GET',
        path: byVersion(version),
        headers: { Accept: 'application/x-bcs' },
      })),
      bareSql: transactionSql,
    },
    {
      id: 'block',
      name: 'block with its transactions (`/v1/blocks/by_height/{h}?with_transactions=true`, JSON)',
      requests: heights.map((height) => ({
        method: 'GET',
        path: `/v1/blocks/by_height/${height}?with_transactions=true`,
      })),
      bareSql: (db) => {
        const block = db.prepare(plan(BLOCK_SQL));
        const blockVersions = db.prepare(plan('SELECT first_version, last_version FROM blocks WHERE height = ?'));
        const read = transactionReader(db);
        return heights.map((height) => {
          const row = blockVersions.get(height) as { first_version: number; last_version: number };
          return () => {
            const rows: unknown[] = [block.get(height)];
            for (let v = BigInt(row.first_version); v <= BigInt(row.last_version); v += 1n) rows.push(read(v));
            return rows;
          };
        });
      },
    },
  ];
}
