/**
 * Request bodies built to cost the server memory or time (not a test: run `node test/bench/hostile-body-bench.ts
 * [snapshot]`): each hostile body is sent once to a fresh read-service server process, and the bench reports the
 * answer's status, the time to answer, the peak RSS rise of the server over its resting RSS, and the start of the
 * message (its length too). A plain `POST /v1/view` is the baseline of the same run. Prints a Markdown table for
 * docs/benchmarks.md ("Hostile request bodies").
 */
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import {
  APT,
  BALANCE,
  EIGHT_MIB,
  fill,
  jsonView,
  manyEmptyArgs,
  manyTypeArgs,
  nested,
  tableKeyOf,
  VIEW_BCS,
} from '../support/hostile-bodies.ts';
import { startServerChild } from '../support/server-child-process.ts';

const MIB = 1024 * 1024;
const snapshot = process.argv[2] ?? join(import.meta.dirname, '..', '.tmp', 'bench-memory.db');
if (!existsSync(snapshot)) generateSnapshot({ out: snapshot, seed: 7, versions: 20_000, accounts: 200 });

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

interface Hostile {
  readonly name: string;
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

const VIEW = '/v1/view';
const JSON_TYPE = 'application/json';
const CASES: readonly Hostile[] = [
  {
    name: 'baseline: a valid JSON view',
    path: VIEW,
    contentType: JSON_TYPE,
    body: json({ function: BALANCE, type_arguments: [APT], arguments: ['0x1'] }),
  },
  { name: 'BCS view, 8 MiB: 8.4 M empty arguments', path: VIEW, contentType: VIEW_BCS, body: manyEmptyArgs() },
  {
    name: 'BCS view, 8 MiB: 8.4 M empty arguments, unknown function',
    path: VIEW,
    contentType: VIEW_BCS,
    body: manyEmptyArgs('coin', 'no_such_function'),
  },
  { name: 'BCS view, 8 MiB: 8.4 M type arguments', path: VIEW, contentType: VIEW_BCS, body: manyTypeArgs() },
  {
    name: 'JSON view, 8 MiB: 4.2 M arguments `0,`',
    path: VIEW,
    contentType: JSON_TYPE,
    body: jsonView(`${fill('0,', EIGHT_MIB - 200)}0`),
  },
  {
    name: 'JSON view, 8 MiB: 2.8 M arguments `{},`',
    path: VIEW,
    contentType: JSON_TYPE,
    body: jsonView(`${fill('{},', EIGHT_MIB - 200)}0`),
  },
  {
    name: 'JSON view: two arguments, one nested 10,000 deep',
    path: VIEW,
    contentType: JSON_TYPE,
    body: jsonView(`"0x1",${nested(10_000)}`),
  },
  {
    name: 'table item, 8 MiB: a vector<u64> key of 2.1 M values',
    path: '/v1/tables/0x1/item',
    contentType: JSON_TYPE,
    body: tableKeyOf(2_097_000),
  },
];

interface Answer {
  readonly status: number;
  readonly body: string;
}

function post(url: URL, hostile: Hostile): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: hostile.path,
        method: 'POST',
        headers: { 'content-type': hostile.contentType, 'content-length': hostile.body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(hostile.body);
  });
}

const mb = (bytes: number): string => (bytes / MIB).toFixed(0);
const rows: string[] = [];
for (const hostile of CASES) {
  const server = await startServerChild(snapshot, {});
  const rest = await server.stats();
  const started = performance.now();
  const answer = await post(server.url, hostile);
  const ms = performance.now() - started;
  const after = await server.stats();
  await server.stop();
  let message = answer.body;
  try {
    message = String((JSON.parse(answer.body) as { message?: unknown }).message ?? answer.body);
  } catch {
    // not JSON: shown as is
  }
  const shown = message.length > 60 ? `${message.slice(0, 60)}…` : message;
  rows.push(
    `| ${hostile.name} | ${(hostile.body.length / MIB).toFixed(2)} | ${answer.status} | ${ms.toFixed(0)} ` +
      `| ${mb(rest.rss)} | ${mb(after.peakRss - rest.rss)} | ${message.length} | ${shown.replaceAll('|', '\\|')} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}

process.stdout.write(`| request | body (MiB) | status | time (ms) | RSS at rest (MB) | peak RSS rise (MB) \
| message length | message starts |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`);
