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
import { processSeed, statusRows } from './processors/process-transaction.ts';
import type { IndexerRow, IndexerRows, IndexerState } from './processors/processor-input.ts';
import { tableMetadataRow } from './processors/table-items.ts';
import { writtenKeys, type WrittenKey } from './processors/written-state.ts';
import { indexerTable } from './tables/index.ts';
import { NO_PROGRESS, type Progress } from '../snapshot/progress.ts';
import { seedVersion, transactionDeriver } from './derive-transactions.ts';
import { DERIVE_CHUNK, startDeriveHelper, type DeriveHelper } from './derive-thread.ts';

/** Receives the derived rows, batch by batch, in derivation order. */
export type IndexerSink = (rows: IndexerRows) => void;

/** Seed keys (deletions included) held to prime the state walk with all of them at once (state-walk.ts). */
const SEED_HELD = 90_000;

interface SeedBatch {
  readonly version: bigint;
  readonly ops: StoredWriteOp[];
}

/** The seed's current rows: per key the row of its newest write before the window, ascending by that version. */
export function seedRows(store: SnapshotStore, db: Database.Database, state: IndexerState, sink: IndexerSink): void {
  const seed = seedVersion(store);
  if (seed < 0n) return;
  const kept = new Map<string, Map<string, IndexerRow>>();
  const deriveBatch = (version: bigint, written: readonly WrittenKey[]): void => {
    if (written.length === 0) return;
    const usec = state.timestampUsec(version) ?? 0n;
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
  // A deleted key has no row; it is only told to the state (the walk then knows that key's value at the seed).
  const present = (written: WrittenKey[]): WrittenKey[] => written.filter((key) => key.op.value !== undefined);
  // The seed's batches are held (up to SEED_HELD keys) to prime the state with every key first, so the processors'
  // reads of keys the seed does not hold (a coin holder's primary store that was never created) need no read.
  // Past that, each batch is primed and processed as it comes, as the values as of the seed version.
  let held: SeedBatch[] | undefined = [];
  let heldKeys = 0;
  const flush = (version: bigint, ops: StoredWriteOp[]): void => {
    if (ops.length === 0) return;
    if (held !== undefined) {
      held.push({ version, ops });
      heldKeys += ops.length;
      if (heldKeys <= SEED_HELD) return;
      const batches = held;
      held = undefined;
      for (const batch of batches) flush(batch.version, batch.ops);
      return;
    }
    const written = writtenKeys(ops);
    state.prime?.(seed, written);
    deriveBatch(version, present(written));
  };
  // Keys the processors look at (resources and groups of accounts; table items have no current table).
  const statement = db.prepare(
    `SELECT s.state_key, s.version, s.value FROM state_values s
     WHERE s.version <= ? AND s.state_key < x'01' AND s.version = (SELECT max(version) FROM state_values p
       WHERE p.state_key = s.state_key AND p.version <= ?)
     ORDER BY s.version`,
  );
  let version = -1n;
  let ops: StoredWriteOp[] = [];
  for (const row of statement.iterate(seed, seed) as Iterable<{
    state_key: Uint8Array;
    version: number;
    value: Uint8Array | null;
  }>) {
    const at = BigInt(row.version);
    if (at !== version) {
      flush(version, ops);
      version = at;
      ops = [];
    }
    ops.push({ stateKey: row.state_key, value: row.value ?? undefined, existed: true });
  }
  flush(version, ops);
  if (held !== undefined) {
    const batches = held.map((batch) => ({ version: batch.version, written: writtenKeys(batch.ops) }));
    const all: WrittenKey[] = [];
    const from: bigint[] = [];
    for (const batch of batches)
      for (const key of batch.written) {
        all.push(key);
        from.push(batch.version);
      }
    state.prime?.(seed, all, from);
    for (const batch of batches) deriveBatch(batch.version, present(batch.written));
  }
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

/** Whether the helper thread derives the chunk at `index` (two of every three: the pass's thread also writes). */
function helperChunk(index: number): boolean {
  return index % 3 !== 0;
}

/** How a long derivation reports itself: the phase's name, told the transactions derived (progress.ts). */
export interface DeriveProgress {
  readonly progress: Progress;
  readonly phase: string;
}

/**
 * Derives every indexer row of the open snapshot `store` (whose connection is `db`) into `sink`. A transaction whose
 * stored data does not decode throws, unless `failed` takes the error (verify reports it and goes on without its rows).
 * `skipped`: log tables not derived (the writer's views of the file's own tables: process-transaction.ts).
 */
export function deriveIndexerRows(
  store: SnapshotStore,
  db: Database.Database,
  sink: IndexerSink,
  failed?: (version: bigint, error: unknown) => void,
  meter: DeriveProgress = { progress: NO_PROGRESS, phase: '' },
  skipped: ReadonlySet<string> = new Set(),
): void {
  const state = indexerState(store, db, !store.captured);
  const versions = db
    .prepare(
      'SELECT t.version FROM transactions t JOIN transaction_details d ON d.version = t.version ORDER BY t.version',
    )
    .pluck();
  // Read first: the sink writes on this connection, which an open iteration would keep busy.
  const all = versions.all() as number[];
  // Chunks of transactions; two of every three go to the helper thread when one can run (derive-thread.ts): this
  // thread also derives the seed and writes every row.
  const chunks: number[][] = [];
  for (let at = 0; at < all.length; at += DERIVE_CHUNK) chunks.push(all.slice(at, at + DERIVE_CHUNK));
  // The helper reads on a connection of its own: safe beside a read-only one, or in WAL mode beside this writer.
  const shared = db.readonly || String(db.pragma('journal_mode', { simple: true })) === 'wal';
  const helper: DeriveHelper | undefined =
    chunks.length < 2 || !shared
      ? undefined
      : startDeriveHelper(
          db.name,
          store.meta,
          chunks.filter((_, i) => helperChunk(i)),
          [...skipped],
        );
  try {
    seedRows(store, db, state, sink);
    const derive = transactionDeriver(store, db, state, skipped);
    meter.progress.phase(meter.phase, all.length, 'transactions');
    let done = 0;
    for (const [index, chunk] of chunks.entries()) {
      meter.progress.update(done);
      if (helper !== undefined && helperChunk(index)) {
        for (const item of helper.next()) {
          if ('rows' in item) sink(item.rows);
          else if (failed === undefined) throw Object.assign(new Error(item.error.message), { name: item.error.name });
          else failed(BigInt(item.version), Object.assign(new Error(item.error.message), { name: item.error.name }));
        }
      } else {
        for (const raw of chunk) {
          const outcome = derive(raw);
          if (outcome === undefined) continue;
          if (outcome.rows !== undefined) sink(outcome.rows);
          else if (failed === undefined) throw outcome.error;
          else failed(BigInt(raw), outcome.error);
        }
      }
      done += chunk.length;
    }
    helper?.finish();
  } catch (error) {
    helper?.cancel();
    throw error;
  }
  meter.progress.update(all.length);
  const tables: IndexerRows = new Map();
  for (const info of store.listTables(undefined, Number.MAX_SAFE_INTEGER)) tableMetadataRow(info.handle, info, tables);
  sink(tables);
  const latest = store.meta.latestVersion;
  sink(statusRows(latest, state.timestampUsec(latest) ?? 0n, store.meta.chainId));
}
