/**
 * Read service HTTP benchmark (`npm run bench:service`): the read service as `ledger-explorer serve`
 * runs it (the real CLI, its own process) on the sample-size snapshot, in two modes — cached (the
 * default: reply cache on, warm) and uncached (`serve --no-cache`) — loaded over loopback by
 * autocannon from this process, next to a bare `node:http` server (another process) that answers
 * the same requests with the same recorded status, headers and body bytes, all measured in the same
 * run with the same settings. Reports req/s, p50/p99 latency and CPU per response per endpoint and
 * mode, the ratio ours/bare, and whether the goals are met in each mode (≥ 0.5× the bare
 * req/s on a resources page and an events page; p99 < 5 ms at 32 connections). Then it profiles
 * an uncached server separately (`node --cpu-prof`) to say where the time goes. For the transaction and block
 * endpoints it also times the bare SQL of the same reads in this process (service-bench-sql.ts), after the HTTP runs.
 *
 * The snapshot is generated once into test/.tmp/bench/service-sample.db and reused.
 * Children are stopped on every exit path; a watchdog ends the run if anything hangs.
 *
 * Usage: node test/bench/service-bench.ts [--duration 5] [--warmup 1] [--connections 32]
 *          [--only resources,events] [--modes cached,uncached] [--profile-seconds 5] [--cpu-prof] [--write]
 *   --only             endpoint ids to run (see service-bench-endpoints.ts), comma-separated
 *   --modes            service modes to measure, comma-separated (default both)
 *   --profile-seconds  seconds per profiled endpoint (resources and events) of the separate profiled
 *                      uncached server; 0 skips the profile
 *   --cpu-prof         also print the profile's full tables (by area, self and inclusive by function)
 *   --write            also write the section into docs/benchmarks.md (section "service")
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RESPONSE_CACHE } from '../../electron/service/response-cache.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixed } from './bench-stats.ts';
import { writeBenchmarkSection } from './benchmark-doc.ts';
import { benchInfo, buildEndpoints, selectEndpoints, type Endpoint } from './service-bench-endpoints.ts';
import {
  autocannonVersion,
  measure,
  processCpuMs,
  runLoad,
  type LoadSettings,
  type Measurement,
} from './service-bench-load.ts';
import {
  installChildCleanup,
  killAll,
  startBareServer,
  startService,
  startWatchdog,
  stopChild,
  type StartedServer,
} from './service-bench-processes.ts';
import { readCpuProfile, summarizeCpuProfile } from './service-bench-profile.ts';
import { recordResponses, verifyAgainstBare } from './service-bench-replies.ts';
import { measureBareSql, sqlSection } from './service-bench-sql.ts';
import { MODES, renderReport, type Mode, type ProfileRun, type Row } from './service-bench-report.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    modes: { type: 'string', default: MODES.join(',') },
    'profile-seconds': { type: 'string', default: '5' },
    'cpu-prof': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
  strict: true,
});

function boundedInt(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > 600)
    throw new Error(`--${name} must be an integer from ${min} to 600, got "${text}"`);
  return value;
}

function parseModes(text: string): Mode[] {
  const modes = text
    .split(',')
    .map((mode) => mode.trim())
    .filter((mode) => mode !== '');
  const unknown = modes.filter((mode) => !(MODES as readonly string[]).includes(mode));
  if (unknown.length > 0 || modes.length === 0) throw new Error(`--modes takes ${MODES.join(', ')}; got "${text}"`);
  return MODES.filter((mode) => modes.includes(mode));
}

const SETTINGS: LoadSettings = {
  connections: boundedInt('connections', args.connections, 1),
  durationSeconds: boundedInt('duration', args.duration, 1),
  warmupSeconds: boundedInt('warmup', args.warmup, 1),
  pipelining: 1,
  timeoutSeconds: 10,
};
const SELECTED_MODES = parseModes(args.modes);
const PROFILE_SECONDS = boundedInt('profile-seconds', args['profile-seconds'], 0);
/** Seconds of bare SQL reads per endpoint that has them (service-bench-sql.ts). */
const SQL_SECONDS = 2;
/** Endpoints the profiled run loads (those the ratio goals name), when selected. */
const PROFILED_IDS = ['resources', 'events'];

