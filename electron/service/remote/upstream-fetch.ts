/**
 * One request to the remote node, with what makes it safe to depend on: a timeout until the
 * response headers (connection included) and a total one, a cap on the body read (the stream is
 * cancelled past it, so a huge answer never sits in memory) and a process-wide budget of bytes being
 * read (upstream-budget.ts), uncompressed answers asked for, redirects refused (never followed to
 * another host), and bounded retries with exponential
 * backoff on network errors, 429 (honouring `Retry-After`) and 502/503/504 — only for requests
 * that are safe to repeat (GET, HEAD, the two table-item POSTs). Every request first waits for its turn in
 * the source's fair queue (fair-queue.ts): at most `maxInFlight` are sent at once, and the wait counts against
 * the connect timeout, so a request is answered (or refused, early, as busy) within it either way.
 */
import type { QueueClient } from './fair-queue.ts';
import type { RemoteSettings } from './remote-options.ts';
import { FREE_BYTES_PER_ANSWER, type ByteBudget } from './upstream-budget.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/** What to send to the node. */
export interface UpstreamRequest {
  /** Any method but HEAD (a HEAD is sent as GET, so the reply keeps GET's length). */
  readonly method: string;
  readonly url: string;
  readonly accept: string | null;
  readonly contentType: string | null;
  readonly body: Uint8Array | undefined;
  /** Whether the request may be repeated after a failure. */
  readonly retryable: boolean;
  /** Who asked (the fairness key of the queue); absent: the in-process lane. */
  readonly client?: QueueClient | undefined;
  /** Aborted when nobody waits for the answer any more: leaves the queue, or cancels the request. */
  readonly signal?: AbortSignal | undefined;
}

/** The node's answer (any status), its body read in full. */
export interface UpstreamResponse {
  readonly kind: 'response';
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly body: Uint8Array;
  readonly attempts: number;
}

/** No usable answer: the cause, for the 503 error record. */
export interface UpstreamFailure {
  readonly kind: 'failure';
  readonly cause: string;
  /** 0 when the queue refused it (nothing was sent). */
  readonly attempts: number;
  /** Set when this server was too busy to send it (the node is not at fault): when to come back. */
  readonly retryAfterSeconds?: number | undefined;
}

