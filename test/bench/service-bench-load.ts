/**
 * Load for the service benchmark: autocannon (CommonJS, no bundled types) driven from this process,
 * and what one measured run yields — req/s, p50/p99 latency, and the CPU time of the server under
 * test, of this load generator and of every other process on the machine (Linux /proc).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { percentile } from './bench-stats.ts';

/** One request autocannon sends (the part of its request options used here). */
export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Load settings shared by every run of a benchmark. */
export interface LoadSettings {
  readonly connections: number;
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  readonly pipelining: number;
  readonly timeoutSeconds: number;
}

interface AutocannonOptions {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly pipelining: number;
  readonly timeout: number;
  readonly requests: readonly BenchRequest[];
}

interface AutocannonResult {
  readonly duration: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly requests: { readonly total: number };
}

interface AutocannonRun extends PromiseLike<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
  ): AutocannonRun;
  stop(): void;
}

const loadCommonJs = createRequire(import.meta.url);
const autocannon = loadCommonJs('autocannon') as (options: AutocannonOptions) => AutocannonRun;

/** The installed autocannon version, for the report. */
export const autocannonVersion = (loadCommonJs('autocannon/package.json') as { version: string }).version;

/** What one measured run of one server yields. */
export interface Measurement {
  readonly requestsPerSecond: number;
  readonly p50ms: number;
  readonly p99ms: number;
  readonly responses: number;
  /** Errors + timeouts + non-2xx responses. */
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

/** CPU time (user + system) of a process in ms from /proc (Linux); undefined elsewhere. */
export function processCpuMs(pid: number | undefined): number | undefined {
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

/**
 * Loads `url` with `requests` (each connection walks the list in order, wrapping around) for
 * `durationSeconds`; resolves with autocannon's result. `onLatency` sees every response's latency.
 */
export async function runLoad(
  url: string,
  requests: readonly BenchRequest[],
  settings: LoadSettings,
  durationSeconds: number,
  onLatency?: (ms: number) => void,
): Promise<AutocannonResult> {
  const run = autocannon({
    url,
    connections: settings.connections,
    duration: durationSeconds,
    pipelining: settings.pipelining,
    timeout: settings.timeoutSeconds,
    requests,
  });
  if (onLatency !== undefined) run.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  return await run;
}

/** A warm-up run (discarded), then a measured run of `settings.durationSeconds` against the server `serverPid`. */
export async function measure(
  url: string,
  serverPid: number | undefined,
  requests: readonly BenchRequest[],
  settings: LoadSettings,
): Promise<Measurement> {
  await runLoad(url, requests, settings, settings.warmupSeconds);
  const latencies: number[] = [];
  const serverCpu0 = processCpuMs(serverPid);
  const machine0 = machineCpuMs();
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await runLoad(url, requests, settings, settings.durationSeconds, (ms) => latencies.push(ms));
  const wallMs = performance.now() - t0;
  const clientCpu = process.cpuUsage(clientCpu0);
  const serverCpu1 = processCpuMs(serverPid);
  const machine1 = machineCpuMs();
  latencies.sort((a, b) => a - b);
  const responses = result.requests.total;
  const share = (ms: number): number => (ms / wallMs) * 100;
  const serverMs = serverCpu0 === undefined || serverCpu1 === undefined ? undefined : serverCpu1 - serverCpu0;
  const clientMs = (clientCpu.user + clientCpu.system) / 1000;
  const machine =
    machine0 === undefined || machine1 === undefined
      ? undefined
      : { busy: machine1.busy - machine0.busy, steal: machine1.steal - machine0.steal };
  return {
    requestsPerSecond: responses / result.duration,
    p50ms: percentile(latencies, 0.5),
    p99ms: percentile(latencies, 0.99),
    responses,
    failures: result.errors + result.timeouts + result.non2xx,
    serverCpu: serverMs === undefined ? undefined : share(serverMs),
    clientCpu: share(clientMs),
    otherCpu:
      machine === undefined || serverMs === undefined
        ? undefined
        : share(Math.max(0, machine.busy - serverMs - clientMs)),
    stealCpu: machine === undefined ? undefined : share(machine.steal),
  };
}
