/**
 * The pass that derives every indexer row of a snapshot from what it stores, in one deterministic order, for the
 * writer (generate and capture, before the file is renamed into place), `snapshot upgrade` and `snapshot verify`:
 *
 * 1. The seed: the state before the retained window (a pruned file keeps only each key's newest write there; a
 *    capture keeps only the state at its version), read as of its last version and stamped with each key's own
 *    write version, for the current tables.
 * 2. Every transaction the file holds in full, in version order: the log tables from its row and events (all of
 *    them), the current tables from its write set (only after the seed; the write set of a pruned version is gone).
 * 3. `table_metadatas` from `table_info`, then `processor_status` and `ledger_infos`.
 *
 * Within one transaction a current table keeps one row per key (the last derived).
 */
import type Database from 'better-sqlite3';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import type { StoredWriteOp } from '../snapshot/ledger-store.ts';
import { currentKey, rowVersion } from './indexer-storage.ts';
import { indexerState } from './indexer-state.ts';
import { processSeed, processTransaction, statusRows } from './processors/process-transaction.ts';
import type { IndexerRow, IndexerRows, IndexerState } from './processors/processor-input.ts';
import { tableMetadataRow } from './processors/table-items.ts';
import { writtenKeys } from './processors/written-state.ts';
import { indexerTable } from './tables/index.ts';
import { NO_PROGRESS, type Progress } from '../snapshot/progress.ts';

/** Versions whose write sets one read of a generated file's state rows brings (derivation runs in version order). */
const WRITE_SET_RANGE = 512;

interface WriteRow {
  readonly version: number;
  readonly state_key: Uint8Array;
  readonly value: Uint8Array | null;
}

/** Receives the derived rows, batch by batch, in derivation order. */
export type IndexerSink = (rows: IndexerRows) => void;

/** The version the seed is read at: the last version before the retained window (a capture: its own version). */
export function seedVersion(store: SnapshotStore): bigint {
  return store.captured ? store.meta.latestVersion : store.meta.oldestVersion - 1n;
}

/** Keeps, per current table, one row per key (the last), in the order of their first appearance. */
function onePerKey(rows: IndexerRows): IndexerRows {
  for (const [name, list] of rows) {
    const table = indexerTable(name);
    if (table?.history.kind !== 'current' || list.length < 2) continue;
    const byKey = new Map<string, IndexerRow>();
    for (const row of list) byKey.set(currentKey(table, row), row);
    if (byKey.size !== list.length) rows.set(name, [...byKey.values()]);
  }
  return rows;
}

/** The seed's current rows: per key the row of its newest write before the window, ascending by that version. */
function seedRows(store: SnapshotStore, db: Database.Database, state: IndexerState, sink: IndexerSink): void {
  const seed = seedVersion(store);
  if (seed < 0n) return;
  const kept = new Map<string, Map<string, IndexerRow>>();
  const flush = (version: bigint, ops: StoredWriteOp[]): void => {
    if (ops.length === 0) return;
    const usec = state.timestampUsec(version) ?? 0n;
    const written = writtenKeys(ops);
    // These are the keys' values as of the seed version, the version the seed's processors read at.
    state.prime?.(seed, written);
    const rows = processSeed(written, { row: version, read: seed }, state, usec);
    for (const [name, list] of rows) {
      const table = indexerTable(name);
      if (table === undefined) continue;
      let byKey = kept.get(name);
      if (byKey === undefined) kept.set(name, (byKey = new Map()));
      for (const row of list) {
        const key = currentKey(table, row);
        byKey.delete(key);
        byKey.set(key, row);
      }
    }
  };
  // Keys the processors look at (resources and groups of accounts; table items have no current table).
  const statement = db.prepare(
    `SELECT s.state_key, s.version, s.value FROM state_values s
     WHERE s.version <= ? AND s.state_key < x'01' AND s.version = (SELECT max(version) FROM state_values p
       WHERE p.state_key = s.state_key AND p.version <= ?) AND s.value IS NOT NULL
     ORDER BY s.version`,
  );
  let version = -1n;
  let ops: StoredWriteOp[] = [];
  for (const row of statement.iterate(seed, seed) as Iterable<{
    state_key: Uint8Array;
    version: number;
    value: Uint8Array;
  }>) {
    const at = BigInt(row.version);
    if (at !== version) {
      flush(version, ops);
      version = at;
      ops = [];
    }
    ops.push({ stateKey: row.state_key, value: row.value, existed: true });
  }
  flush(version, ops);
  const batch: IndexerRows = new Map();
  for (const [name, byKey] of kept) {
    const table = indexerTable(name);
    if (table === undefined) continue;
    batch.set(
      name,
      [...byKey.values()].sort((a, b) => Number(rowVersion(table, a) - rowVersion(table, b))),
    );
  }
  sink(batch);
}

