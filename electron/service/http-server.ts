/**
 * The node:http adapter of the headless `serve` command: IncomingMessage → fetch `Request`,
 * `Response` → ServerResponse. It refuses a `Host` that is not the bound address (DNS-rebinding
 * defence, 403), stops reading bodies over 8 MiB (413), and closes gracefully.
 * Errors are the API's error record, with the ledger headers when the handler can supply them.
 */
import { createServer, STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorRecord, type ErrorCode } from './http-errors.ts';
import { JSON_CONTENT_TYPE } from './content-negotiation.ts';
import { formatHostForUrl, isAllowedHost } from './host-check.ts';
import { MAX_BODY_BYTES } from './request-body.ts';

/** A fetch-style handler, optionally able to build error responses with the ledger headers. */
export interface HttpHandler {
  (request: Request): Promise<Response>;
  readonly errorResponse?: (status: number, errorCode: ErrorCode, message: string) => Response;
}

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  readonly handler: HttpHandler;
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

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length', 'expect']);
const FORCE_CLOSE_AFTER_MS = 5000;

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

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
async function sendParserError(socket: Duplex, error: NodeJS.ErrnoException, build: (status: number, message: string) => Response): Promise<void> {
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
  const response = build(status, `the HTTP request could not be parsed (${error.code ?? 'parse error'}): ${STATUS_CODES[status] ?? 'Bad Request'}`);
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`Content-Length: ${body.length}`, 'Connection: close', '', '');
  if (socket.writable && !pending()) socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]));
  else socket.destroy();
}

async function send(res: ServerResponse, response: Response, closing: boolean): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader('Content-Length', String(body.length));
  if (closing) res.setHeader('Connection', 'close');
  res.end(body);
}

/** Starts the HTTP server; resolves once it listens. */
export function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { handler } = options;
  const host = options.host ?? '127.0.0.1';
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  let boundPort = options.port;
  let closing = false;

  const errorResponse = (status: number, code: ErrorCode, message: string, extra: Record<string, string> = {}): Response => {
    const base = handler.errorResponse?.(status, code, message) ?? new Response(JSON.stringify(errorRecord(message, code)), { status });
    const headers = new Headers(base.headers);
    headers.set('Content-Type', JSON_CONTENT_TYPE);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(base.body, { status, headers });
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isAllowedHost(req.headers.host, host, boundPort)) {
      const message = `Host header "${req.headers.host ?? ''}" is not allowed: this server answers only to ${formatHostForUrl(host)} (DNS-rebinding protection)`;
      await send(res, errorResponse(403, 'web_framework_error', message), closing);
      return;
    }
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      body = await readBody(req, limit);
      if (body === undefined) {
        res.once('finish', () => req.socket.destroy());
        await send(res, errorResponse(413, 'web_framework_error', `payload too large: request bodies are limited to ${limit} bytes`), true);
        return;
      }
    }
    let request: Request;
    try {
      const url = new URL(req.url ?? '/', `http://${formatHostForUrl(host)}:${boundPort}`);
      request = new Request(url, { method, headers: toHeaders(req.headers), ...(body === undefined ? {} : { body: new Uint8Array(body) }) });
    } catch {
      await send(res, errorResponse(405, 'web_framework_error', 'method not allowed', { Allow: 'GET, HEAD, POST' }), closing);
      return;
    }
    let response: Response;
    try {
      response = await handler(request);
    } catch (error) {
      response = errorResponse(500, 'internal_error', `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
    await send(res, response, closing);
  };

  const server = createServer((req, res) => {
    serve(req, res).catch(() => {
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    sendParserError(socket, error, (status, message) => errorResponse(status, 'web_framework_error', message)).catch(() => socket.destroy());
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
