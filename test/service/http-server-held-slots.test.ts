/**
 * Clients that hold connection slots: each gets refused (unparsable head, oversized head, CONNECT,
 * a head that never comes) or asks for replies it never reads, and then never closes its side. The
 * server must destroy such sockets itself — after the refusal is flushed, or after the idle limit —
 * so that with every slot of `maxConnections` taken by them, a new client is still served.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';
import type { ServerStats } from '../support/http-server-child.ts';
import { startServerChild, type ServerChild } from '../support/server-child-process.ts';

const SLOTS = 4;

/**
 * A client socket that never closes its side: `allowHalfOpen` keeps it from answering the server's
 * FIN with its own, as a hostile or broken client would. It reads (and keeps) what it receives.
 */
function holdingClient(url: URL, payload: string): Promise<{ socket: Socket; received: () => string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true }, () => {
      if (payload !== '') socket.write(payload);
      resolve({ socket, received: () => Buffer.concat(chunks).toString('latin1') });
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

/** Polls the child until its connection count is `target` (bounded), returning the last stats. */
async function settle(child: ServerChild, target: number): Promise<ServerStats> {
  let stats = await child.stats();
  for (let attempt = 0; attempt < 200 && stats.connections !== target; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    stats = await child.stats();
  }
  return stats;
}

/** Resolves once the server's side of `socket` has ended (its FIN arrived), or after `waitMs`. */
function serverEnded(socket: Socket, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.readableEnded) {
      resolve(true);
      return;
    }
    const timer = setTimeout(() => resolve(false), waitMs);
    socket.once('end', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('clients that never close', () => {
  let child: ServerChild;
  beforeAll(async () => {
    child = await startServerChild(fixturePath('small'), {
      maxConnections: SLOTS,
      headersTimeoutMs: 600,
      requestTimeoutMs: 1500,
      idleTimeoutMs: 1500,
    });
  });
  afterAll(async () => child?.stop());

  it('destroys every refused connection once its refusal is out, so a new client is served', async () => {
    const host = child.url.host;
    const payloads: readonly [string, number][] = [
      [`BREW /v1 HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 400],
      [`GET /v1 HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`, 431],
      [`CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 405],
      // Nothing at all: the head timeout answers 408.
      ['', 408],
    ];
    expect(payloads).toHaveLength(SLOTS);
    const clients = await Promise.all(payloads.map(([payload]) => holdingClient(child.url, payload)));
    const ended = await Promise.all(clients.map(({ socket }) => serverEnded(socket, 30_000)));
    expect(ended).toEqual(payloads.map(() => true));
    clients.forEach(({ received }, index) => {
      const text = received();
      expect(text.startsWith(`HTTP/1.1 ${payloads[index]![1]} `), text.slice(0, 80)).toBe(true);
      const record = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
      expect(record).toMatchObject({ error_code: 'web_framework_error', vm_error_code: null });
    });
    // The server's sockets are gone although no client closed its side.
    expect((await settle(child, 0)).connections).toBe(0);
    for (const { socket } of clients) expect(socket.destroyed).toBe(false);
    expect((await fetch(new URL('/v1', child.url))).status).toBe(200);
    for (const { socket } of clients) socket.destroy();
  });

  it('destroys connections that stop reading their replies once they are idle', async () => {
    // Pipelined requests whose replies are never read: the kernel buffers fill, the server's writes stall,
    // and only the idle limit can free the slot.
    const request = `GET /v1/accounts/0x1/modules HTTP/1.1\r\nHost: ${child.url.host}\r\n\r\n`;
    const clients = await Promise.all(
      Array.from({ length: SLOTS }, async () => {
        const client = await holdingClient(child.url, request.repeat(400));
        client.socket.pause();
        return client;
      }),
    );
    expect((await settle(child, SLOTS)).connections).toBe(SLOTS);
    expect((await settle(child, 0)).connections).toBe(0);
    expect((await fetch(new URL('/v1', child.url))).status).toBe(200);
    for (const { socket } of clients) socket.destroy();
  });
});