/** How a long derivation reports itself: the phase's name, told the transactions derived (progress.ts). */
export interface DeriveProgress {
  readonly progress: Progress;
  readonly phase: string;
}

/**
 * Derives every indexer row of the open snapshot `store` (whose connection is `db`) into `sink`. A transaction whose
 * stored data does not decode throws, unless `failed` takes the error (verify reports it and goes on without its rows).
 */
export function deriveIndexerRows(
  store: SnapshotStore,
  db: Database.Database,
  sink: IndexerSink,
  failed?: (version: bigint, error: unknown) => void,
  meter: DeriveProgress = { progress: NO_PROGRESS, phase: '' },
): void {
  const state = indexerState(store, db, !store.captured);
  seedRows(store, db, state, sink);
  const seed = seedVersion(store);
  const epochOf = db.prepare('SELECT epoch FROM blocks WHERE height = ?').pluck();
  const epochs = new Map<bigint, bigint>();
  // A generated file's write set is its state rows at the version (what the store's writeSet reads, without telling
  // creations from modifications, which no processor needs); a capture's are its stored ones. They are read a range
  // of versions at a time (one statement run per WRITE_SET_RANGE versions instead of one per version).
  const ownWrites = store.captured
    ? undefined
    : db.prepare(
        'SELECT version, state_key, value FROM state_values INDEXED BY state_values_by_version ' +
          'WHERE version >= ? AND version < ? ORDER BY version, state_key',
      );
  let ranged = new Map<number, StoredWriteOp[]>();
  let rangeEnd = -1;
  const writeSet = (version: bigint): readonly StoredWriteOp[] | undefined => {
    if (ownWrites === undefined) return store.writeSet(version);
    if (version < store.meta.oldestVersion) return undefined;
    const at = Number(version);
    if (at >= rangeEnd) {
      rangeEnd = at + WRITE_SET_RANGE;
      ranged = new Map();
      for (const row of ownWrites.all(at, rangeEnd) as WriteRow[]) {
        const op = { stateKey: row.state_key, value: row.value ?? undefined, existed: true };
        const list = ranged.get(row.version);
        if (list === undefined) ranged.set(row.version, [op]);
        else list.push(op);
      }
    }
    return ranged.get(at) ?? [];
  };
  const versions = db
    .prepare(
      'SELECT t.version FROM transactions t JOIN transaction_details d ON d.version = t.version ORDER BY t.version',
    )
    .pluck();
  // Read first: the sink writes on this connection, which an open iteration would keep busy.
  const all = versions.all() as number[];
  meter.progress.phase(meter.phase, all.length, 'transactions');
  for (const [done, raw] of all.entries()) {
    meter.progress.update(done);
    const transaction = store.transaction(BigInt(raw));
    if (transaction === undefined) continue;
    let epoch = epochs.get(transaction.blockHeight);
    if (epoch === undefined) {
      epoch = BigInt((epochOf.get(transaction.blockHeight) as number | undefined) ?? 0);
      epochs.set(transaction.blockHeight, epoch);
    }
    const input = {
      transaction,
      epoch,
      events: store.transactionEvents(transaction.version),
      writeSet: writeSet(transaction.version),
    };
    let rows: IndexerRows;
    try {
      rows = processTransaction(input, state, transaction.version > seed);
    } catch (error) {
      if (failed === undefined) throw error;
      failed(transaction.version, error);
      continue;
    }
    sink(onePerKey(rows));
  }
  meter.progress.update(all.length);
  const tables: IndexerRows = new Map();
  for (const info of store.listTables(undefined, Number.MAX_SAFE_INTEGER)) tableMetadataRow(info.handle, info, tables);
  sink(tables);
  const latest = store.meta.latestVersion;
  sink(statusRows(latest, state.timestampUsec(latest) ?? 0n, store.meta.chainId));
}