const HOST = '127.0.0.1';
const root = join(import.meta.dirname, '..', '..');
const benchDir = join(root, 'test', '.tmp', 'bench');
const snapshotPath = join(benchDir, 'service-sample.db');
const profileDir = join(benchDir, 'service-profiles');

const log = (line: string): void => void process.stderr.write(`[service-bench] ${line}\n`);

function ensureSnapshot(): string {
  mkdirSync(benchDir, { recursive: true });
  if (existsSync(snapshotPath)) return 'reused from an earlier run';
  log(`generating the sample-size snapshot into ${snapshotPath} …`);
  const t0 = performance.now();
  generateSnapshot({ out: snapshotPath });
  return `generated in this run in ${fixed((performance.now() - t0) / 1000)} s`;
}

function newestProfile(since: number): string | undefined {
  if (!existsSync(profileDir)) return undefined;
  const files = readdirSync(profileDir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(profileDir, name))
    .filter((path) => statSync(path).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0];
}

const summary = (m: Measurement): string => `${Math.round(m.requestsPerSecond)} req/s, p99 ${fixed(m.p99ms, 2)} ms`;

/** Measures every endpoint on each mode's service, then on the bare server, back to back. */
async function measureAll(
  endpoints: readonly Endpoint[],
  services: ReadonlyMap<Mode, StartedServer>,
  bare: StartedServer,
  bodyBytes: ReadonlyMap<string, number>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const endpoint of endpoints) {
    const modes: Partial<Record<Mode, Measurement>> = {};
    for (const [mode, service] of services) {
      log(`${endpoint.id}: ${mode} …`);
      modes[mode] = await measure(service.url, service.child.pid, endpoint.requests, SETTINGS);
    }
    log(`${endpoint.id}: bare …`);
    const baseline = await measure(bare.url, bare.child.pid, endpoint.requests, SETTINGS);
    const measured = [...services.keys()].map(
      (mode) => `${mode} ${modes[mode] === undefined ? '-' : summary(modes[mode])}`,
    );
    log(`${endpoint.id}: ${measured.join('; ')}; bare ${summary(baseline)}`);
    rows.push({ endpoint, bodyBytes: bodyBytes.get(endpoint.id) ?? Number.NaN, bare: baseline, modes });
  }
  return rows;
}

/**
 * Runs a separate uncached server under `node --cpu-prof`, warms it up on `endpoints`, loads it with
 * each for PROFILE_SECONDS, and summarizes the profile without its start-up and warm-up.
 */
