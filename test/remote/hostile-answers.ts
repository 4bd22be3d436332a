/**
 * A node that answers every API request with something large, on 127.0.0.1, for the memory test and
 * benchmark of the remote source under many hostile answers at once. `GET /v1` is a normal ledger
 * answer; any other path answers by its `mode` query parameter: `sized` 31 MiB of JSON with a
 * Content-Length, `chunked` the same without one, `bomb` a gzip body of 64 KiB inflating to 64 MiB.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { NODE_LEDGER_HEADERS, sendJson } from './fake-node.ts';

const MIB = 1024 * 1024;
/** Size of a `sized` or `chunked` answer: under the 32 MiB per-answer cap, so only the shared budget bounds them. */
export const LARGE_ANSWER_BYTES = 31 * MIB;
const CHUNK = Buffer.alloc(MIB, 0x20);
const BOMB = gzipSync(Buffer.alloc(64 * MIB, 0x20), { level: 9 });

/** The running node: base URL (ends in /v1) and stop. */
export interface HostileNode {
  readonly url: string;
  close(): Promise<void>;
}

/** Writes `[`, spaces and `]` up to {@link LARGE_ANSWER_BYTES}, honouring backpressure, until the socket goes. */
function pumpLarge(res: ServerResponse): void {
  let sent = 1;
  res.write('[');
  const pump = (): void => {
    while (sent < LARGE_ANSWER_BYTES - 1) {
      const size = Math.min(CHUNK.length, LARGE_ANSWER_BYTES - 1 - sent);
      sent += size;
      if (!res.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) {
        res.once('drain', pump);
        return;
      }
    }
    res.end(']');
  };
  pump();
}

/** Starts the node. */
export async function startHostileNode(): Promise<HostileNode> {
  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://node');
    if (url.pathname === '/v1') {
      sendJson(res, 200, {
        chain_id: 2,
        epoch: '3',
        ledger_version: '1000',
        oldest_ledger_version: '10',
        ledger_timestamp: '1',
        node_role: 'full_node',
        oldest_block_height: '5',
        block_height: '400',
      });
      return;
    }
    const headers = { 'Content-Type': 'application/json', ...NODE_LEDGER_HEADERS };
    switch (url.searchParams.get('mode')) {
      case 'bomb':
        res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(BOMB.length) });
        res.end(BOMB);
        return;
      case 'chunked':
        res.writeHead(200, headers);
        pumpLarge(res);
        return;
      default:
        res.writeHead(200, { ...headers, 'Content-Length': String(LARGE_ANSWER_BYTES) });
        pumpLarge(res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Runs {@link startHostileNode} in its own process (so a benchmark's client and node do not share an event
 * loop); resolves with its URL and stop.
 */
export async function forkHostileNode(): Promise<HostileNode> {
  const { fork } = await import('node:child_process');
  const child = fork(import.meta.filename, ['--serve'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`hostile node exited with ${code}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

if (process.argv[2] === '--serve' && process.send) {
  const node = await startHostileNode();
  process.send(node.url);
}
