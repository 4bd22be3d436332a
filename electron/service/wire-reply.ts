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

/** The headers of a reply with `body` as a flat list (no per-header calls in writeHead), `Content-Length` last. */
function wireHead(reply: ServiceReply, body: Buffer): string[] {
  const head: string[] = [];
  for (const [name, value] of reply.headers) head.push(name, value);
  head.push('Content-Length', String(body.length));
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
    wire = { body, head: wireHead(reply, body) };
    wireForms.set(reply, wire);
  }
  return wire;
}

/**
 * The wire form of a reply sent once (not held by a reply cache): a text body is encoded into Node's shared pool, as
 * any `res.end(text)` would be, and nothing is kept. Keeping a weakly mapped copy of every uncached reply in a buffer
 * of its own cost about a tenth of an uncached reply's CPU under load (docs/benchmarks.md, issue 24).
 */
function oneOffWireForm(reply: ServiceReply): WireReply {
  const body = bodyBytes(reply);
  return { body, head: wireHead(reply, body) };
}

/**
 * Writes a reply in one `writeHead` (headers as a flat list: no per-header calls). For HEAD the
 * reply is GET's: node:http drops the body itself and keeps the explicit `Content-Length`.
 */
export function sendReply(res: ServerResponse, reply: ServiceReply, closing: boolean): void {
  const { body, head } = isHeldReply(reply) ? wireFormOf(reply) : oneOffWireForm(reply);
  res.writeHead(reply.status, closing ? [...head, 'Connection', 'close'] : (head as string[]));
  res.end(body);
}
