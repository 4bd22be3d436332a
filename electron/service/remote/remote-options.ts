/**
 * Options of the remote-node source and their defaults. Timeouts and retries are bounded so a slow
 * or failing node costs the UI a few seconds and one clear error record, never a hang.
 */
import type { ResponseCacheOptions } from '../response-cache.ts';
import type { CaptureTarget } from '../capture/capture-target.ts';
import { FairQueue } from './fair-queue.ts';
import { UPSTREAM_BUDGET, type ByteBudget } from './upstream-budget.ts';

/** Options of {@link createRemoteService} (remote-service.ts). */
export interface RemoteServiceOptions {
  /** The node's API base URL, ending in `/v1` (see `resolveNodeUrl`). */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <key>` on every request to the node. */
  readonly apiKey?: string | undefined;
  /** Profile name (`mainnet`…) shown by `/explorer/v1/source`; default the URL's host. */
  readonly profileName?: string | undefined;
  /** The indexer's GraphQL URL that `/v1/graphql` is forwarded to (indexer-proxy.ts); none: that route says so. */
  readonly indexerUrl?: string | undefined;
  /** Time until the node's response headers arrive (connection included). Default 5 s. */
  readonly connectTimeoutMs?: number | undefined;
  /** Time for a whole answer, body included. Default 30 s. */
  readonly totalTimeoutMs?: number | undefined;
  /** Retries after the first attempt (GET, HEAD and the two table POSTs only). Default 2. */
  readonly maxRetries?: number | undefined;
  /** First backoff delay; doubles per retry. Default 250 ms. */
  readonly retryBaseDelayMs?: number | undefined;
  /** A `Retry-After` longer than this is not waited for: the 429 becomes a 503 at once. Default 10 s. */
  readonly maxRetryAfterMs?: number | undefined;
  /** Largest body accepted from the node (after decompression). Default 32 MiB. */
  readonly maxBodyBytes?: number | undefined;
  /** Cache of answers pinned to a `ledger_version`, or `false` for none. Default 2,048 entries / 32 MiB. */
  readonly cache?: ResponseCacheOptions | false | undefined;
  /** Where `POST /explorer/v1/capture` writes; without it the route answers 403. */
  readonly capture?: CaptureTarget | undefined;
  /** Aborting it cancels every request in flight and stops retries (e.g. Ctrl-C during a capture). */
  readonly signal?: AbortSignal | undefined;
  /** The bound on answer bytes read at once; default the process-wide {@link UPSTREAM_BUDGET} (128 MiB). */
  readonly budget?: ByteBudget | undefined;
  /** Most requests in flight to the node at once (`serve --max-in-flight`). Default {@link DEFAULT_MAX_IN_FLIGHT}. */
  readonly maxInFlight?: number | undefined;
  /** Most requests waiting for their turn; more are refused at once (503). Default {@link DEFAULT_MAX_QUEUED}. */
  readonly maxQueued?: number | undefined;
}

/** The options with every default filled in. */
export interface RemoteSettings {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly name: string;
  readonly connectTimeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly maxRetries: number;
  readonly retryBaseDelayMs: number;
  readonly maxRetryAfterMs: number;
  readonly maxBodyBytes: number;
  readonly signal: AbortSignal | undefined;
  readonly budget: ByteBudget;
  /** The fair queue in front of the node: every request to it takes a slot (fetchUpstream). */
  readonly queue: FairQueue;
}

/**
 * Default bound on requests in flight to the node. A browser tab opens at most 6 connections per host and one
 * UI view asks a handful of reads at once, so a few users fit without waiting; a node on loopback is kept
 * busy by far fewer (docs/benchmarks.md: 200 clients get the same throughput as with no bound), and over
 * the internet 16 × (one answer per round trip) is still hundreds of reads a second. More would only move the
 * queue into the node's and the network's buffers, where it is neither fair nor bounded in time.
 */
export const DEFAULT_MAX_IN_FLIGHT = 16;
/** Default bound on waiting requests: twice the HTTP server's default connection limit (each holds one). */
export const DEFAULT_MAX_QUEUED = 512;

/** Default limits of the pinned-answer cache. */
export const DEFAULT_REMOTE_CACHE: ResponseCacheOptions = { maxEntries: 2048, maxBytes: 32 * 1024 * 1024 };

/** Fills in the defaults; the base URL loses trailing slashes. */
export function remoteSettings(options: RemoteServiceOptions): RemoteSettings {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return {
    baseUrl,
    apiKey: options.apiKey === '' ? undefined : options.apiKey,
    name: options.profileName ?? new URL(baseUrl).host,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    totalTimeoutMs: options.totalTimeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 2,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 250,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 10_000,
    maxBodyBytes: options.maxBodyBytes ?? 32 * 1024 * 1024,
    signal: options.signal,
    budget: options.budget ?? UPSTREAM_BUDGET,
    queue: new FairQueue({
      maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
      maxQueued: options.maxQueued ?? DEFAULT_MAX_QUEUED,
    }),
  };
}
