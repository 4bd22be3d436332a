/**
 * Read service HTTP benchmark (`npm run bench:service`): the read service as `ledger-explorer serve`
 * runs it (the real CLI, its own process) on the sample-size snapshot, loaded over loopback by
 * autocannon from this process, next to a bare `node:http` server (a third process) that answers
 * the same requests with the same recorded status, headers and body bytes — measured in the same
 * run with the same settings. Reports req/s and p50/p99 latency per endpoint, the ratio
 * ours/bare, and whether the goals are met (≥ 0.5× the bare req/s on a resources page and
 * an events page; p99 < 5 ms at 32 connections).
 *
 * The snapshot is generated once into test/.tmp/bench/service-sample.db and reused.
 * Children are stopped on every exit path; a watchdog ends the run if anything hangs.
 *
 * Usage: node test/bench/service-bench.ts [--duration 5] [--warmup 1] [--connections 32]
 *          [--only resources,events] [--cpu-prof] [--write]
 *   --only      endpoint ids to run (see ENDPOINT ids below), comma-separated
 *   --cpu-prof  run the serve process under `node --cpu-prof` and print where its time goes
 *               (profiling slows it down: the figures of such a run are not the benchmark's)
 *   --write     also write the Markdown section to docs/benchmarks-service.md
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_GENERATE, generateSnapshot } from '../../electron/snapshot/generate.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixed, percentile } from './bench-stats.ts';
import { bareKey, type BareEntry, type BareListeningMessage, type BareTableMessage } from './service-bench-bare-server.ts';
import { summarizeCpuProfile } from './service-bench-profile.ts';

// ---------------------------------------------------------------------------------------------
// autocannon (CommonJS, no bundled types): the part of its programmatic API used here.

interface AutocannonRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

interface AutocannonOptions {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly pipelining: number;
  readonly timeout: number;
  readonly requests: readonly AutocannonRequest[];
}

interface AutocannonResult {
  readonly duration: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly requests: { readonly total: number };
}

interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): AutocannonRun;
  stop(): void;
}

const loadCommonJs = createRequire(import.meta.url);
const autocannon = loadCommonJs('autocannon') as (options: AutocannonOptions) => AutocannonRun;
const autocannonVersion = (loadCommonJs('autocannon/package.json') as { version: string }).version;

// ---------------------------------------------------------------------------------------------
// Settings.

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
  strict: true,
});

function positiveInt(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1 || value > 600) throw new Error(`--${name} must be an integer from 1 to 600, got "${text}"`);
  return value;
}

const SETTINGS = {
  connections: positiveInt('connections', args.connections),
  durationSeconds: positiveInt('duration', args.duration),
  warmupSeconds: positiveInt('warmup', args.warmup),
  pipelining: 1,
  timeoutSeconds: 10,
} as const;

const HOST = '127.0.0.1';
const PAGE = 25;
const P99_GOAL_MS = 5;
const RATIO_GOAL = 0.5;
const SAMPLE_SIZE = 8;

const root = join(import.meta.dirname, '..', '..');
const benchDir = join(root, 'test', '.tmp', 'bench');
const snapshotPath = join(benchDir, 'service-sample.db');
const profileDir = join(benchDir, 'service-profiles');
const cliPath = join(root, 'electron', 'cli', 'ledger-explorer.js');
const bareServerPath = join(import.meta.dirname, 'service-bench-bare-server.ts');
const docPath = join(root, 'docs', 'benchmarks-service.md');

const log = (line: string): void => void process.stderr.write(`[service-bench] ${line}\n`);

// ---------------------------------------------------------------------------------------------
// Child processes: tracked so that every exit path stops them.

const children = new Set<ChildProcess>();

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

function killAll(signal: NodeJS.Signals): void {
  for (const child of children) if (running(child)) child.kill(signal);
}

process.on('exit', () => killAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the servers`);
    killAll('SIGTERM');
    process.exit(1);
  });
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (!running(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      log(`pid ${child.pid} did not stop in ${graceMs} ms: SIGKILL`);
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `ledger-explorer serve` on a free loopback port; resolves with its base URL. */
function startService(nodeFlags: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeFlags, cliPath, 'serve', '--snapshot', snapshotPath, '--host', HOST, '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  // Always drained: a full pipe would block the server.
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000);
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not report "listening on" within 60 s; stderr: ${stderr}`));
    }, 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`serve exited early (code ${code}, signal ${signal}); stderr: ${stderr}`));
    });
  });
}

/** Forks the bare server with the recorded responses; resolves with its base URL. */
function startBareServer(entries: readonly BareEntry[]): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(bareServerPath, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the bare server did not start within 30 s'));
    }, 30_000);
    child.once('message', (message: BareListeningMessage) => {
      clearTimeout(timer);
      resolve({ child, url: `http://${HOST}:${message.port}` });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the bare server exited early (code ${code}, signal ${signal})`));
    });
    const table: BareTableMessage = { type: 'table', host: HOST, entries };
    child.send(table);
  });
}

