/**
 * `ledger-explorer serve` as a real process under hostile conditions: with `--max-connections 4`,
 * four clients whose requests are refused and who then never close their side do not lock a fifth
 * client out; and a snapshot file copied over while served is answered 503 until the original is back.
 */
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';
import { CLI_PATH } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();
const snapshot = join(dir, 'served.db');

/** Starts `serve` and resolves with its URL and a stop function once it listens. */
function serve(args: readonly string[]): Promise<{ url: URL; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(output);
      if (match?.[1]) resolve({ url: new URL(match[1]), stop: () => (child.kill('SIGTERM'), exited) });
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${errors}`)));
  });
}

/** A client that sends `payload` and never closes its side (it does not answer the server's FIN). */
function holdingClient(url: URL, payload: string): Promise<{ socket: Socket; ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true }, () => {
      socket.write(payload);
      const ended = new Promise<string>((done) =>
        socket.once('end', () => done(Buffer.concat(chunks).toString('latin1'))),
      );
      resolve({ socket, ended });
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

describe('serve against hostile clients and a changing file', () => {
  let served: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    copyFileSync(fixturePath('small'), snapshot);
    served = await serve(['--snapshot', snapshot, '--port', '0', '--max-connections', '4']);
  });
  afterAll(async () => {
    expect(await served?.stop()).toBe(0);
  });

  it('--max-connections 4: four refused clients that never close do not lock out a fifth', async () => {
    const host = served.url.host;
    const payloads = [
      `BREW /v1 HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      `GET /v1 HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`,
      `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    ];
    const clients = await Promise.all(payloads.map((payload) => holdingClient(served.url, payload)));
    const replies = await Promise.all(clients.map(({ ended }) => ended));
    expect(replies.map((reply) => reply.slice(0, 12))).toEqual([
      'HTTP/1.1 400',
      'HTTP/1.1 405',
      'HTTP/1.1 431',
      'HTTP/1.1 405',
    ]);
    // The hostile clients keep their sockets; the server has dropped its side, so a new client gets a slot.
    for (const { socket } of clients) expect(socket.destroyed).toBe(false);
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      status = await fetch(new URL('/v1', served.url)).then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    for (const { socket } of clients) socket.destroy();
  });

  it('a snapshot copied over while served: 503 saying so; the original back: served again', async () => {
    const before = await fetch(new URL('/v1', served.url));
    expect(before.status).toBe(200);
    const original = await before.text();
    copyFileSync(fixturePath('main'), snapshot);
    const changed = await fetch(new URL('/v1', served.url));
    expect(changed.status).toBe(503);
    expect(((await changed.json()) as { message: string }).message).toMatch(/served\.db changed on disk/);
    copyFileSync(fixturePath('small'), snapshot);
    const after = await fetch(new URL('/v1', served.url));
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(original);
  });
});
