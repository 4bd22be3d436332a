/**
 * The indexer pass's step for one transaction (derive-tables.ts): its stored row, events and write set read from
 * the file, run through every processor, one row per key kept in each current table. Shared by the pass's own
 * thread and its helper thread (derive-thread-entry.ts), which derive alternate ranges of versions alike.
 */
import type Database from 'better-sqlite3';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import type { StoredTransactionEvent, StoredWriteOp } from '../snapshot/ledger-store.ts';
import { storedEvent, type EventRowData } from '../snapshot/transaction-reads.ts';
import { currentKey } from './indexer-storage.ts';
import { processTransaction } from './processors/process-transaction.ts';
import type { IndexerRow, IndexerRows, IndexerState } from './processors/processor-input.ts';
import { indexerTable } from './tables/index.ts';

/** Versions whose write sets one read of a generated file's state rows brings (derivation runs in version order). */
export const WRITE_SET_RANGE = 512;

interface WriteRow {
  readonly version: number;
  readonly state_key: Uint8Array;
  readonly value: Uint8Array | null;
}

/** The outcome of one transaction: its rows, nothing (the file has no such transaction), or the processors' error. */
export type DerivedTransaction =
  | { readonly rows: IndexerRows; readonly error?: undefined }
  | { readonly rows?: undefined; readonly error: unknown }
  | undefined;

/** The last version before the retained window (a capture: its own version), the version the seed is read at. */
export function seedVersion(store: SnapshotStore): bigint {
  return store.captured ? store.meta.latestVersion : store.meta.oldestVersion - 1n;
}

/** Keeps, per current table, one row per key (the last), in the order of their first appearance. */
export function onePerKey(rows: IndexerRows): IndexerRows {
  for (const [name, list] of rows) {
    const table = indexerTable(name);
    if (table?.history.kind !== 'current' || list.length < 2) continue;
    const byKey = new Map<string, IndexerRow>();
    for (const row of list) byKey.set(currentKey(table, row), row);
    if (byKey.size !== list.length) rows.set(name, [...byKey.values()]);
  }
  return rows;
}

/**
 * A function deriving the rows of the transaction at a version, over the open snapshot `store` (connection `db`)
 * and its state reads `state`; versions are asked in ascending order (write sets are read a range at a time). A
 * transaction whose stored data does not read throws; the processors' error is returned as `error`. `skipped`: log
 * tables not derived (process-transaction.ts).
 */
export function transactionDeriver(
  store: SnapshotStore,
  db: Database.Database,
  state: IndexerState,
  skipped?: ReadonlySet<string>,
): (version: number) => DerivedTransaction {
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
  let rangeStart = -1;
  let rangeEnd = -1;
  const writeSet = (version: bigint): readonly StoredWriteOp[] | undefined => {
    if (ownWrites === undefined) return store.writeSet(version);
    if (version < store.meta.oldestVersion) return undefined;
    const at = Number(version);
    if (at >= rangeEnd || at < rangeStart) {
      rangeStart = at;
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
  const eventsOf = rangedEvents(db, store);
  return (raw) => {
    const transaction = store.transaction(BigInt(raw));
    if (transaction === undefined) return undefined;
    let epoch = epochs.get(transaction.blockHeight);
    if (epoch === undefined) {
      epoch = BigInt((epochOf.get(transaction.blockHeight) as number | undefined) ?? 0);
      epochs.set(transaction.blockHeight, epoch);
    }
    const input = {
      transaction,
      epoch,
      events: eventsOf(transaction.version),
      writeSet: writeSet(transaction.version),
    };
    try {
      return { rows: onePerKey(processTransaction(input, state, transaction.version > seed, skipped)) };
    } catch (error) {
      return { error };
    }
  };
}

interface EventRow extends EventRowData {
  readonly version: number;
}

/**
 * A transaction's events as the store's `transactionEvents` reads them (handle and module events by event index),
 * read WRITE_SET_RANGE versions at a time for a generated or upgraded file (one statement run per table and range
 * instead of one per version); a capture's through the store.
 */
function rangedEvents(
  db: Database.Database,
  store: SnapshotStore,
): (version: bigint) => readonly StoredTransactionEvent[] {
  if (store.captured) return (version) => store.transactionEvents(version);
  const handle = db.prepare(
    `SELECT version, event_index, address, creation_number, sequence_number, type_tag, data FROM events
     INDEXED BY events_by_version WHERE version >= ? AND version < ?`,
  );
  const module = db.prepare(
    `SELECT version, event_index, NULL AS address, NULL AS creation_number, NULL AS sequence_number, type_tag, data
     FROM module_events WHERE version >= ? AND version < ?`,
  );
  let ranged = new Map<number, StoredTransactionEvent[]>();
  let rangeStart = -1;
  let rangeEnd = -1;
  const none: readonly StoredTransactionEvent[] = [];
  return (version) => {
    const at = Number(version);
    if (at >= rangeEnd || at < rangeStart) {
      rangeStart = at;
      rangeEnd = at + WRITE_SET_RANGE;
      ranged = new Map();
      for (const statement of [handle, module])
        for (const row of statement.all(rangeStart, rangeEnd) as EventRow[]) {
          const event = storedEvent(row);
          const list = ranged.get(row.version);
          if (list === undefined) ranged.set(row.version, [event]);
          else list.push(event);
        }
      for (const list of ranged.values()) list.sort((a, b) => a.index - b.index);
    }
    return ranged.get(at) ?? none;
  };
}
