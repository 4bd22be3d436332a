/**
 * Replies the headless HTTP adapter writes on a raw socket, where node:http gives no
 * ServerResponse: requests its parser refuses (unknown method, oversized head, malformed framing,
 * head timeout) and CONNECT. Each is the error record with the ledger headers, then the connection
 * is destroyed once the reply is flushed (or after a short grace): a socket that was only ended stays
 * half-open for as long as the client keeps its side, outside every Node timeout, and a few such clients
 * would hold every connection slot for ever.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { cutBodyRead } from './http-request-body.ts';
import { destroySoon } from './http-socket-cleanup.ts';
import type { ServiceReply } from './service-reply.ts';

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
export function sendParserError(
  socket: Duplex,
  error: NodeJS.ErrnoException,
  build: (status: number, message: string) => ServiceReply,
): void {
  const pending = (): ServerResponse | null | undefined =>
    (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  const inFlight = pending();
  if (inFlight) {
    // The pending request is still sending its body: nothing more will arrive. A request timeout
    // gets its 408 from the body reader; any other error (reset, half-close) ends the read, and the
    // socket goes now — waiting for the response would keep it (and the partial body) forever.
    const req = inFlight.req as IncomingMessage | undefined;
    if (req && !req.complete) {
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && !inFlight.headersSent && cutBodyRead(req, 'timeout')) return;
      cutBodyRead(req, 'aborted');
      socket.destroy();
      return;
    }
    inFlight.once('close', () => socket.destroy());
    return;
  }
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = PARSER_ERROR_STATUS[error.code ?? ''] ?? 400;
  const reply = build(
    status,
    `the HTTP request could not be parsed (${error.code ?? 'parse error'}): ${STATUS_CODES[status] ?? 'Bad Request'}`,
  );
  if (socket.writable && !pending()) writeRawReply(socket, reply);
  else socket.destroy();
}

/** Writes a whole reply on a raw socket (no ServerResponse exists for it), then destroys the connection. */
export function writeRawReply(socket: Duplex, reply: ServiceReply): void {
  const body = bodyBytes(reply);
  const lines = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}`];
  for (const [name, value] of reply.headers) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${body.length}`, 'Connection: close', '', '');
  // Read and drop whatever the client still sends: unread bytes at close would turn the FIN into a reset
  // that can discard the reply before the client reads it.
  socket.resume();
  destroySoon(socket, (done) => socket.end(Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]), done));
}

/** The body of a reply as bytes (a view of byte bodies, UTF-8 of text). */
export function bodyBytes(reply: ServiceReply): Buffer {
  if (reply.body === null) return Buffer.alloc(0);
  if (typeof reply.body === 'string') return Buffer.from(reply.body, 'utf8');
  return Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength);
}
