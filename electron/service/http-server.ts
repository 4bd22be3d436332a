/**
 * The node:http adapter of the headless `serve` command: IncomingMessage → {@link ServiceRequest},
 * {@link ServiceReply} → ServerResponse, through the read service's `serve` (no fetch objects per
 * request). It refuses a `Host` that is not the bound address (DNS-rebinding defence, 403), stops
 * reading bodies over 8 MiB (413), cuts off bodies that stall (408) and clients that leave mid-body,
 * bounds head and request times, idle connections and the number of connections, destroys every connection it
 * refuses once the refusal is out (so clients that never close cannot hold the slots), and closes gracefully. Errors
 * it raises itself are the API's error record with the ledger headers (the service's `errorReply`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from './http-errors.ts';
import { JSON_CONTENT_TYPE } from './content-negotiation.ts';
import { formatHostForUrl, isAllowedHost } from './host-check.ts';
import { MAX_BODY_BYTES } from './request-body.ts';
import { readRequestBody } from './http-request-body.ts';
import { HttpServiceRequest } from './http-service-request.ts';
import { sendParserError, writeRawReply } from './http-raw-replies.ts';
import { destroyAfterReply, sweepIdleSockets } from './http-socket-cleanup.ts';
import type { HeaderEntry } from './ledger-headers.ts';
import type { ReadServiceHandler } from './read-service.ts';
import type { ServiceReply } from './service-reply.ts';
import { sendReply } from './wire-reply.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { quoteInput } from '../../shared/quote-input.ts';

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  readonly handler: ReadServiceHandler;
  /** Address to bind; default `127.0.0.1`. */
  readonly host?: string;
  /** Port to bind; 0 picks a free one. */
  readonly port: number;
  /** Largest accepted request body in bytes; default 8 MiB. */
  readonly maxBodyBytes?: number;
  /** Most open connections; more are refused (closed at once). Default {@link DEFAULT_MAX_CONNECTIONS}. */
  readonly maxConnections?: number;
  /** A body with no bytes for this long is cut off with 408; default 30 s. */
  readonly bodyTimeoutMs?: number;
  /** Time allowed for a request head; default 30 s (408, connection closed). */
  readonly headersTimeoutMs?: number;
  /** Time allowed for a whole request, head and body; default 120 s (408, connection closed). */
  readonly requestTimeoutMs?: number;
  /**
   * A connection with no bytes either way for this long is destroyed, whatever its state (waiting for a
   * head, a reply the client does not read, a raw refusal); default {@link DEFAULT_IDLE_TIMEOUT_MS}, never
   * below the request timeout.
   */
  readonly idleTimeoutMs?: number;
}

/**
 * Default bound on open connections. Each may buffer a body of up to 8 MiB, so 256 connections
 * bound buffered bodies to 2 GiB in the worst case; a team sharing one server opens far fewer.
 */
export const DEFAULT_MAX_CONNECTIONS = 256;
/** Default stall limit of a request body. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 30_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
/**
 * Default idle limit of a connection: above the longest a reply can take to start (a remote node's
 * three 30 s attempts with backoff, about 110 s), so only sockets nobody uses any more hit it.
 */
export const DEFAULT_IDLE_TIMEOUT_MS = 180_000;

/** A running server. */
export interface RunningHttpServer {
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  /** Stops accepting, lets in-flight requests finish, ends keep-alive sockets. */
  close(): Promise<void>;
  /** Number of open connections (for monitoring and tests). */
  connections(): Promise<number>;
}

const FORCE_CLOSE_AFTER_MS = 5000;
/** The body of a request without one (GET, HEAD): never written to. */
const NO_BODY = new Uint8Array(0);
/**
 * Methods a fetch `Request` cannot carry: answered 405 here, as the in-process fetch handler would
 * (fetch also forbids TRACK, but Node's HTTP parser refuses that method before any handler runs).
 */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE']);

/**
 * The URL of a request target. An origin-form target (`/…`) is appended to the server's origin as
 * text, so a target starting with `//` stays a path (`new URL('//foo/v1', base)` would read `foo`
 * as a host and re-root the path). Other targets (absolute form) are parsed on their own.
 */
function requestUrl(target: string, origin: string): URL {
  return new URL(target.startsWith('/') ? `${origin}${target}` : target);
}

