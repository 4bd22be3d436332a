/**
 * The read service's CPU per request without HTTP (`node test/bench/service-bench-in-process.ts [ids]`): the same
 * rotating request sets as `npm run bench:service` (service-bench-endpoints.ts) sent to `createReadService`'s
 * `serve` in this process (reply cache off, the snapshot file guarded as `serve` guards it), whole passes over each
 * set for about 4 s. Set beside the HTTP figures of bench:service, it splits a response's CPU into the service's
 * own work (routing, parameters, store, decoding, rendering) and the HTTP layer's. Needs the benchmark snapshot
 * that bench:service generates (test/.tmp/bench/service-sample.db).
 *
 * With `--against OLD_CHECKOUT` (a checkout of another commit, e.g. `git archive <commit> | tar -x -C /tmp/old` with
 * its node_modules linked) the other checkout's service runs in this process too, over its own connection to the same
 * file, and the two take turns pass by pass, which goes first alternating by round (10 rounds of about 1 s each): on
 * a machine shared with other work both see the same conditions, so the ratio of their CPU per request is what a
 * change is judged by (docs/benchmarks.md).
 *
 * Usage: node test/bench/service-bench-in-process.ts [resources,events,table-item,transaction] [--against OLD]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createReadService } from '../../electron/service/read-service.ts';
import type { ServiceRequest } from '../../electron/service/service-reply.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { benchInfo, buildEndpoints } from './service-bench-endpoints.ts';
import type { BenchRequest } from './service-bench-load.ts';

const SNAPSHOT = 'test/.tmp/bench/service-sample.db';
const SECONDS = 4;
const AB_ROUNDS = 10;

/** A service under test: its `serve` and the store it reads. */
interface Subject {
  readonly serve: (request: ServiceRequest) => Promise<{ readonly status: number }>;
  readonly close: () => void;
}

/** A service request of one benchmark request, its body read once. */
function serviceRequest(request: BenchRequest): ServiceRequest {
  const body = new TextEncoder().encode(request.body ?? '');
  const headers = new Map(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    method: request.method,
    url: new URL(`http://127.0.0.1${request.path}`),
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    body: () => Promise.resolve(body),
  };
}

/** This checkout's service over its own store. */
function thisService(): Subject {
  const store = SnapshotStore.open(SNAPSHOT);
  const service = createReadService({ store, responseCache: false, snapshotFile: SNAPSHOT });
  return { serve: (request) => service.serve(request), close: () => store.close() };
}

/** The service of the checkout at `root` (same options), loaded into this process. */
async function otherService(root: string): Promise<Subject> {
  const load = (path: string): Promise<Record<string, unknown>> => import(pathToFileURL(join(root, path)).href);
  const { createReadService: create } = (await load('electron/service/read-service.ts')) as {
    createReadService: typeof createReadService;
  };
  const { SnapshotStore: Store } = (await load('electron/snapshot/snapshot-store.ts')) as {
    SnapshotStore: typeof SnapshotStore;
  };
  const store = Store.open(SNAPSHOT);
  const service = create({ store, responseCache: false, snapshotFile: SNAPSHOT });
  return { serve: (request) => service.serve(request), close: () => store.close() };
}

/** One pass of `subject` over `requests`; its CPU in µs. */
async function pass(subject: Subject, requests: readonly ServiceRequest[]): Promise<number> {
  const cpu0 = process.cpuUsage();
  for (const request of requests) {
    const reply = await subject.serve(request);
    if (reply.status !== 200) throw new Error(`${request.url.pathname}: status ${reply.status}`);
  }
  const cpu = process.cpuUsage(cpu0);
  return cpu.user + cpu.system;
}

/** CPU per request of `subject` over whole passes for about {@link SECONDS} s. */
async function measure(subject: Subject, requests: readonly ServiceRequest[]): Promise<number> {
  await pass(subject, requests);
  let count = 0;
  let cpu = 0;
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000) {
    cpu += await pass(subject, requests);
    count += requests.length;
  }
  return cpu / count;
}

/** Old and new in turns, pass by pass, for {@link AB_ROUNDS} rounds of about 1 s: CPU per request of each round. */
async function compare(
  old: Subject,
  current: Subject,
  requests: readonly ServiceRequest[],
): Promise<{ readonly old: number[]; readonly current: number[] }> {
  await pass(old, requests);
  await pass(current, requests);
  const rounds = { old: [] as number[], current: [] as number[] };
  for (let round = 0; round < AB_ROUNDS; round += 1) {
    let oldCpu = 0;
    let newCpu = 0;
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < 1000) {
      // Which goes first alternates by round: the second of a pair runs with caches the first has stirred.
      if (round % 2 === 0) {
        oldCpu += await pass(old, requests);
        newCpu += await pass(current, requests);
      } else {
        newCpu += await pass(current, requests);
        oldCpu += await pass(old, requests);
      }
      count += requests.length;
    }
    rounds.old.push(oldCpu / count);
    rounds.current.push(newCpu / count);
  }
  return rounds;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Runs the endpoints named in `ids` and prints their CPU per request (beside `against`'s, when given). */
async function main(ids: readonly string[], against: string | undefined): Promise<void> {
  if (!existsSync(SNAPSHOT)) throw new Error(`${SNAPSHOT} is missing: run "npm run bench:service" once first`);
  const current = thisService();
  const old = against === undefined ? undefined : await otherService(resolve(against));
  const store = SnapshotStore.open(SNAPSHOT);
  try {
    const endpoints = buildEndpoints(store, benchInfo(store)).filter((endpoint) => ids.includes(endpoint.id));
    if (old === undefined) console.log('| endpoint | CPU per request (in-process, no HTTP) |\n|---|---:|');
    else {
      console.log(`Old: ${against}; ${AB_ROUNDS} rounds, passes in turns (which goes first alternates by round).\n`);
      console.log(
        '| endpoint | old (median µs) | new | new / old | rounds where new < old |\n|---|---:|---:|---:|---:|',
      );
    }
    for (const endpoint of endpoints) {
      const requests = endpoint.requests.map(serviceRequest);
      if (old === undefined) {
        console.log(`| ${endpoint.name} | ${(await measure(current, requests)).toFixed(0)} µs |`);
        continue;
      }
      const rounds = await compare(old, current, requests);
      const [before, after] = [median(rounds.old), median(rounds.current)];
      const better = rounds.current.filter((value, i) => value < (rounds.old[i] ?? 0)).length;
      console.log(
        `| ${endpoint.name} | ${before.toFixed(1)} | ${after.toFixed(1)} | ${(after / before).toFixed(2)} | ` +
          `${better} of ${AB_ROUNDS} |`,
      );
    }
  } finally {
    store.close();
    current.close();
    old?.close();
  }
}

const { values: args, positionals } = parseArgs({
  options: { against: { type: 'string' } },
  allowPositionals: true,
  strict: true,
});
await main((positionals[0] ?? 'resources,events,table-item,transaction').split(','), args.against);
// The guard's watchers are not persistent, but its timers and the store's finalizers need not be waited for.
process.exit(0);
