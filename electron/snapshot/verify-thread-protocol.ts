/**
 * What `snapshot verify` and its indexer check's thread (verify-thread.ts, verify-thread-entry.ts) tell each other: one
 * reply by a port read synchronously, and shared 32-bit words — the status, a counter bumped when it settles, and how
 * far the derivation has come out of how many transactions.
 */

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

/** The thread's one reply: the indexer check's problems (in order) and figures, or its failure. */
export type VerifyThreadReply =
  | { readonly kind: 'done'; readonly problems: readonly string[]; readonly checked: Readonly<Record<string, number>> }
  | { readonly kind: 'error'; readonly name: string; readonly message: string; readonly code: string | undefined };
