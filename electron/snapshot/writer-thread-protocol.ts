/**
 * What the generator's thread and the writer thread (writer-thread.ts, writer-thread-entry.ts) tell each other:
 * requests by message, replies by a port the generator's thread reads synchronously, and a few shared 32-bit words
 * it waits on (`Atomics.wait`), so generating stays a synchronous call.
 */
import type { IndexerCounts } from '../indexer/indexer-writer.ts';
import type { SnapshotFormatVersion } from './schema.ts';
import type { SnapshotFinish } from './snapshot-rows.ts';

/**
 * The shared words: batches replayed so far, the thread's status, a counter bumped on every change, and how far the
 * current finishing phase has come (its units, see the `phase` reply).
 */
export const THREAD_SLOT = { processed: 0, status: 1, signal: 2, done: 3 } as const;

/** Bytes of the shared words. */
export const THREAD_SHARED_BYTES = 4 * Int32Array.BYTES_PER_ELEMENT;

/** Values of the status word. */
export const THREAD_STATUS = { starting: 0, ready: 1, failed: 2, finished: 3, aborted: 4 } as const;

/** What the writer thread starts with (`workerData`, with the reply port). */
export interface ThreadInit {
  readonly path: string;
  readonly format: SnapshotFormatVersion;
  readonly shared: SharedArrayBuffer;
}

/** A request to the writer thread. */
export type ThreadRequest =
  | { readonly kind: 'batch'; readonly buffer: ArrayBuffer }
  | { readonly kind: 'finish'; readonly finish: SnapshotFinish }
  | { readonly kind: 'abort' };

/** A reply of the writer thread. */
export type ThreadReply =
  | {
      readonly kind: 'phase';
      readonly what: string;
      readonly total: number | undefined;
      readonly unit: string | undefined;
      /**
       * The count the phase before this one ended at: the shared word is reset for the new phase, so the waiting
       * thread may never have read the last one (a derivation reported "done, 161 of 300").
       */
      readonly previousDone: number;
    }
  | {
      readonly kind: 'error';
      readonly name: string;
      readonly message: string;
      readonly code: string | undefined;
    }
  | {
      readonly kind: 'finished';
      readonly indexerCounts: IndexerCounts | undefined;
      readonly indexerCpuMs: number;
      readonly indexerWallMs: number;
    };
