/**
 * What `snapshot verify` and its indexer check's thread (verify-thread.ts, verify-thread-entry.ts) tell each other:
 * the check's plan and one reply by a port read synchronously, and shared 32-bit words — the status, a counter bumped
 * when it settles, and how far the derivation has come (both threads count into it) out of how many transactions.
 */

import type { IndexerCheckPlan, PieceOutcome } from '../indexer/verify-indexer.ts';

/** The shared words. */
export const VERIFY_SLOT = { status: 0, signal: 1, done: 2, total: 3 } as const;

/** Bytes of the shared words. */
export const VERIFY_SHARED_BYTES = 4 * Int32Array.BYTES_PER_ELEMENT;

/** Values of the status word. */
export const VERIFY_STATUS = { running: 0, done: 1, failed: 2 } as const;

/** What the thread starts with (`workerData`, with the reply port). */
export interface VerifyThreadInit {
  readonly path: string;
  readonly shared: SharedArrayBuffer;
}

/**
 * What the thread posts: first the check's plan (electron/indexer/verify-plan.ts) with the words its pieces are
 * claimed by (one per piece: 0 free, else the claiming thread's {@link PIECE_OWNER}), when the file has indexer tables
 * to compare; then its one reply: the problems found before the pieces (tables missing), the outcomes of the pieces
 * it ran and the `_valid_to` problems — or its failure.
 */
export type VerifyThreadReply =
  | { readonly kind: 'plan'; readonly plan: IndexerCheckPlan; readonly owners: SharedArrayBuffer }
  | {
      readonly kind: 'done';
      readonly problems: readonly string[];
      readonly outcomes: readonly PieceOutcome[];
      readonly later: readonly string[];
    }
  | { readonly kind: 'error'; readonly name: string; readonly message: string; readonly code: string | undefined };

/** Who claimed a piece: the check's thread takes them from the first on, verify's own from the last back. */
export const PIECE_OWNER = { free: 0, thread: 1, verify: 2 } as const;
