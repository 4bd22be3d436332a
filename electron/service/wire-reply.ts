/**
 * The wire form of a service reply on node:http: its body bytes and its headers as one flat list, encoded once for
 * replies a reply cache holds and not kept for the others; and the one `writeHead` + `end` that sends it
 * (electron/service/http-server.ts).
 */
import type { ServerResponse } from 'node:http';
import { bodyBytes } from './http-raw-replies.ts';
import { isHeldReply } from './response-cache.ts';
import type { ServiceReply } from './service-reply.ts';

/**
 * The body bytes of a reply to keep with it. A text body gets a buffer of its own: a small
 * `Buffer.from(text)` is a slice of a shared 8 KiB pool, and a cached reply would pin the whole slab.
 */
function wireBody(reply: ServiceReply): Buffer {
  if (typeof reply.body !== 'string') return bodyBytes(reply);
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(reply.body, 'utf8'));
  bytes.write(reply.body, 'utf8');
  return bytes;
}

/** The wire form of a reply: body bytes and its headers as a flat list with the length. */
export interface WireReply {
  readonly body: Buffer;
  readonly head: readonly string[];
}

/** Wire forms of replies the service hands out more than once (cached replies): encoded once. */
const wireForms = new WeakMap<ServiceReply, WireReply>();

/** The headers of a reply as a flat list (no per-header calls in writeHead), `Content-Length` (`length`) last. */
function headWithLength(reply: ServiceReply, length: number): string[] {
  const head: string[] = [];
  for (const [name, value] of reply.headers) head.push(name, value);
  head.push('Content-Length', String(length));
  return head;
}

/**
 * The wire form of `reply`, made once per reply and kept as long as the reply lives (a cached
 * reply keeps it; the reply cache counts it). Exported for the cache-accounting test.
 */
export function wireFormOf(reply: ServiceReply): WireReply {
  let wire = wireForms.get(reply);
  if (!wire) {
    const body = wireBody(reply);
    wire = { body, head: headWithLength(reply, body.length) };
    wireForms.set(reply, wire);
  }
  return wire;
}

/**
 * Writes a reply in one `writeHead` (headers as a flat list: no per-header calls). For HEAD the
 * reply is GET's: node:http drops the body itself and keeps the explicit `Content-Length`.
 *
 * A reply sent once (not held by a reply cache) keeps nothing: a text body goes to `end` as text, so node:http joins
 * it to the head and the socket encodes both in one write, with no buffer made for it here. `Buffer.from` of each
 * uncached body (a fresh 8 KiB pool slab every few small replies, an unpooled copy of each large one) was measured
 * beside it in paired rounds (docs/benchmarks.md, issue 24); a weakly mapped copy in a buffer of its own cost more.
 */
export function sendReply(res: ServerResponse, reply: ServiceReply, closing: boolean): void {
  let body: Buffer | string;
  let head: readonly string[];
  if (isHeldReply(reply)) ({ body, head } = wireFormOf(reply));
  else if (typeof reply.body === 'string') {
    body = reply.body;
    head = headWithLength(reply, Buffer.byteLength(body, 'utf8'));
  } else {
    body = bodyBytes(reply);
    head = headWithLength(reply, body.length);
  }
  res.writeHead(reply.status, closing ? [...head, 'Connection', 'close'] : (head as string[]));
  res.end(body);
}
