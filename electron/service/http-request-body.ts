/**
 * Reading a request body in the headless HTTP adapter with bounded memory and time: at most
 * `limit` bytes are buffered, a body that stalls (no bytes for `stallMs`) is cut off, and a client
 * that disconnects or half-closes mid-body ends the read at once. Every outcome releases the
 * buffered chunks: a body never outlives its request.
 */
import type { IncomingMessage } from 'node:http';

/** How reading a body ended. */
export type BodyOutcome =
  | { readonly kind: 'complete'; readonly body: Buffer }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' };

/** Ends a pending body read from outside (the server's request timeout): the read resolves with `kind`. */
type BodyCutter = (kind: 'timeout' | 'aborted') => void;

/** Pending reads by request, so the server's `clientError` handler can end them. */
const pendingReads = new WeakMap<IncomingMessage, BodyCutter>();

/**
 * Ends the pending body read of `req`, if any; returns whether there was one. Used when Node's
 * own request timeout fires while the body is being read.
 */
export function cutBodyRead(req: IncomingMessage, kind: 'timeout' | 'aborted'): boolean {
  const cut = pendingReads.get(req);
  if (!cut) return false;
  cut(kind);
  return true;
}

/** The body of a request that sent none (no `data` before `end`). */
const NO_BODY = Buffer.alloc(0);

/**
 * Reads the body of `req`: complete, over `limit` (declared or streamed), stalled for `stallMs`, or aborted.
 *
 * One timer per read, pushed back on each chunk (`refresh`), and a body that came in one chunk (a small POST, such as
 * a table item's key) is that chunk: a fresh timer per chunk and a copy of every body were measured as part of what a
 * POST costs over a bare server (docs/benchmarks.md, issue 24).
 */
export function readRequestBody(req: IncomingMessage, limit: number, stallMs: number): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      resolve({ kind: 'too_large' });
      return;
    }
    let first: Buffer | undefined;
    let chunks: Buffer[] | undefined;
    let total = 0;
    const settle = (outcome: BodyOutcome): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAborted);
      req.off('close', onAborted);
      pendingReads.delete(req);
      // Drop the partial body now: the request object may live on until its socket is gone.
      first = undefined;
      chunks = undefined;
      // Stop reading a body we no longer want (the socket is closed after the reply).
      if (outcome.kind !== 'complete') req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > limit) {
        settle({ kind: 'too_large' });
        return;
      }
      if (first === undefined) first = chunk;
      else (chunks ??= [first]).push(chunk);
      timer.refresh();
    };
    const onEnd = (): void =>
      settle({ kind: 'complete', body: chunks ? Buffer.concat(chunks, total) : (first ?? NO_BODY) });
    // An error on the request (reset, half-close mid-body) or a close before `end`: the client is gone.
    const onAborted = (): void => settle({ kind: 'aborted' });
    const timer = setTimeout(() => settle({ kind: 'timeout' }), stallMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAborted);
    req.on('close', onAborted);
    pendingReads.set(req, (kind) => settle({ kind }));
  });
}