/** CPU time (user + system) of a process in ms from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command name start at field 3; utime and stime are fields 14 and 15, in USER_HZ (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Whole-machine CPU time in ms from /proc/stat (Linux): busy (user, nice, system, irq, softirq) and steal. */
function machineCpuMs(): { busy: number; steal: number } | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return { busy: (user + nice + system + irq + softirq) * 10, steal: steal * 10 };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Endpoints: each a rotating set of real requests built from the snapshot's samples.

interface Endpoint {
  readonly id: string;
  readonly name: string;
  readonly requests: readonly AutocannonRequest[];
}

const JSON_BODY = { 'Content-Type': 'application/json' } as const;

function buildEndpoints(info: SnapshotInfo): Endpoint[] {
  const { accounts, eventStreams, tables, senders } = info.samples;
  const pagedStreams = eventStreams.filter((stream) => BigInt(stream.count) >= BigInt(PAGE));
  const get = (path: string): AutocannonRequest => ({ method: 'GET', path });
  const middle = (count: string): string => (BigInt(count) / 2n).toString();
  return [
    {
      id: 'resources',
      name: `resources page (\`/v1/accounts/{a}/resources?limit=${PAGE}\`)`,
      requests: accounts.map((address) => get(`/v1/accounts/${address}/resources?limit=${PAGE}`)),
    },
    {
      id: 'events',
      name: `events page by creation number (\`/v1/accounts/{a}/events/{n}?limit=${PAGE}\`)`,
      requests: pagedStreams.flatMap((s) => [
        get(`/v1/accounts/${s.address}/events/${s.creationNumber}?limit=${PAGE}`),
        get(`/v1/accounts/${s.address}/events/${s.creationNumber}?start=${middle(s.count)}&limit=${PAGE}`),
      ]),
    },
    {
      id: 'events-handle',
      name: `events page by handle (\`/v1/accounts/{a}/events/{struct}/{field}?limit=${PAGE}\`)`,
      requests: pagedStreams.flatMap((s) => {
        const base = `/v1/accounts/${s.address}/events/${encodeURIComponent(s.struct)}/${s.field}`;
        return [get(`${base}?limit=${PAGE}`), get(`${base}?start=${middle(s.count)}&limit=${PAGE}`)];
      }),
    },
    {
      id: 'summaries',
      name: `transaction summaries (\`/v1/accounts/{a}/transaction_summaries?limit=${PAGE}\`)`,
      requests: senders.map((sender) => get(`/v1/accounts/${sender.address}/transaction_summaries?limit=${PAGE}`)),
    },
    {
      id: 'resource',
      name: 'single resource (`/v1/accounts/{a}/resource/{struct}`)',
      requests: [
        get(`/v1/accounts/0x1/resource/${encodeURIComponent('0x1::block::BlockResource')}`),
        ...senders.flatMap((sender) => [
          get(`/v1/accounts/${sender.address}/resource/${encodeURIComponent('0x1::account::Account')}`),
          get(`/v1/accounts/${sender.address}/resource/${encodeURIComponent('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>')}`),
        ]),
      ],
    },
    {
      id: 'table-item',
      name: 'table item (`POST /v1/tables/{h}/item`, JSON)',
      requests: tables.flatMap((table) =>
        table.keys.map((key): AutocannonRequest => ({
          method: 'POST',
          path: `/v1/tables/${table.handle}/item`,
          headers: JSON_BODY,
          body: JSON.stringify({ key_type: table.keyType, value_type: table.valueType, key }),
        }))),
    },
    {
      id: 'raw-table-item',
      name: 'raw table item (`POST /v1/tables/{h}/raw_item`, BCS)',
      requests: tables.flatMap((table) =>
        table.rawKeys.map((key): AutocannonRequest => ({
          method: 'POST',
          path: `/v1/tables/${table.handle}/raw_item`,
          headers: { ...JSON_BODY, Accept: 'application/x-bcs' },
          body: JSON.stringify({ key }),
        }))),
    },
    { id: 'gas', name: 'gas estimate (`/v1/estimate_gas_price`)', requests: [get('/v1/estimate_gas_price')] },
    { id: 'ledger', name: 'ledger info (`/v1`)', requests: [get('/v1')] },
  ];
}

