/**
 * Server memory under hostile loads (not a test: run `node test/bench/server-memory-bench.ts
 * [snapshot]`): RSS of a read-service server process (after a full GC) at rest, after a
 * cache-busting load (every request a new reply: unique addresses, and unique unknown query
 * parameters), with and without the reply cache, and after 100 aborted 8 MiB uploads. Prints a
 * Markdown table for docs/benchmarks.md.
 */
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import type { ChildOptions, ServerStats } from '../support/http-server-child.ts';
import { startServerChild, type ServerChild } from '../support/server-child-process.ts';

const MIB = 1024 * 1024;
const snapshot = process.argv[2] ?? join(import.meta.dirname, '..', '.tmp', 'bench-memory.db');
if (!existsSync(snapshot)) generateSnapshot({ out: snapshot, seed: 7, versions: 20_000, accounts: 200 });

/** A server child over the benchmark's snapshot. */
const start = (options: ChildOptions): Promise<ServerChild> => startServerChild(snapshot, options);

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function get(url: URL, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, agent }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `count` GETs, 8 at a time, each path from `pathOf(i)`. */
async function load(url: URL, count: number, pathOf: (i: number) => string): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) await get(url, pathOf(next++));
    }),
  );
}

function abortedUpload(url: URL): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST /v1/tables/0x1/item HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: ` +
          `application/json\r\nContent-Length: ${8 * MIB}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(8 * MIB - 1, 0x20), () => {
        socket.end();
        resolve();
      });
    });
    socket.on('error', () => resolve());
  });
}

const mb = (bytes: number): string => (bytes / MIB).toFixed(0);
const REQUESTS = 40_000;
const addressOf = (i: number): string => `0x${(0xabc0000 + i).toString(16)}`;
const rows: string[] = [];

for (const cache of [true, false]) {
  const server = await start({ cache });
  await load(server.url, 200, () => '/v1');
  const rest = await server.stats();
  await load(server.url, REQUESTS, (i) => `/v1/accounts/${addressOf(i)}/resource/0x1::account::Account`);
  const addresses = await server.stats();
  await load(server.url, REQUESTS, (i) => `/v1/accounts/0x1/resources?junk=${i}`);
  const junk = await server.stats();
  const cell = (s: ServerStats): string => `${mb(s.rss)} (heap ${mb(s.heapUsed)} of ${mb(s.heapTotal)})`;
  rows.push(
    `| ${cache ? 'on (64 MiB budget)' : 'off (`--no-cache`)'} | ${cell(rest)} | ${cell(addresses)} | ${cell(junk)} |`,
  );
  await server.stop();
}

const uploads = await start({});
const before = await uploads.stats();
const rounds: ServerStats[] = [];
for (let round = 0; round < 4; round += 1) {
  await Promise.all(Array.from({ length: 25 }, () => abortedUpload(uploads.url)));
  await new Promise((resolve) => setTimeout(resolve, 300));
  rounds.push(await uploads.stats());
}
await uploads.stop();
agent.destroy();

const memoryHeader =
  `| reply cache | RSS at rest (MB) | after ${REQUESTS} unique addresses (MB) ` +
  `| then ${REQUESTS} unique unknown parameters (MB) |`;
const uploadHeader =
  '| 100 aborted 8 MiB uploads (4 rounds of 25 at once; each client half-closes after 8 MiB − 1 byte) ' +
  '| RSS (MB) | open connections |';
process.stdout.write(`${memoryHeader}
|---|---|---|---|
${rows.join('\n')}

${uploadHeader}
|---|---|---|
| before | ${mb(before.rss)} | ${before.connections} |
${rounds
  .map((r, i) => `| after round ${i + 1} (${(i + 1) * 25} uploads) | ${mb(r.rss)} | ${r.connections} |`)
  .join('\n')}
`);
