/**
 * The read service's CPU per request without HTTP (`node test/bench/service-bench-in-process.ts [ids]`): the same
 * rotating request sets as `npm run bench:service` (service-bench-endpoints.ts) sent to `createReadService`'s
 * `serve` in this process (reply cache off, the snapshot file guarded as `serve` guards it), whole passes over each
 * set for about 4 s. Set beside the HTTP figures of bench:service, it splits a response's CPU into the service's
 * own work (routing, parameters, store, decoding, rendering) and the HTTP layer's. Needs the benchmark snapshot
 * that bench:service generates (test/.tmp/bench/service-sample.db).
 *
 * Usage: node test/bench/service-bench-in-process.ts [resources,events,table-item,transaction]
 */
import { existsSync } from 'node:fs';
import { createReadService } from '../../electron/service/read-service.ts';
import type { ServiceRequest } from '../../electron/service/service-reply.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { benchInfo, buildEndpoints } from './service-bench-endpoints.ts';
import type { BenchRequest } from './service-bench-load.ts';

const SNAPSHOT = 'test/.tmp/bench/service-sample.db';
const SECONDS = 4;

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

/** Runs the endpoints named in `ids` and prints their CPU per request. */
async function main(ids: readonly string[]): Promise<void> {
  if (!existsSync(SNAPSHOT)) throw new Error(`${SNAPSHOT} is missing: run "npm run bench:service" once first`);
  const store = SnapshotStore.open(SNAPSHOT);
  try {
    const endpoints = buildEndpoints(store, benchInfo(store)).filter((endpoint) => ids.includes(endpoint.id));
    const service = createReadService({ store, responseCache: false, snapshotFile: SNAPSHOT });
    console.log('| endpoint | requests | CPU per request (in-process, no HTTP) |\n|---|---:|---:|');
    for (const endpoint of endpoints) {
      const requests = endpoint.requests.map(serviceRequest);
      const pass = async (): Promise<void> => {
        for (const request of requests) {
          const reply = await service.serve(request);
          if (reply.status !== 200) throw new Error(`${request.url.pathname}: status ${reply.status}`);
        }
      };
      await pass();
      let count = 0;
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      while (performance.now() - started < SECONDS * 1000) {
        await pass();
        count += requests.length;
      }
      const cpu = process.cpuUsage(cpu0);
      const perRequest = (cpu.user + cpu.system) / count;
      console.log(`| ${endpoint.name} | ${count} | ${perRequest.toFixed(0)} µs |`);
    }
  } finally {
    store.close();
  }
}

await main((process.argv[2] ?? 'resources,events,table-item,transaction').split(','));
// The guard's watchers are not persistent, but its timers and the store's finalizers need not be waited for.
process.exit(0);
