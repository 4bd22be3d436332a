/**
 * What noticing a changed snapshot file costs per request (not a test: run
 * `node test/bench/file-guard-bench.ts`): the read service in-process, without HTTP, answering a cache hit
 * (`GET /v1`, one stat) and a routed request with the reply cache off (a resource, two stats), each with
 * `snapshotFile` set and without it (the baseline), measured in alternating rounds of the same run.
 * Prints a Markdown table for docs/benchmarks.md.
 */
import { createReadService } from '../../electron/service/read-service.ts';
import type { ServiceRequest } from '../../electron/service/service-reply.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import { fixed } from './bench-stats.ts';

// The server memory benchmark's snapshot (a 20,000-version one like the `main` test fixture).
const snapshot = process.argv[2] ?? join(import.meta.dirname, '..', '.tmp', 'bench-memory.db');
if (!existsSync(snapshot)) generateSnapshot({ out: snapshot, seed: 7, versions: 20_000, accounts: 200 });
const ROUNDS = 6;
const PER_ROUND = 20_000;

function requestOf(path: string): ServiceRequest {
  return {
    method: 'GET',
    url: new URL(`http://127.0.0.1${path}`),
    header: () => null,
    body: () => Promise.resolve(new Uint8Array(0)),
  };
}

const store = SnapshotStore.open(snapshot);
const cases = [
  { name: 'cache hit: GET /v1', path: '/v1', cache: true },
  { name: 'routed (cache off): GET a resource', path: '/v1/accounts/0x1/resource/0x1::account::Account', cache: false },
];
const rows: string[] = [];
for (const { name, path, cache } of cases) {
  const plain = createReadService({ store, responseCache: cache ? undefined : false });
  const guarded = createReadService({ store, responseCache: cache ? undefined : false, snapshotFile: snapshot });
  const request = requestOf(path);
  const totals = { plain: 0, guarded: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [kind, service] of [
      ['plain', plain],
      ['guarded', guarded],
    ] as const) {
      const started = performance.now();
      for (let i = 0; i < PER_ROUND; i += 1) {
        const reply = await service.serve(request);
        if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
      }
      // The first round warms up.
      if (round > 0) totals[kind] += performance.now() - started;
    }
  }
  const perRequest = (ms: number): number => (ms * 1000) / ((ROUNDS - 1) * PER_ROUND);
  const base = perRequest(totals.plain);
  const ours = perRequest(totals.guarded);
  rows.push(
    `| ${name} | ${fixed(base, 2)} | ${fixed(ours, 2)} | +${fixed(ours - base, 2)} | ${fixed(ours / base, 2)} |`,
  );
}
store.close();

process.stdout.write(`| request (in-process, no HTTP) | without the file check (µs) | with it (µs) | cost (µs) | ratio |
|---|---|---|---|---|
${rows.join('\n')}
`);