/** Statuses worth another attempt. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

/** Why an attempt was aborted. */
class AttemptAbort extends Error {
  override readonly name = 'AttemptAbort';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (isDecimalText(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A one-line cause of a fetch error: undici hides the system error (ECONNREFUSED…) in `cause`. */
function describeFetchError(error: unknown): string {
  if (error instanceof AttemptAbort) return error.message;
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    if (cause && typeof cause === 'object') {
      const code = typeof cause.code === 'string' ? cause.code : undefined;
      const message = typeof cause.message === 'string' ? cause.message : undefined;
      if (code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)';
      if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
        return `the connection was closed before a complete answer (${code})`;
      if (code === 'ENOTFOUND') return 'the host name does not resolve (ENOTFOUND)';
      if (message !== undefined) return code === undefined ? message : `${message} (${code})`;
    }
    return error.message;
  }
  return String(error);
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Why an answer was refused before or while its body was read: not worth another attempt. */
function tooLarge(limit: number, declared?: number): AttemptAbort {
  return new AttemptAbort(
    `the answer is larger than the ${limit}-byte limit${declared === undefined ? '' : ` (Content-Length ${declared})`}`,
  );
}

function overBudget(budget: ByteBudget): AttemptAbort {
  const mib = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MiB`;
  return new AttemptAbort(
    `this server is already reading ${mib(budget.used)} of node answers at once ` +
      `(its limit is ${mib(budget.limit)}); try again shortly`,
  );
}

/**
 * Reads a body up to `limit` bytes into one buffer that grows in place (a resizable ArrayBuffer: pages
 * are committed as bytes arrive, no chunk list and no second full copy), charging the process-wide
 * budget for every byte past the free allowance. Cancels the stream and throws past either bound.
 */
async function readCapped(response: Response, limit: number, budget: ByteBudget): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? '');
  const known = response.headers.has('content-length') && Number.isFinite(declared);
  if (known && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(limit, declared);
  }
  // A declared length is taken from the budget at once, so concurrent large answers are admitted whole
  // or refused at once, rather than all growing together until none fits; others are charged as they grow.
  let charged = known ? Math.max(0, declared - FREE_BYTES_PER_ANSWER) : 0;
  if (charged > 0 && !budget.tryTake(charged)) {
    await response.body?.cancel().catch(() => undefined);
    throw overBudget(budget);
  }
  if (response.body === null) {
    budget.give(charged);
    return new Uint8Array(0);
  }
  const reader = response.body.getReader();
  const buffer = new ArrayBuffer(0, { maxByteLength: limit });
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const next = total + value.byteLength;
      if (next > limit) throw tooLarge(limit);
      const charge = Math.max(0, next - FREE_BYTES_PER_ANSWER) - charged;
      if (charge > 0) {
        if (!budget.tryTake(charge)) throw overBudget(budget);
        charged += charge;
      }
      buffer.resize(next);
      new Uint8Array(buffer, total, value.byteLength).set(value);
      total = next;
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    budget.give(charged);
  }
  // A fixed-length buffer for the rest of the service (web APIs refuse views of resizable ones); V8 moves
  // the pages rather than copying them.
  return new Uint8Array(buffer.transferToFixedLength(total));
}

/** The cause of a redirect refusal, naming where the node sent the request. */
function redirectCause(response: Response, url: string): string {
  const location = response.headers.get('location');
  let target = '(no Location header)';
  if (location !== null) {
    try {
      target = new URL(location, url).href;
    } catch {
      target = JSON.stringify(location.slice(0, 200));
    }
  }
  const label = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return `it answered ${label}, redirecting to ${target}; redirects from the node are not followed`;
}

type Attempt =
  | { readonly ok: true; readonly response: Omit<UpstreamResponse, 'attempts'> }
  | { readonly ok: false; readonly cause: string; readonly retry: boolean };

/**
 * One attempt. `waitedMs` (the first attempt's wait in the queue) is taken from its connect timeout: the
 * timeout runs from the request's arrival, not from its turn.
 */
async function attempt(request: UpstreamRequest, settings: RemoteSettings, waitedMs: number): Promise<Attempt> {
  const controller = new AbortController();
  const abort = (message: string) => () => controller.abort(new AttemptAbort(message));
  const total = setTimeout(
    abort(`no complete answer within ${seconds(settings.totalTimeoutMs)} (total timeout)`),
    settings.totalTimeoutMs,
  );
  const waited = waitedMs > 0 ? `, ${seconds(waitedMs)} of it waiting for a turn here` : '';
  const connect = setTimeout(
    abort(`no answer within ${seconds(settings.connectTimeoutMs)} (connect timeout${waited})`),
    Math.max(1, settings.connectTimeoutMs - waitedMs),
  );
  const stopped = abort('the request was cancelled');
  const signals = [settings.signal, request.signal].filter((signal) => signal !== undefined);
  if (signals.some((signal) => signal.aborted)) stopped();
  for (const signal of signals) signal.addEventListener('abort', stopped);
  // Uncompressed answers only: nothing to inflate, so the bytes read are the bytes sent (a node that
  // compresses anyway is still inflated by fetch, but every inflated byte counts against both bounds).
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (request.accept !== null) headers['accept'] = request.accept;
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  if (settings.apiKey !== undefined) headers['authorization'] = `Bearer ${settings.apiKey}`;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: new Uint8Array(request.body) }),
      signal: controller.signal,
      // A node answers its API itself: a redirect would send the request (a POST body, the API key's
      // bearer token) to another host or port, and pass that host's answer on as the node's.
      redirect: 'manual',
    });
    clearTimeout(connect);
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, cause: redirectCause(response, request.url), retry: false };
    }
    const body = await readCapped(response, settings.maxBodyBytes, settings.budget);
    return {
      ok: true,
      response: {
        kind: 'response',
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        body,
      },
    };
  } catch (error) {
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
    // A timeout has spent the time budget, and an oversized answer would come back the same: no retry.
    return { ok: false, cause: describeFetchError(reason), retry: !(reason instanceof AttemptAbort) };
  } finally {
    clearTimeout(connect);
    clearTimeout(total);
    for (const signal of signals) signal.removeEventListener('abort', stopped);
  }
}

/**
 * Sends a request to the node once its turn in the queue comes (holding the slot through its retries),
 * retrying where that is safe and useful. Refused by the queue: a failure with `retryAfterSeconds`.
 */
export async function fetchUpstream(
  request: UpstreamRequest,
  settings: RemoteSettings,
): Promise<UpstreamResponse | UpstreamFailure> {
  // Closing the source or the client going away both take the request out of the queue.
  const gone =
    request.signal && settings.signal
      ? AbortSignal.any([request.signal, settings.signal])
      : (request.signal ?? settings.signal);
  const admission = await settings.queue.enter(request.client, Date.now() + settings.connectTimeoutMs, gone);
  if (admission.kind === 'refused')
    return { kind: 'failure', cause: admission.message, attempts: 0, retryAfterSeconds: admission.retryAfterSeconds };
  try {
    return await attempts(request, settings, admission.waitedMs);
  } finally {
    admission.release();
  }
}

async function attempts(
  request: UpstreamRequest,
  settings: RemoteSettings,
  waitedMs: number,
): Promise<UpstreamResponse | UpstreamFailure> {
  const most = request.retryable ? settings.maxRetries + 1 : 1;
  for (let n = 1; ; n += 1) {
    const result = await attempt(request, settings, n === 1 ? waitedMs : 0);
    const backoff = settings.retryBaseDelayMs * 2 ** (n - 1);
    if (!result.ok) {
      if (!result.retry || n >= most || settings.signal?.aborted || request.signal?.aborted)
        return { kind: 'failure', cause: result.cause, attempts: n };
      await sleep(backoff);
      continue;
    }
    const { response } = result;
    if (!RETRY_STATUSES.has(response.status) || n >= most) return { ...response, attempts: n };
    const wait = retryAfterMs(response.headers.get('retry-after'));
    if (wait !== undefined && wait > settings.maxRetryAfterMs) return { ...response, attempts: n };
    await sleep(Math.max(wait ?? 0, backoff));
  }
}
