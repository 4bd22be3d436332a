/**
 * The service's own request and reply shapes. Routes work on these plain values; the fetch-style
 * handler converts them from and to `Request`/`Response`, and the headless HTTP adapter feeds them
 * straight from node:http, so the hot path builds no fetch objects (measured: they were a large
 * share of a request's cost under load).
 */
import type { HeaderEntry } from './ledger-headers.ts';

/** A request as the routes see it. */
export interface ServiceRequest {
  readonly method: string;
  readonly url: URL;
  /** Case-insensitive header lookup, `null` when absent (as `Headers.get`). */
  header(name: string): string | null;
  /** The whole body (empty when there is none). */
  body(): Promise<Uint8Array>;
  /** Who sent it (the HTTP adapter: address and connection), the key of fair queuing; absent in-process. */
  readonly client?: RequestClient | undefined;
  /** Aborts when the client goes away before its reply (the HTTP adapter); absent in-process. */
  readonly signal?: AbortSignal | undefined;
}

/** The sender of a request: its network address and its connection on it (e.g. the remote port). */
export interface RequestClient {
  readonly address: string;
  readonly connection: string;
}

/** A complete reply: status, headers in order, and the body (text is sent as UTF-8). */
export interface ServiceReply {
  readonly status: number;
  readonly headers: readonly HeaderEntry[];
  readonly body: string | Uint8Array | null;
}

/** A {@link ServiceRequest} over a fetch `Request`. */
export function serviceRequestOf(request: Request): ServiceRequest {
  // A fetch body can be read once; the cache key and the route may both need it.
  let body: Promise<Uint8Array> | undefined;
  return {
    method: request.method,
    url: new URL(request.url),
    header: (name) => request.headers.get(name),
    body: () => (body ??= request.arrayBuffer().then((buffer) => new Uint8Array(buffer))),
  };
}

/** The fetch `Response` of a reply (`HEAD` replies carry no body). */
export function responseOf(reply: ServiceReply): Response {
  const headers = new Headers();
  for (const [name, value] of reply.headers) headers.append(name, value);
  // Copy bytes into a fresh ArrayBuffer: stored values may be views into larger buffers.
  const body = reply.body instanceof Uint8Array ? new Uint8Array(reply.body) : reply.body;
  return new Response(body, { status: reply.status, headers });
}

/** The same reply without its body (for `HEAD`). */
export function withoutBody(reply: ServiceReply): ServiceReply {
  return { status: reply.status, headers: reply.headers, body: null };
}