async function profileUncached(
  endpoints: readonly Endpoint[],
): Promise<{ run: ProfileRun; path: string; skipMs: number } | undefined> {
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const since = Date.now();
  const spawnedAt = performance.now();
  const service = await startService({
    snapshotPath,
    host: HOST,
    cache: false,
    nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  log(`profiled uncached service (pid ${service.child.pid}) at ${service.url}`);
  for (const endpoint of endpoints) await runLoad(service.url, endpoint.requests, SETTINGS, SETTINGS.warmupSeconds);
  // The profiler starts after the spawn, so this cut-off (in the profile's time) errs towards leaving out a little
  // more.
  const skipMs = performance.now() - spawnedAt;
  const cpu0 = processCpuMs(service.child.pid);
  let responses = 0;
  for (const endpoint of endpoints) {
    log(`profile: ${endpoint.id} for ${PROFILE_SECONDS} s …`);
    responses += (await runLoad(service.url, endpoint.requests, SETTINGS, PROFILE_SECONDS)).requests.total;
  }
  const cpu1 = processCpuMs(service.child.pid);
  await stopChild(service.child, log); // the profile is written when the process exits
  const path = newestProfile(since);
  if (path === undefined) {
    log('no CPU profile was written');
    return undefined;
  }
  const run: ProfileRun = {
    endpointIds: endpoints.map((e) => e.id),
    secondsEach: PROFILE_SECONDS,
    responses,
    cpuMs: cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0,
    summary: readCpuProfile(path, skipMs),
  };
  return { run, path, skipMs };
}

/** The snapshot's info document and every endpoint's request set, read once. */
function readSnapshot(): { info: SnapshotInfo; all: Endpoint[] } {
  const store = SnapshotStore.open(snapshotPath);
  try {
    const info = benchInfo(store);
    return { info, all: buildEndpoints(store, info) };
  } finally {
    store.close();
  }
}

async function main(): Promise<void> {
  installChildCleanup(log);
  const loadAverage = os.loadavg();
  const generation = ensureSnapshot();
  const { info, all } = readSnapshot();
  const endpoints = selectEndpoints(all, args.only);
  const profiled = PROFILE_SECONDS === 0 ? [] : endpoints.filter((e) => PROFILED_IDS.includes(e.id));
  const toProfile = profiled.length > 0 || PROFILE_SECONDS === 0 ? profiled : endpoints.slice(0, 1);

  // Watchdog: the runs' planned time plus generous slack; then everything is stopped.
  const perRun = SETTINGS.warmupSeconds + SETTINGS.durationSeconds + 2;
  const plannedSeconds =
    endpoints.length * (SELECTED_MODES.length + 1) * perRun +
    toProfile.length * (SETTINGS.warmupSeconds + PROFILE_SECONDS + 2) +
    endpoints.filter((endpoint) => endpoint.bareSql !== undefined).length * (SQL_SECONDS + 5) +
    240;
  startWatchdog(plannedSeconds, log);

  const services = new Map<Mode, StartedServer>();
  for (const mode of SELECTED_MODES) {
    const service = await startService({ snapshotPath, host: HOST, cache: mode === 'cached' });
    services.set(mode, service);
    log(`${mode} service (pid ${service.child.pid}) at ${service.url}`);
  }
  // Recorded from the first service (the cached one when measured: this fills its cache).
  const [first] = services.values();
  if (first === undefined) throw new Error('no service mode selected');
  const recorded = await recordResponses(first.url, endpoints);
  const bare = await startBareServer(HOST, recorded.entries);
  log(`bare server (pid ${bare.child.pid}) at ${bare.url}`);
  for (const [mode, service] of services) {
    await verifyAgainstBare(service.url, bare.url, endpoints);
    log(`${mode}: every reply matches the bare server's`);
  }

  const rows = await measureAll(endpoints, services, bare, recorded.bodyBytes);
  await Promise.all([...services.values(), bare].map((server) => stopChild(server.child, log)));

  const withSql = endpoints.filter((endpoint) => endpoint.bareSql !== undefined);
  if (withSql.length > 0) log(`bare SQL of ${withSql.map((endpoint) => endpoint.id).join(', ')} …`);
  const sql = measureBareSql(snapshotPath, withSql, SQL_SECONDS);
  const profile = toProfile.length > 0 ? await profileUncached(toProfile) : undefined;
  const markdown = renderReport({
    info,
    generation,
    loadAverage,
    settings: SETTINGS,
    autocannonVersion,
    modes: SELECTED_MODES,
    rows,
    cacheFit: {
      replies: recorded.entries.length,
      bodyBytes: recorded.totalBodyBytes,
      maxEntries: DEFAULT_RESPONSE_CACHE.maxEntries,
      maxBytes: DEFAULT_RESPONSE_CACHE.maxBytes,
    },
    profile: profile?.run,
    extraSections: sqlSection(rows, sql, SQL_SECONDS),
  });
  process.stdout.write(markdown);
  if (args['cpu-prof'] && profile !== undefined) {
    process.stdout.write(
      '\n### Full CPU profile of the uncached server (not written to the doc)\n\n' +
        `${summarizeCpuProfile(profile.path, profile.skipMs)}\nProfile: ${profile.path}\n`,
    );
  }
  if (args.write) {
    writeBenchmarkSection('service', markdown);
    log('written to docs/benchmarks.md (section "service")');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAll('SIGKILL');
    process.exit(1);
  },
);
