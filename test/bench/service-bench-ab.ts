/**
 * Two versions of the read service side by side (`node test/bench/service-bench-ab.ts OLD NEW`): `serve --no-cache`
 * from two checkouts (e.g. one made with `git archive <commit> | tar -x -C /tmp/old`, its node_modules linked) on the
 * benchmark snapshot, both loaded at once by autocannon with the same request sets (service-bench-endpoints.ts), in
 * rounds, and each one's CPU per response from /proc. On a machine shared with other work the CPU per response of a
 * server moves by a factor of two with the load; two servers measured at the same time share the same conditions, so
 * their ratio is what a change is judged by (docs/benchmarks.md, issue 24). Needs the snapshot that
 * `npm run bench:service` generates (test/.tmp/bench/service-sample.db).
 *
 * Usage: node test/bench/service-bench-ab.ts OLD_CHECKOUT NEW_CHECKOUT [--only resources,events,table-item,transaction]
 *          [--rounds 3] [--seconds 4] [--connections 16]
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixed } from './bench-stats.ts';
import { benchInfo, buildEndpoints, selectEndpoints, type Endpoint } from './service-bench-endpoints.ts';
import { processCpuMs, runLoad, type LoadSettings } from './service-bench-load.ts';
import {
  installChildCleanup,
  killAll,
  startService,
  startWatchdog,
  stopChild,
  type StartedServer,
} from './service-bench-processes.ts';

const { values: args, positionals } = parseArgs({
  options: {
    only: { type: 'string', default: 'resources,events,table-item,transaction' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '16' },
  },
  allowPositionals: true,
  strict: true,
});

const snapshotPath = join(import.meta.dirname, '..', '.tmp', 'bench', 'service-sample.db');
const log = (line: string): void => void process.stderr.write(`[service-bench-ab] ${line}\n`);

function whole(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}, got "${text}"`);
  return value;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One round of one endpoint: both servers loaded at once; CPU µs per response of each. */
async function round(servers: readonly StartedServer[], endpoint: Endpoint, settings: LoadSettings): Promise<number[]> {
  await Promise.all(servers.map((server) => runLoad(server.url, endpoint.requests, settings, settings.warmupSeconds)));
  const before = servers.map((server) => processCpuMs(server.child.pid));
  const results = await Promise.all(
    servers.map((server) => runLoad(server.url, endpoint.requests, settings, settings.durationSeconds)),
  );
  return servers.map((server, index) => {
    const cpu0 = before[index];
    const cpu1 = processCpuMs(server.child.pid);
    const result = results[index];
    if (cpu0 === undefined || cpu1 === undefined || result === undefined) throw new Error('no CPU time (Linux only)');
    if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${endpoint.id}: failed requests`);
    return ((cpu1 - cpu0) * 1000) / result.requests.total;
  });
}

async function main(): Promise<void> {
  const checkouts = positionals.map((path) => resolve(path));
  if (checkouts.length !== 2) throw new Error('usage: service-bench-ab.ts OLD_CHECKOUT NEW_CHECKOUT [options]');
  if (!existsSync(snapshotPath)) throw new Error(`${snapshotPath} is missing: run "npm run bench:service" once first`);
  const rounds = whole('rounds', args.rounds, 1, 50);
  const settings: LoadSettings = {
    connections: whole('connections', args.connections, 1, 256),
    durationSeconds: whole('seconds', args.seconds, 1, 600),
    warmupSeconds: 1,
    pipelining: 1,
    timeoutSeconds: 10,
  };
  const store = SnapshotStore.open(snapshotPath);
  const endpoints = (() => {
    try {
      return selectEndpoints(buildEndpoints(store, benchInfo(store)), args.only);
    } finally {
      store.close();
    }
  })();
  installChildCleanup(log);
  startWatchdog(rounds * endpoints.length * (settings.durationSeconds + 4) + 120, log);
  const servers: StartedServer[] = [];
  for (const checkout of checkouts)
    servers.push(await startService({ snapshotPath, host: '127.0.0.1', cache: false, checkout }));
  const loadAtStart = os.loadavg()[0] ?? 0;
  const cpu = new Map<string, number[][]>(endpoints.map((endpoint) => [endpoint.id, [[], []]]));
  for (let index = 0; index < rounds; index += 1) {
    for (const endpoint of endpoints) {
      const perResponse = await round(servers, endpoint, settings);
      perResponse.forEach((us, server) => cpu.get(endpoint.id)?.[server]?.push(us));
      log(`round ${index + 1} ${endpoint.id}: ${perResponse.map((us) => `${fixed(us, 0)} µs`).join(' vs ')}`);
    }
  }
  await Promise.all(servers.map((server) => stopChild(server.child, log)));
  const lines = [
    `Old: ${checkouts[0]}; new: ${checkouts[1]}. ${rounds} rounds of ${settings.durationSeconds} s, ` +
      `${settings.connections} connections to each server at once; load average ${fixed(loadAtStart)} at the start, ` +
      `${fixed(os.loadavg()[0] ?? 0)} at the end.`,
    '',
    '| endpoint | old: CPU per response (median) | new | new / old | rounds where new < old |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const endpoint of endpoints) {
    const [old = [], now = []] = cpu.get(endpoint.id) ?? [];
    const wins = now.filter((us, index) => us < (old[index] ?? Number.NaN)).length;
    lines.push(
      `| ${endpoint.name} | ${fixed(median(old), 0)} µs | ${fixed(median(now), 0)} µs | ` +
        `${fixed(median(now) / median(old), 2)} | ${wins} of ${now.length} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAll('SIGKILL');
    process.exit(1);
  },
);
