/**
 * The node:http adapter of the headless `serve` command: IncomingMessage → {@link ServiceRequest},
 * {@link ServiceReply} → ServerResponse, through the read service's `serve` (no fetch objects per
 * request). It refuses a `Host` that is not the bound address (DNS-rebinding defence, 403), stops
 * reading bodies over 8 MiB (413), and closes gracefully. Errors it raises itself are the API's
 * error record with the ledger headers (the service's `errorReply`).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from './http-errors.ts';
import { JSON_CONTENT_TYPE } from './content-negotiation.ts';
import { formatHostForUrl, isAllowedHost } from './host-check.ts';
import { MAX_BODY_BYTES } from './request-body.ts';
import type { HeaderEntry } from './ledger-headers.ts';
import type { ReadServiceHandler } from './read-service.ts';
import type { ServiceReply } from './service-reply.ts';

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  readonly handler: ReadServiceHandler;
  /** Address to bind; default `127.0.0.1`. */
  readonly host?: string;
  /** Port to bind; 0 picks a free one. */
  readonly port: number;
  /** Largest accepted request body in bytes; default 8 MiB. */
  readonly maxBodyBytes?: number;
}

/** A running server. */
export interface RunningHttpServer {
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  /** Stops accepting, lets in-flight requests finish, ends keep-alive sockets. */
  close(): Promise<void>;
}

const FORCE_CLOSE_AFTER_MS = 5000;
/** Methods a fetch `Request` cannot carry: answered 405 here, as the in-process fetch handler would. */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Reads a body up to `limit` bytes; stops reading and returns undefined past it. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > limit) {
        cleanup();
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Statuses for requests the HTTP parser refuses (as Node's own default answers); anything else is 400. */
const PARSER_ERROR_STATUS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Answers on the raw socket a request the HTTP parser refused (unknown method, head over Node's
 * header size limit, malformed framing), with the error record and the ledger headers like every
 * other response, then closes the connection. When an earlier request's response is still pending
 * on that socket, nothing is written (it would corrupt that response): the socket closes after it.
 */
function sendParserError(socket: Duplex, error: NodeJS.ErrnoException, build: (status: number, message: string) => ServiceReply): void {
  const pending = (): ServerResponse | null | undefined => (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  const inFlight = pending();
  if (inFlight) {
    inFlight.once('close', () => socket.destroy());
    return;
  }
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = PARSER_ERROR_STATUS[error.code ?? ''] ?? 400;
  const reply = build(status, `the HTTP request could not be parsed (${error.code ?? 'parse error'}): ${STATUS_CODES[status] ?? 'Bad Request'}`);
  const body = bodyBytes(reply);
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  for (const [name, value] of reply.headers) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${body.length}`, 'Connection: close', '', '');
  if (socket.writable && !pending()) socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
  else socket.destroy();
}

function bodyBytes(reply: ServiceReply): Buffer {
  if (reply.body === null) return Buffer.alloc(0);
  if (typeof reply.body === 'string') return Buffer.from(reply.body, 'utf8');
  return Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength);
}

/** The wire form of a reply: body bytes and its headers as a flat list with the length. */
interface WireReply {
  readonly body: Buffer;
  readonly head: readonly string[];
}

/** Wire forms of replies the service hands out more than once (cached replies): encoded once. */
const wireForms = new WeakMap<ServiceReply, WireReply>();

function wireFormOf(reply: ServiceReply): WireReply {
  let wire = wireForms.get(reply);
  if (!wire) {
    const body = bodyBytes(reply);
    const head: string[] = [];
    for (const [name, value] of reply.headers) head.push(name, value);
    head.push('Content-Length', String(body.length));
    wire = { body, head };
    wireForms.set(reply, wire);
  }
  return wire;
}

/**
 * Writes a reply in one `writeHead` (headers as a flat list: no per-header calls). For HEAD the
 * reply is GET's: node:http drops the body itself and keeps the explicit `Content-Length`.
 */
function send(res: ServerResponse, reply: ServiceReply, closing: boolean): void {
  const { body, head } = wireFormOf(reply);
  res.writeHead(reply.status, closing ? [...head, 'Connection', 'close'] : (head as string[]));
  res.end(body);
}

/** The header lookup of a node:http request, as `Headers.get` answers it. */
function headerOf(req: IncomingMessage): (name: string) => string | null {
  return (name) => {
    const value = req.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

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
  let boundPort = options.port;
  let closing = false;

  const errorResponse = (status: number, code: ErrorCode, message: string, extra: readonly HeaderEntry[] = []): ServiceReply => {
    const base = handler.errorReply(status, code, message);
    const headers: HeaderEntry[] = [['Content-Type', JSON_CONTENT_TYPE]];
    headers.push(...base.headers.filter(([name]) => name.toLowerCase() !== 'content-type'));
    headers.push(...extra);
    return { status, headers, body: base.body };
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isAllowedHost(req.headers.host, host, boundPort)) {
      const message = `Host header "${req.headers.host ?? ''}" is not allowed: this server answers only to ${formatHostForUrl(host)} (DNS-rebinding protection)`;
      send(res, errorResponse(403, 'web_framework_error', message), closing);
      return;
    }
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      body = await readBody(req, limit);
      if (body === undefined) {
        res.once('finish', () => req.socket.destroy());
        send(res, errorResponse(413, 'web_framework_error', `payload too large: request bodies are limited to ${limit} bytes`), true);
        return;
      }
    }
    let url: URL;
    try {
      url = requestUrl(req.url ?? '/', `http://${formatHostForUrl(host)}:${boundPort}`);
    } catch {
      send(res, errorResponse(400, 'web_framework_error', 'the request target is not a valid URL'), closing);
      return;
    }
    if (FETCH_FORBIDDEN_METHODS.has(method)) {
      send(res, errorResponse(405, 'web_framework_error', 'method not allowed', [['Allow', 'GET, HEAD, POST']]), closing);
      return;
    }
    let reply: ServiceReply;
    try {
      const bytes = body === undefined ? new Uint8Array(0) : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      reply = await handler.serve({ method, url, header: headerOf(req), body: async () => bytes });
    } catch (error) {
      reply = errorResponse(500, 'internal_error', `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
    send(res, reply, closing);
  };

  const server = createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
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
      resolve({ url: `http://${formatHostForUrl(host)}:${boundPort}`, close });
    });
  });
}
