/**
 * Memory of `snapshot capture` when a node sends huge write sets (not a test: run
 * `node test/bench/capture-memory-bench.ts [OTHER_CHECKOUT]`). A node on loopback — the read service over the small
 * fixture — answers the newest 10 user transactions of a sender with 120,000 extra table-item writes each, in its
 * JSON and in its BCS alike, with the `state_change_hash` of the larger write set (so a capture that proves its
 * transactions could keep them). Each run is the real CLI in its own process under `/usr/bin/time -v` (peak RSS):
 * this checkout with its default limits, with the write-set limits raised to keep everything, and, given
 * OTHER_CHECKOUT (e.g. a checkout of main before this change), that checkout's CLI as the baseline. Writes its section
 * of docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { readNodeTransaction } from '../../electron/snapshot/capture/node-transaction-bcs.ts';
import { nodeWriteSetBcs, type NodeWriteOp } from '../../electron/snapshot/capture/node-write-set.ts';
import { aptosHash } from '../../electron/snapshot/ledger-hashes.ts';
import { snapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { tableItemStateKey } from '../../electron/snapshot/state-keys.ts';
import { existsSync } from 'node:fs';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { FIXTURES, fixtureFileFor } from '../support/fixtures.ts';
import { writeBenchmarkSection } from './benchmark-doc.ts';

const TRANSACTIONS = 10;
const EXTRA = 120_000;
const HANDLE = `0x${'be'.repeat(32)}`;
const MIB = 1024 * 1024;

const fixture = fixtureFileFor('small');
if (!existsSync(fixture)) generateSnapshot({ out: fixture, ...FIXTURES.small });
const store = SnapshotStore.open(fixture);
const service = createReadService({ store, responseCache: false });
const sender = snapshotInfo(store, 5).samples.senders[0]!.address;
const latest = store.ledgerInfo().ledgerVersion;
const summaries = (await (
  await service(
    new Request(`http://x/v1/accounts/${sender}/transaction_summaries?end_version=${latest}&limit=${TRANSACTIONS}`),
  )
).json()) as { version: string }[];
if (!Array.isArray(summaries)) throw new Error(`${sender}: ${JSON.stringify(summaries)}`);
const inflated = new Set(summaries.slice(-TRANSACTIONS).map((s) => s.version));

/** The node's JSON and BCS of `version` with EXTRA more table-item writes and the hash of the larger write set. */
async function inflate(version: string): Promise<{ json: Buffer; bcs: Buffer }> {
  const url = `http://x/v1/transactions/by_version/${version}`;
  const json = (await (await service(new Request(url))).json()) as Record<string, unknown>;
  const body = Buffer.from(
    await (await service(new Request(url, { headers: { accept: 'application/x-bcs' } }))).arrayBuffer(),
  );
  const anchors = {
    version: BigInt(version),
    hash: hexToBytes(String(json.hash)),
    eventRootHash: hexToBytes(String(json.event_root_hash)),
    stateChangeHash: hexToBytes(String(json.state_change_hash)),
    gasUsed: BigInt(String(json.gas_used)),
  };
  const node = readNodeTransaction(body, anchors);
  const extra: NodeWriteOp[] = [];
  const changes = json.changes as unknown[];
  for (let i = 0; i < EXTRA; i += 1) {
    const key = new Uint8Array(8);
    new DataView(key.buffer).setBigUint64(0, BigInt(i), true);
    const value = new Uint8Array(8).fill(i & 0xff);
    extra.push({ stateKey: tableItemStateKey(hexToBytes(HANDLE), key), value, op: 0, metadata: null });
    changes.push({
      type: 'write_table_item',
      state_key_hash: `0x${'00'.repeat(32)}`,
      handle: HANDLE,
      key: bytesToHex(key),
      value: bytesToHex(value),
      data: null,
    });
  }
  const before = nodeWriteSetBcs(node.writeSet) as Uint8Array;
  const after = nodeWriteSetBcs([...node.writeSet, ...extra]) as Uint8Array;
  const hash = aptosHash('WriteSet', after);
  json.state_change_hash = bytesToHex(hash);
  const prefix = Buffer.from(body.subarray(0, body.length - before.length));
  const at = prefix.indexOf(Buffer.concat([anchors.hash, anchors.eventRootHash, anchors.stateChangeHash]));
  prefix.set(hash, at + 64);
  return { json: Buffer.from(JSON.stringify(json)), bcs: Buffer.concat([prefix, after]) };
}

