/**
 * The indexer pass's helper thread (issues 25 and 29): deriving a transaction's rows needs only the file and reads
 * as of its version, never another transaction's rows, so the pass (derive-tables.ts) splits the transactions into
 * chunks of {@link DERIVE_CHUNK} and a worker with its own read-only connection (derive-thread-entry.ts) derives two
 * of every three while the pass's thread derives the rest (and writes); the pass takes the helper's chunks in their
 * turn, so the rows reach the sink in the same order as from one thread. The helper stays at most
 * {@link CHUNKS_AHEAD} chunks ahead (memory stays flat), and closes its connection before it says it is done (a
 * writer may then leave WAL mode).
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { SnapshotMeta } from '../snapshot/open-snapshot.ts';
import type { IndexerRows } from './processors/processor-input.ts';

/** Transactions per chunk (a multiple of the write-set range read at once, derive-transactions.ts). */
export const DERIVE_CHUNK = 512;
/** Chunks the helper may have derived that the pass has not taken yet. */
export const CHUNKS_AHEAD = 4;
/** How often a waiting thread looks again (a wait ends early on every signal). */
const POLL_MS = 100;
/**
 * `1`: derive in one thread; `2`: always with the helper; unset: with the helper when a core is free (the rows are the
 * same either way; benchmarks compare).
 */
export const DERIVE_THREADS_ENV = 'LEDGER_EXPLORER_INDEXER_THREADS';

/**
 * Whether a second core is free for the helper: measured on this shared 2-core machine at load 12–22, the helper
 * cost 10–14% more CPU for the pass (since the state walk, state-walk.ts, which each thread restarts at each of its
 * chunks, about 40%) and saved no wall time (docs/benchmarks.md, "Indexer tables"), so it runs only when the last
 * minute's load average leaves a core idle, or when asked.
 */
export function helperWanted(): boolean {
  const asked = process.env[DERIVE_THREADS_ENV];
  if (asked === '1') return false;
  if (asked === '2') return true;
  return availableParallelism() >= 2 && (loadavg()[0] ?? 0) <= availableParallelism() - 1;
}

/** The shared words: chunks posted, chunks taken, and whether the helper failed. */
export const DERIVE_SLOT = { posted: 0, taken: 1, failed: 2 } as const;
/** Bytes of the shared words. */
export const DERIVE_SHARED_BYTES = 3 * Int32Array.BYTES_PER_ELEMENT;

/** What the helper starts with (`workerData`, with its port). */
export interface DeriveThreadInit {
  readonly path: string;
  readonly meta: SnapshotMeta;
  readonly shared: SharedArrayBuffer;
  /** The versions of each chunk the helper derives, in order. */
  readonly chunks: readonly (readonly number[])[];
  /** Log tables not derived (process-transaction.ts). */
  readonly skipped: readonly string[];
}

/** One transaction's outcome as the helper sends it: its rows, or the processors' error message. */
export type HelperItem =
  | { readonly version: number; readonly rows: IndexerRows }
  | { readonly version: number; readonly error: { readonly name: string; readonly message: string } };

/** What the helper posts: a chunk's outcomes, its end (connection closed), or its failure. */
export type HelperMessage =
  | { readonly kind: 'chunk'; readonly items: readonly HelperItem[] }
  | { readonly kind: 'done' }
  | { readonly kind: 'error'; readonly name: string; readonly message: string; readonly code: string | undefined };

const ENTRY = new URL('./derive-thread-entry.ts', import.meta.url);

/** The helper as the pass sees it. */
export interface DeriveHelper {
  /** The next chunk's outcomes (waits for it); throws the helper's failure. */
  next(): readonly HelperItem[];
  /** Waits until the helper has closed its connection, then ends it. */
  finish(): void;
  /** Ends the helper at once (the pass failed). */
  cancel(): void;
}

/**
 * Starts a helper deriving `chunks` of the snapshot at `path` (whose meta is `meta`); undefined when none can run:
 * no file (an in-memory database), no entry beside this module (a bundle), or not wanted ({@link helperWanted}).
 */
export function startDeriveHelper(
  path: string,
  meta: SnapshotMeta,
  chunks: readonly (readonly number[])[],
  skipped: readonly string[] = [],
): DeriveHelper | undefined {
  if (chunks.length === 0 || !helperWanted()) return undefined;
  if (path === '' || path === ':memory:' || !existsSync(path)) return undefined;
  if (ENTRY.protocol !== 'file:' || !existsSync(fileURLToPath(ENTRY))) return undefined;
  const shared = new SharedArrayBuffer(DERIVE_SHARED_BYTES);
  const slots = new Int32Array(shared);
  const { port1, port2 } = new MessageChannel();
  const init: DeriveThreadInit & { port: MessagePort } = { path, meta, shared, chunks, skipped, port: port2 };
  const worker = new Worker(ENTRY, { workerData: init, transferList: [port2] });
  // Failures come back through the port (derive-thread-entry.ts); this keeps one that escapes from ending the process.
  worker.on('error', () => undefined);
  worker.unref();
  const close = (): void => {
    port1.close();
    void worker.terminate();
  };
  const receive = (): HelperMessage => {
    for (;;) {
      const seen = Atomics.load(slots, DERIVE_SLOT.posted);
      const message = receiveMessageOnPort(port1)?.message as HelperMessage | undefined;
      if (message !== undefined) return message;
      if (Atomics.load(slots, DERIVE_SLOT.failed) !== 0) {
        // Its failure is posted before the flag is set: one more look finds it.
        const late = receiveMessageOnPort(port1)?.message as HelperMessage | undefined;
        return (
          late ?? { kind: 'error', name: 'Error', message: 'the indexer derivation thread failed', code: undefined }
        );
      }
      Atomics.wait(slots, DERIVE_SLOT.posted, seen, POLL_MS);
    }
  };
  const failure = (message: Extract<HelperMessage, { kind: 'error' }>): Error => {
    close();
    const error = new Error(message.message);
    error.name = message.name;
    if (message.code !== undefined) Object.assign(error, { code: message.code });
    return error;
  };
  return {
    next() {
      const message = receive();
      if (message.kind === 'error') throw failure(message);
      if (message.kind !== 'chunk') {
        close();
        throw new Error('the indexer derivation thread ended before its last chunk');
      }
      Atomics.add(slots, DERIVE_SLOT.taken, 1);
      Atomics.notify(slots, DERIVE_SLOT.taken);
      return message.items;
    },
    finish() {
      const message = receive();
      if (message.kind === 'error') throw failure(message);
      close();
    },
    cancel: close,
  };
}