// ---------------------------------------------------------------------------------------------
// Recording the service's responses for the bare server.

const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Recorded {
  readonly entries: BareEntry[];
  /** Mean body size per endpoint id. */
  readonly bodyBytes: Map<string, number>;
}

async function recordResponses(baseUrl: string, endpoints: readonly Endpoint[]): Promise<Recorded> {
  const entries: BareEntry[] = [];
  const bodyBytes = new Map<string, number>();
  for (const endpoint of endpoints) {
    let total = 0;
    for (const request of endpoint.requests) {
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: request.headers ?? {},
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) {
        throw new Error(`${request.method} ${request.path} answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
      }
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (!NOT_REPLAYED.has(name)) headers.push([name, value]);
      });
      entries.push({ key: bareKey(request.method, request.path, request.body), status: response.status, headers, bodyBase64: body.toString('base64') });
      total += body.length;
    }
    bodyBytes.set(endpoint.id, total / endpoint.requests.length);
  }
  return { entries, bodyBytes };
}

/** Checks once that the bare server answers every request exactly as the service did (status, headers, body). */
async function verifyBare(serviceUrl: string, bareUrl: string, endpoints: readonly Endpoint[]): Promise<void> {
  const snapshot = async (base: string, request: AutocannonRequest): Promise<string> => {
    const response = await fetch(`${base}${request.path}`, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(10_000),
    });
    const headers: string[] = [];
    response.headers.forEach((value, name) => {
      if (name !== 'date') headers.push(`${name}: ${value}`);
    });
    return `${response.status}\n${headers.sort().join('\n')}\n\n${Buffer.from(await response.arrayBuffer()).toString('base64')}`;
  };
  for (const endpoint of endpoints) {
    for (const request of endpoint.requests) {
      const [ours, bare] = [await snapshot(serviceUrl, request), await snapshot(bareUrl, request)];
      if (ours !== bare) throw new Error(`the bare server's reply differs from the service's for ${request.method} ${request.path}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Load.

interface Measurement {
  readonly requestsPerSecond: number;
  readonly p50ms: number;
  readonly p99ms: number;
  readonly responses: number;
  readonly failures: number;
  /** CPU use of the server process during the measured run, % of one core (Linux only). */
  readonly serverCpu: number | undefined;
  /** CPU use of this (load generator) process during the measured run, % of one core. */
  readonly clientCpu: number;
  /** CPU use of every other process on the machine during the measured run, % of one core (Linux only). */
  readonly otherCpu: number | undefined;
  /** CPU time stolen by the hypervisor during the measured run, % of one core (Linux only). */
  readonly stealCpu: number | undefined;
}

function runLoad(url: string, requests: readonly AutocannonRequest[], durationSeconds: number, onLatency?: (ms: number) => void): AutocannonRun {
  const run = autocannon({
    url,
    connections: SETTINGS.connections,
    duration: durationSeconds,
    pipelining: SETTINGS.pipelining,
    timeout: SETTINGS.timeoutSeconds,
    requests,
  });
  if (onLatency !== undefined) run.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  return run;
}

async function measure(url: string, serverPid: number | undefined, requests: readonly AutocannonRequest[]): Promise<Measurement> {
  await runLoad(url, requests, SETTINGS.warmupSeconds);
  const latencies: number[] = [];
  const serverCpu0 = processCpuMs(serverPid);
  const machine0 = machineCpuMs();
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await runLoad(url, requests, SETTINGS.durationSeconds, (ms) => latencies.push(ms));
  const wallMs = performance.now() - t0;
  const clientCpu = process.cpuUsage(clientCpu0);
  const serverCpu1 = processCpuMs(serverPid);
  const machine1 = machineCpuMs();
  latencies.sort((a, b) => a - b);
  const responses = result.requests.total;
  const share = (ms: number): number => (ms / wallMs) * 100;
  const serverMs = serverCpu0 === undefined || serverCpu1 === undefined ? undefined : serverCpu1 - serverCpu0;
  const clientMs = (clientCpu.user + clientCpu.system) / 1000;
  const machine = machine0 === undefined || machine1 === undefined ? undefined
    : { busy: machine1.busy - machine0.busy, steal: machine1.steal - machine0.steal };
  return {
    requestsPerSecond: responses / result.duration,
    p50ms: percentile(latencies, 0.5),
    p99ms: percentile(latencies, 0.99),
    responses,
    failures: result.errors + result.timeouts + result.non2xx,
    serverCpu: serverMs === undefined ? undefined : share(serverMs),
    clientCpu: share(clientMs),
    otherCpu: machine === undefined || serverMs === undefined ? undefined : share(Math.max(0, machine.busy - serverMs - clientMs)),
    stealCpu: machine === undefined ? undefined : share(machine.steal),
  };
}

// ---------------------------------------------------------------------------------------------
// Report.

interface Row {
  readonly endpoint: Endpoint;
  readonly bodyBytes: number;
  readonly ours: Measurement;
  readonly bare: Measurement;
}

const int = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : 'n/a');
/** Server CPU as "% of a core (CPU µs per response)". */
const cpuCell = (m: Measurement): string =>
  m.serverCpu === undefined ? 'n/a' : `${Math.round(m.serverCpu)}% (${int((m.serverCpu / 100) * 1e6 / m.requestsPerSecond)} µs)`;
const verdict = (met: boolean): string => (met ? '**met**' : '**not met**');

function report(info: SnapshotInfo, rows: readonly Row[], generation: string, loadAverage: readonly number[]): string {
  const cpus = os.cpus();
  const lines: string[] = [
    '## Read service over HTTP',
    '',
    '`npm run bench:service` (`node test/bench/service-bench.ts`) — the read service as the headless CLI runs it',
    '(`ledger-explorer serve --snapshot … --port 0`, its own process) under load from autocannon in the benchmark',
    'process over loopback, next to a baseline measured in the same run with the same settings: a bare `node:http`',
    'server (a third process) that answers each request with the status, headers and body bytes the service gave',
    'for it (recorded once before the runs), looked up by method, URL and body — no routing, store or encoding.',
    'Each endpoint rotates through several real requests built from the snapshot\'s samples (accounts, event',
    'streams, senders, table keys), so no single URL is repeated.',
    '',
    `- Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${os.platform()} ${os.release()};`,
    `  load average at start ${loadAverage.map((n) => n.toFixed(2)).join(' / ')}; ${new Date().toISOString().slice(0, 10)}.`,
    `- Settings: autocannon ${autocannonVersion}, ${SETTINGS.connections} connections, pipelining ${SETTINGS.pipelining}, ` +
      `${SETTINGS.warmupSeconds} s warm-up (discarded) then ${SETTINGS.durationSeconds} s measured, per endpoint per server;`,
    '  req/s = responses / measured seconds; p50/p99 over every response\'s latency as autocannon timed it (request written',
    '  → response parsed, in ms with sub-ms precision). CPU = the server process\'s CPU time / wall time (100% = one core), and in parentheses its CPU time per response.',
    `- Snapshot: sample size (generator defaults: ${DEFAULT_GENERATE.versions.toLocaleString('en')} versions, ` +
      `${DEFAULT_GENERATE.accounts.toLocaleString('en')} accounts, seed ${DEFAULT_GENERATE.seed}), ${BigInt(info.counts.state_values ?? '0').toLocaleString('en')} state rows, ` +
      `ledger version ${info.latestVersion}; \`test/.tmp/bench/service-sample.db\` (${generation}).`,
    '',
    '| endpoint | requests rotated | body bytes (mean) | ours req/s | ours p50 ms | ours p99 ms | ours CPU | bare req/s | bare p50 ms | bare p99 ms | bare CPU | ours / bare req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const { ours, bare } = row;
    lines.push(
      `| ${row.endpoint.name} | ${row.endpoint.requests.length} | ${int(row.bodyBytes)} | ${int(ours.requestsPerSecond)} | ${fixed(ours.p50ms, 2)} | ${fixed(ours.p99ms, 2)} | ` +
        `${cpuCell(ours)} | ${int(bare.requestsPerSecond)} | ${fixed(bare.p50ms, 2)} | ${fixed(bare.p99ms, 2)} | ${cpuCell(bare)} | ` +
        `${fixed(ours.requestsPerSecond / bare.requestsPerSecond, 2)} |`,
    );
  }

  lines.push('', '### Goals', '');
  const ratioGoal = (id: string, label: string): void => {
    const row = rows.find((r) => r.endpoint.id === id);
    if (row === undefined) {
      lines.push(`- ${label} ≥ ${RATIO_GOAL}× the bare server's req/s: not measured in this run.`);
      return;
    }
    const ratio = row.ours.requestsPerSecond / row.bare.requestsPerSecond;
    lines.push(`- ${label} ≥ ${RATIO_GOAL}× the bare server's req/s: ${verdict(ratio >= RATIO_GOAL)} — ` +
      `${int(row.ours.requestsPerSecond)} vs ${int(row.bare.requestsPerSecond)} req/s = ${fixed(ratio, 2)}×.`);
  };
  ratioGoal('resources', 'Resources page');
  ratioGoal('events', 'Events page (by creation number)');
  ratioGoal('events-handle', 'Events page (by event handle)');
  const slow = rows.filter((row) => !(row.ours.p99ms < P99_GOAL_MS));
  const fast = rows.filter((row) => row.ours.p99ms < P99_GOAL_MS);
  const p99s = (list: readonly Row[]): string => list.map((row) => `${row.endpoint.id} ${fixed(row.ours.p99ms, 2)} ms`).join(', ');
  lines.push(`- p99 < ${P99_GOAL_MS} ms at ${SETTINGS.connections} connections: ${verdict(slow.length === 0)}` +
    (slow.length === 0 ? ` on every endpoint (${p99s(fast)}).` : ` — over the goal: ${p99s(slow)}` + (fast.length > 0 ? `; within: ${p99s(fast)}.` : '.')));

  const failures = rows.flatMap((row) => [
    ...(row.ours.failures > 0 ? [`${row.endpoint.id} (ours): ${row.ours.failures}`] : []),
    ...(row.bare.failures > 0 ? [`${row.endpoint.id} (bare): ${row.bare.failures}`] : []),
  ]);
  const all = rows.flatMap((row) => [row.ours, row.bare]);
  const clientCpu = Math.max(...all.map((m) => m.clientCpu));
  const others = all.map((m) => m.otherCpu).filter((value): value is number => value !== undefined);
  const steals = all.map((m) => m.stealCpu).filter((value): value is number => value !== undefined);
  const mean = (list: readonly number[]): number => list.reduce((a, b) => a + b, 0) / list.length;
  const interference = others.length === 0 ? 'not measured (needs Linux /proc)'
    : `other processes used ${Math.round(mean(others))}% of a core on average (at most ${Math.round(Math.max(...others))}%), ` +
      `hypervisor steal ${Math.round(mean(steals))}% on average`;
  lines.push(
    '',
    '### Notes',
    '',
    `- Errors, timeouts and non-2xx responses: ${failures.length === 0 ? 'none' : failures.join(', ')}.` +
      ' Before the runs, every request was sent once to both servers: same status, headers (but Date) and body bytes.',
    `- The load generator is single-threaded and shares the ${cpus.length} cores with the server under test; it used up to ${Math.round(clientCpu)}% of a core.`,
    `  During the measured runs ${interference}; a server below 100% CPU while 32 requests wait was short of CPU.`,
    '  When the bare server is bounded by the load generator rather than by its own CPU, its req/s is a floor and the',
    '  ratio flatters the service.',
    `- With ${SETTINGS.connections} connections always busy, mean latency ≈ ${SETTINGS.connections} / req/s (Little's law): a p99 under ${P99_GOAL_MS} ms needs`,
    `  roughly ${int((SETTINGS.connections / P99_GOAL_MS) * 1000)} req/s or more from a single-threaded server.`,
    '',
  );
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main.

function ensureSnapshot(): string {
  mkdirSync(benchDir, { recursive: true });
  if (existsSync(snapshotPath)) return 'reused from an earlier run';
  log(`generating the sample-size snapshot into ${snapshotPath} …`);
  const t0 = performance.now();
  generateSnapshot({ out: snapshotPath });
  return `generated in this run in ${fixed((performance.now() - t0) / 1000)} s`;
}

function readInfo(): SnapshotInfo {
  const store = SnapshotStore.open(snapshotPath);
  try {
    return snapshotInfo(store, SAMPLE_SIZE);
  } finally {
    store.close();
  }
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

async function main(): Promise<void> {
  const loadAverage = os.loadavg();
  const generation = ensureSnapshot();
  const info = readInfo();
  const only = args.only?.split(',').map((id) => id.trim()).filter((id) => id !== '');
  const all = buildEndpoints(info);
  const unknown = only?.filter((id) => !all.some((endpoint) => endpoint.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown endpoint id(s) ${unknown.join(', ')}; known: ${all.map((e) => e.id).join(', ')}`);
  const endpoints = only === undefined ? all : all.filter((endpoint) => only.includes(endpoint.id));
  for (const endpoint of endpoints) if (endpoint.requests.length === 0) throw new Error(`no sampled requests for ${endpoint.id}`);

  // Watchdog: the runs' planned time plus generous slack; then everything is stopped.
  const plannedSeconds = endpoints.length * 2 * (SETTINGS.warmupSeconds + SETTINGS.durationSeconds + 1) + 120;
  setTimeout(() => {
    log(`watchdog: still running after ${plannedSeconds} s, giving up`);
    killAll('SIGKILL');
    process.exit(1);
  }, plannedSeconds * 1000).unref();

  const profiling = args['cpu-prof'];
  const profileSince = Date.now();
  if (profiling) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const service = await startService(profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  log(`service (pid ${service.child.pid}) at ${service.url}`);
  const recorded = await recordResponses(service.url, endpoints);
  const bare = await startBareServer(recorded.entries);
  log(`bare server (pid ${bare.child.pid}) at ${bare.url}`);
  await verifyBare(service.url, bare.url, endpoints);

  const rows: Row[] = [];
  for (const endpoint of endpoints) {
    log(`${endpoint.id}: ours …`);
    const ours = await measure(service.url, service.child.pid, endpoint.requests);
    log(`${endpoint.id}: bare …`);
    const baseline = await measure(bare.url, bare.child.pid, endpoint.requests);
    log(`${endpoint.id}: ${int(ours.requestsPerSecond)} vs ${int(baseline.requestsPerSecond)} req/s, p99 ${fixed(ours.p99ms, 2)} vs ${fixed(baseline.p99ms, 2)} ms`);
    rows.push({ endpoint, bodyBytes: recorded.bodyBytes.get(endpoint.id) ?? Number.NaN, ours, bare: baseline });
  }

  await Promise.all([stopChild(service.child), stopChild(bare.child)]);

  let markdown = report(info, rows, generation, loadAverage);
  if (profiling) {
    const profile = newestProfile(profileSince);
    markdown += profile === undefined
      ? '\n(no CPU profile found)\n'
      : `\n### Where the service's time goes (--cpu-prof; profiled run, figures above are slowed by profiling)\n\n${summarizeCpuProfile(profile)}\nProfile: ${profile}\n`;
  }
  process.stdout.write(markdown);
  if (args.write) {
    writeFileSync(docPath, markdown);
    log(`written to ${docPath}`);
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