const answers = new Map<string, { json: Buffer; bcs: Buffer }>();
for (const version of inflated) answers.set(version, await inflate(version));
const server = createServer((req, res) => {
  const version = /^\/v1\/transactions\/by_version\/(\d+)$/.exec(req.url ?? '')?.[1];
  const bcs = (req.headers.accept ?? '').includes('application/x-bcs');
  const big = version === undefined ? undefined : answers.get(version);
  void (async () => {
    const response = await service(
      new Request(`http://x${req.url}`, { method: req.method ?? 'GET', headers: { accept: req.headers.accept ?? '' } }),
    );
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => void (name === 'content-length' || (headers[name] = value)));
    res.writeHead(response.status, headers);
    res.end(big ? (bcs ? big.bcs : big.json) : Buffer.from(await response.arrayBuffer()));
  })();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const nodeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

/** One capture by the CLI of `checkout`: peak RSS, seconds, what it printed. */
async function run(
  checkout: string,
  extraArgs: readonly string[],
): Promise<{ rss: number; seconds: number; out: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'capture-memory-'));
  const cli = join(checkout, 'electron', 'cli', 'ledger-explorer.js');
  const args = ['-v', process.execPath, cli, 'snapshot', 'capture', '--remote', nodeUrl, '--account', sender];
  const child = spawn('/usr/bin/time', [...args, ...extraArgs, '--out', join(folder, 'capture.db')]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const started = performance.now();
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  const rss = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0) * 1024;
  const size = status === 0 ? statSync(join(folder, 'capture.db')).size : 0;
  rmSync(folder, { recursive: true, force: true });
  const kept = /(\d+) transactions in full/.exec(stdout)?.[1] ?? '?';
  const out = status === 0 ? `${kept} kept in full, file ${(size / MIB).toFixed(1)} MiB` : `exit ${status}`;
  return { rss, seconds, out };
}

const here = join(import.meta.dirname, '..', '..');
const runs: [string, string, readonly string[]][] = [];
const other = process.argv[2];
if (other) runs.push([`before (${other})`, other, []]);
runs.push(['this change, default limits (100,000 entries, 64 MiB)', here, []]);
runs.push([
  'this change, limits raised to keep all',
  here,
  ['--max-write-set-entries', '2000000', '--max-write-set-bytes', '999999999'],
]);
const rows: string[] = [];
for (const [label, checkout, args] of runs) {
  const result = await run(checkout, args);
  rows.push(`| ${label} | ${(result.rss / MIB).toFixed(0)} | ${result.seconds.toFixed(1)} | ${result.out} |`);
  process.stdout.write(`${rows.at(-1)}\n`);
}
server.close();
store.close();

writeBenchmarkSection(
  'capture-memory',
  `## Capture memory with huge write sets (\`node test/bench/capture-memory-bench.ts [OTHER_CHECKOUT]\`)

A node on loopback (the read service over the small fixture) answers the newest ${TRANSACTIONS} user transactions of
one sender with ${EXTRA.toLocaleString('en-US')} extra table-item writes each — JSON and BCS alike, with the
\`state_change_hash\` of the larger write set, so they prove themselves — and \`snapshot capture --account SENDER\`
runs as its own process (peak RSS from \`/usr/bin/time -v\`).

| capture | peak RSS (MiB) | time (s) | result |
|---|---|---|---|
${rows.join('\n')}

Before, the limits counted transactions only, and every kept write set was held until the file was written. With the
default write-set limits, a transaction whose changes cannot fit is refused as soon as its JSON is parsed (its reason
recorded), so the peak is one 27 MiB answer in flight (its body, text and parsed objects) whichever number of such
transactions the node sends. The limits are what bounds memory: kept write sets are held until the file is written
(packed, one byte array per transaction), not streamed to disk, so raising the limits costs memory in proportion to
what is kept, and the proofs (a second read of each transaction as BCS, its write set decoded, sorted and hashed)
make such a capture slower.`,
);