/** Starts the HTTP server; resolves once it listens. */
export function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { handler } = options;
  const host = options.host ?? '127.0.0.1';
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const headersTimeoutMs = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeoutMs = Math.max(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs);
  const idleTimeoutMs = Math.max(options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, requestTimeoutMs);
  let boundPort = options.port;
  let origin = `http://${formatHostForUrl(host)}:${boundPort}`;
  let closing = false;
  // The last Host header found allowed: every request of a client repeats the same one, so it is parsed once.
  let allowedHost: string | undefined;

  const errorResponse = (
    status: number,
    code: ErrorCode,
    message: string,
    extra: readonly HeaderEntry[] = [],
  ): ServiceReply => {
    const base = handler.errorReply(status, code, message);
    const headers: HeaderEntry[] = [['Content-Type', JSON_CONTENT_TYPE]];
    headers.push(...base.headers.filter(([name]) => name.toLowerCase() !== 'content-type'));
    headers.push(...extra);
    return { status, headers, body: base.body };
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const hostHeader = req.headers.host;
    if (hostHeader === undefined || hostHeader !== allowedHost) {
      if (!isAllowedHost(hostHeader, host, boundPort)) {
        const message =
          `Host header "${quoteInput(hostHeader ?? '')}" is not allowed: this server ` +
          `answers only to ${formatHostForUrl(host)} (DNS-rebinding protection)`;
        sendReply(res, errorResponse(403, 'web_framework_error', message), closing);
        return;
      }
      allowedHost = hostHeader;
    }
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const outcome = await readRequestBody(req, limit, bodyTimeoutMs);
      switch (outcome.kind) {
        case 'complete':
          body = outcome.body;
          break;
        case 'aborted':
          req.socket.destroy();
          return;
        case 'too_large':
          destroyAfterReply(res, req.socket);
          sendReply(
            res,
            errorResponse(
              413,
              'web_framework_error',
              `payload too large: request bodies are limited to ${limit} bytes`,
            ),
            true,
          );
          return;
        case 'timeout':
          destroyAfterReply(res, req.socket);
          sendReply(
            res,
            errorResponse(
              408,
              'web_framework_error',
              'request timeout: the request body stalled or took too long (no ' +
                `bytes for ${bodyTimeoutMs} ms, or over ${requestTimeoutMs} ms in all)`,
            ),
            true,
          );
          return;
        default:
          assertNever(outcome);
      }
    }
    let url: URL;
    try {
      url = requestUrl(req.url ?? '/', origin);
    } catch {
      sendReply(res, errorResponse(400, 'web_framework_error', 'the request target is not a valid URL'), closing);
      return;
    }
    if (FETCH_FORBIDDEN_METHODS.has(method)) {
      sendReply(
        res,
        errorResponse(405, 'web_framework_error', 'method not allowed', [['Allow', 'GET, HEAD, POST']]),
        closing,
      );
      return;
    }
    let reply: ServiceReply;
    try {
      const bytes = body === undefined ? NO_BODY : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      reply = await handler.serve(new HttpServiceRequest(req, res, method, url, bytes));
    } catch (error) {
      reply = errorResponse(
        500,
        'internal_error',
        `Internal error: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    sendReply(res, reply, closing);
  };

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // How often Node checks those two timeouts: a fraction of the shorter, so they fire close to on time.
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(headersTimeoutMs / 4))),
    },
    (req, res) => {
      serve(req, res).catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    },
  );
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const stopIdleSweep = sweepIdleSockets(server, idleTimeoutMs);
  server.once('close', stopIdleSweep);
  // node:http hands CONNECT to this event instead of the request handler (and drops the socket
  // when nobody listens): answer it like any other method a fetch Request cannot carry.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    try {
      writeRawReply(
        socket,
        errorResponse(405, 'web_framework_error', 'method not allowed', [['Allow', 'GET, HEAD, POST']]),
      );
    } catch {
      socket.destroy();
    }
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    try {
      sendParserError(socket, error, (status, message) => errorResponse(status, 'web_framework_error', message));
    } catch {
      socket.destroy();
    }
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      const address = server.address();
      boundPort = typeof address === 'object' && address !== null ? address.port : options.port;
      origin = `http://${formatHostForUrl(host)}:${boundPort}`;
      allowedHost = undefined;
      const close = (): Promise<void> =>
        new Promise<void>((done) => {
          closing = true;
          const timer = setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
          timer.unref();
          server.close(() => {
            clearTimeout(timer);
            done();
          });
          server.closeIdleConnections();
        });
      const connections = (): Promise<number> =>
        new Promise((done, fail) => server.getConnections((error, count) => (error ? fail(error) : done(count))));
      resolve({ url: `http://${formatHostForUrl(host)}:${boundPort}`, close, connections });
    });
  });
}
