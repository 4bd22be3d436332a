/**
 * The service benchmark's Markdown section: setup, one table per service mode (cached, uncached)
 * next to the bare baseline, the issue's goals judged for each mode with their figures, notes on
 * the machine's load, and where the uncached server's time goes (from a CPU profile).
 */
import os from 'node:os';
import { DEFAULT_GENERATE } from '../../electron/snapshot/generate.ts';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixed } from './bench-stats.ts';
import type { Endpoint } from './service-bench-endpoints.ts';
import type { LoadSettings, Measurement } from './service-bench-load.ts';
import { isPseudoFrame, type ProfileSummary } from './service-bench-profile.ts';

/** The service modes measured: default `serve` (reply cache on) and `serve --no-cache`. */
export const MODES = ['cached', 'uncached'] as const;

/** One service mode. */
export type Mode = (typeof MODES)[number];

/** Goal: at least this share of the bare server's req/s on a resources page and an events page. */
export const RATIO_GOAL = 0.5;

/** Goal: p99 latency under this many ms at the benchmark's connection count. */
export const P99_GOAL_MS = 5;

/** Server CPU (% of one core) below which a server with requests always waiting was not running flat out. */
const SATURATED_CPU = 90;

/** Other processes' mean CPU (% of one core) above which the report flags the machine as busy. */
const BUSY_OTHER_CPU = 15;

/** One endpoint's figures: the bare baseline and each measured mode. */
export interface Row {
  readonly endpoint: Endpoint;
  readonly bodyBytes: number;
  readonly bare: Measurement;
  readonly modes: Partial<Record<Mode, Measurement>>;
}

/** A profiled load run of the uncached server. */
export interface ProfileRun {
  readonly endpointIds: readonly string[];
  readonly secondsEach: number;
  readonly responses: number;
  /** CPU time of the profiled process during the profiled runs, from /proc (Linux only). */
  readonly cpuMs: number | undefined;
  readonly summary: ProfileSummary;
}

/** Everything the section is rendered from. */
export interface ReportInput {
  readonly info: SnapshotInfo;
  readonly generation: string;
  readonly loadAverage: readonly number[];
  readonly settings: LoadSettings;
  readonly autocannonVersion: string;
  readonly modes: readonly Mode[];
  readonly rows: readonly Row[];
  /** Distinct replies recorded (each endpoint's request set) and their body bytes, against the default cache limits. */
  readonly cacheFit: {
    readonly replies: number;
    readonly bodyBytes: number;
    readonly maxEntries: number;
    readonly maxBytes: number;
  };
  readonly profile: ProfileRun | undefined;
  /** Sections placed after the mode tables (the transactions' bare SQL comparison). */
  readonly extraSections?: readonly string[];
}

const MODE_TITLE: Record<Mode, string> = {
  cached: 'Cached: default `serve` (reply cache on, warm)',
  uncached: 'Uncached: `serve --no-cache` (every request reaches the store, decodes and renders)',
};

const int = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : 'n/a');
const pct = (part: number, whole: number): string => `${fixed((part / whole) * 100, 1)}%`;
const verdict = (met: boolean): string => (met ? '**met**' : '**not met**');
const mean = (list: readonly number[]): number => list.reduce((a, b) => a + b, 0) / list.length;
/** Server CPU time per response in µs. */
const cpuPerResponse = (m: Measurement): number =>
  m.serverCpu === undefined ? Number.NaN : ((m.serverCpu / 100) * 1e6) / m.requestsPerSecond;
/** Server CPU as "% of a core (CPU µs per response)". */
const cpuCell = (m: Measurement): string =>
  m.serverCpu === undefined ? 'n/a' : `${Math.round(m.serverCpu)}% (${int(cpuPerResponse(m))} µs)`;

function modeTable(rows: readonly Row[], mode: Mode): string[] {
  const lines = [
    '| endpoint | URLs rotated | body bytes (mean) | ours req/s | ours p50 ms | ours p99 ms | ours CPU ' +
      '(per response) | bare req/s | bare p50 ms | bare p99 ms | bare CPU (per response) | ours / bare req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const ours = row.modes[mode];
    if (ours === undefined) continue;
    const { bare } = row;
    lines.push(
      `| ${row.endpoint.name} | ${row.endpoint.requests.length} | ${int(row.bodyBytes)} ` +
        `| ${int(ours.requestsPerSecond)} | ${fixed(ours.p50ms, 2)} | ${fixed(ours.p99ms, 2)} | ` +
        `${cpuCell(ours)} | ${int(bare.requestsPerSecond)} ` +
        `| ${fixed(bare.p50ms, 2)} | ${fixed(bare.p99ms, 2)} | ${cpuCell(bare)} | ` +
        `${fixed(ours.requestsPerSecond / bare.requestsPerSecond, 2)} |`,
    );
  }
  return lines;
}

function goalLines(rows: readonly Row[], mode: Mode, connections: number): string[] {
  const lines: string[] = [];
  const ratioGoal = (id: string, label: string): void => {
    const row = rows.find((r) => r.endpoint.id === id);
    const ours = row?.modes[mode];
    if (row === undefined || ours === undefined) {
      lines.push(`- ${label} ≥ ${RATIO_GOAL}× the bare server's req/s: not measured in this run.`);
      return;
    }
    const ratio = ours.requestsPerSecond / row.bare.requestsPerSecond;
    const bareCpu = row.bare.serverCpu;
    const floor =
      bareCpu !== undefined && bareCpu < SATURATED_CPU
        ? ` The bare server used only ${Math.round(bareCpu)}% of a core in its run (short of CPU or ` +
          'bounded by the load generator): its req/s is a floor, so this ratio flatters the service.'
        : '';
    lines.push(
      `- ${label} ≥ ${RATIO_GOAL}× the bare server's req/s: ${verdict(ratio >= RATIO_GOAL)} — ` +
        `${int(ours.requestsPerSecond)} vs ${int(row.bare.requestsPerSecond)} req/s = ${fixed(ratio, 2)}×.${floor}`,
    );
  };
  ratioGoal('resources', 'Resources page');
  ratioGoal('events', 'Events page (by creation number)');
  ratioGoal('events-handle', 'Events page (by event handle)');
  const measured = rows.filter((row) => row.modes[mode] !== undefined);
  const p99 = (row: Row): number => row.modes[mode]?.p99ms ?? Number.NaN;
  const slow = measured.filter((row) => !(p99(row) < P99_GOAL_MS));
  const fast = measured.filter((row) => p99(row) < P99_GOAL_MS);
  const list = (of: readonly Row[]): string =>
    of.map((row) => `${row.endpoint.id} ${fixed(p99(row), 2)} ms`).join(', ');
  lines.push(
    `- p99 < ${P99_GOAL_MS} ms at ${connections} connections: ${verdict(slow.length === 0)}` +
      (slow.length === 0
        ? ` on every endpoint (${list(fast)}).`
        : ` — over the goal: ${list(slow)}` + (fast.length > 0 ? `; within: ${list(fast)}.` : '.')),
  );
  return lines;
}

function notes(input: ReportInput): string[] {
  const { rows, settings, modes, cacheFit } = input;
  const measurements = rows.flatMap((row) => [row.bare, ...modes.flatMap((mode) => row.modes[mode] ?? [])]);
  const failures = rows.flatMap((row) => [
    ...(row.bare.failures > 0 ? [`${row.endpoint.id} (bare): ${row.bare.failures}`] : []),
    ...modes.flatMap((mode) =>
      (row.modes[mode]?.failures ?? 0) > 0 ? [`${row.endpoint.id} (${mode}): ${row.modes[mode]?.failures}`] : [],
    ),
  ]);
  const clientCpu = Math.max(...measurements.map((m) => m.clientCpu));
  const others = measurements.map((m) => m.otherCpu).filter((value): value is number => value !== undefined);
  const steals = measurements.map((m) => m.stealCpu).filter((value): value is number => value !== undefined);
  const interference =
    others.length === 0
      ? 'not measured (needs Linux /proc)'
      : `other processes used ${Math.round(mean(others))}% of a core ` +
        `on average (at most ${Math.round(Math.max(...others))}%), ` +
        `hypervisor steal ${Math.round(mean(steals))}% on average`;
  const busy = others.length > 0 && mean(others) > BUSY_OTHER_CPU;
  const fits = cacheFit.replies <= cacheFit.maxEntries && 2 * cacheFit.bodyBytes < cacheFit.maxBytes;
  const cores = os.cpus().length;
  return [
    `- Errors, timeouts and non-2xx responses: ${failures.length === 0 ? 'none' : failures.join(', ')}.` +
      ' Before the runs, every request was sent once to each server: ' +
      'the same status, headers (but Date) and body bytes from all.',
    `- The load generator is single-threaded and shares the ${cores} cores with ` +
      `the server under test; it used up to ${Math.round(clientCpu)}% of a core.`,
    `  During the measured runs ${interference}; a server below 100% ` +
      `CPU while ${settings.connections} requests wait was short of CPU.`,
    ...(busy
      ? [
          '  **The machine was busy during this run**: the figures are lower and the latencies ' +
            'longer than on an idle machine; the ratios, measured back to back, suffer less.',
        ]
      : []),
    '  When the bare server (or the cached service) is bounded by the ' +
      'load generator rather than by its own CPU, its req/s is a floor:',
    '  a ratio against such a baseline flatters the service.',
    `- With ${settings.connections} connections always busy, mean latency ` +
      `≈ ${settings.connections} / req/s (Little's law): a p99 under ${P99_GOAL_MS} ms needs`,
    `  roughly ${int((settings.connections / P99_GOAL_MS) * 1000)} req/s or more from a single-threaded server.`,
    ...(modes.includes('cached')
      ? [
          '- Cached mode: the recording pass (one request per URL, before the ' +
            `warm-up) filled the cache; the ${int(cacheFit.replies)} distinct replies ` +
            `(${fixed(cacheFit.bodyBytes / 2 ** 20, 1)} MiB of ` +
            `bodies) ${fits ? 'fit' : '**do not fit**'} its default limits ` +
            `(${int(cacheFit.maxEntries)} entries, ${int(cacheFit.maxBytes / 2 ** 20)} MiB), ` +
            `so ${fits ? 'the measured requests are cache hits' : 'some measured requests are misses'}.`,
          '  That is what a client gets for a page that was asked before ' +
            '(the snapshot never changes while open); the uncached table is',
          '  the cost of the first request for a page, and the honest measure of the store, decoding and rendering.',
        ]
      : []),
  ];
}

/** "Where the time goes": the uncached server's CPU profile, with the per-response CPU figures of the tables. */
function whereTheTimeGoes(input: ReportInput, profile: ProfileRun): string[] {
  const { summary } = profile;
  const busy = summary.busyMs;
  const areas = summary.areas
    .slice(0, 7)
    .map((a) => `${a.name} ${pct(a.ms, busy)}`)
    .join(', ');
  const top = summary.self.filter((entry) => !isPseudoFrame(entry)).slice(0, 5);
  const perResponse = (ms: number): string => int((ms * 1000) / profile.responses);
  const sets = profile.endpointIds.length === 1 ? 'request set' : 'request sets';
  const lines = [
    `\`serve --no-cache\` run again in its own process under \`node ` +
      `--cpu-prof\` after the measured runs (profiling slows none of the`,
    `figures above), warmed up for ${input.settings.warmupSeconds} s per endpoint, ` +
      `then loaded the same way with the ${profile.endpointIds.join(' and ')} ${sets}`,
    `for ${profile.secondsEach} s each (start-up and warm-up left out of ` +
      `the profile): ${int(profile.responses)} responses; the profile counts`,
    `${int(busy)} ms busy = ${perResponse(busy)} µs per response` +
      (profile.cpuMs === undefined
        ? '.'
        : `, while the process's CPU time (from /proc) was ${int(profile.cpuMs)} ` +
          `ms = ${perResponse(profile.cpuMs)} µs per response.`),
    "The two differ: the profiler samples the main thread's wall-clock " +
      'time (a frame in which the process was descheduled — on these',
    'shared cores typically `writev`, right after waking the load ' +
      'generator — counts for the whole gap), while /proc counts the CPU',
    "of every thread (the profiler's own, GC helpers) and the kernel's socket work.",
    `Self time by area: ${areas}.`,
    "better-sqlite3's calls into SQLite are not frames of their own: " +
      'their time is the self time of the store method that makes them.',
    '',
    '| # | function (self time) | file | share of busy time | µs per response |',
    '|---:|---|---|---:|---:|',
    ...top.map(
      (entry, i) =>
        `| ${i + 1} | \`${entry.name}\` | ${entry.location === '' ? 'native' : `\`${entry.location}\``} ` +
        `| ${pct(entry.ms, busy)} | ${perResponse(entry.ms)} |`,
    ),
    '',
  ];
  const uncached = input.rows.filter((row) => row.modes.uncached !== undefined);
  if (uncached.length > 0) {
    const range = (values: readonly number[]): string => `${int(Math.min(...values))}–${int(Math.max(...values))} µs`;
    const perRow = (pick: (row: Row) => Measurement | undefined): number[] =>
      uncached
        .map((row) => pick(row))
        .filter((m): m is Measurement => m !== undefined)
        .map(cpuPerResponse)
        .filter(Number.isFinite);
    const ours = perRow((row) => row.modes.uncached);
    const cached = perRow((row) => row.modes.cached);
    const bare = perRow((row) => row.bare);
    if (ours.length > 0 && bare.length > 0) {
      lines.push(
        `The server's CPU per response — ` +
          `uncached ${range(ours)}, ${cached.length > 0 ? `cached ${range(cached)}, ` : ''}bare ${range(bare)} — ` +
          'shows that the gap is work the service does, not the wire.',
      );
    }
  }
  // The hot spots of the earlier hand analysis, so that a regression shows: statements re-prepared on every
  // call (better-sqlite3's rowFactory), layouts and decoders rebuilt per request, the fetch-API bridge.
  const inclusive = (name: string): number =>
    summary.inclusive.filter((entry) => entry.name === name).reduce((sum, entry) => sum + entry.ms, 0);
  const areaMs = (name: string): number => summary.areas.find((entry) => entry.name === name)?.ms ?? 0;
  lines.push(
    'Earlier hot spots, now (inclusive share of busy time): `rowFactory` ' +
      '(better-sqlite3 re-preparing a statement on every call) ' +
      `${pct(inclusive('rowFactory'), busy)}, \`resolveLayout\` ${pct(inclusive('resolveLayout'), busy)}, ` +
      `\`compileStruct\` ${pct(inclusive('compileStruct'), busy)}, ` +
      'undici and web streams (the fetch-API ' +
      `bridge) ${pct(areaMs('undici (Request/Response/Headers)') + areaMs('web streams'), busy)} (self).`,
  );
  const writev = summary.self.find((entry) => entry.name === 'writev' && entry.location === '');
  if (writev !== undefined && writev.ms / busy >= 0.01) {
    lines.push(
      `\`writev\` (${pct(writev.ms, busy)}) is the same socket write the bare server makes for the same bytes.`,
    );
  }
  lines.push('');
  return lines;
}

/** The section's Markdown. */
export function renderReport(input: ReportInput): string {
  const { info, settings, modes, rows } = input;
  const cpus = os.cpus();
  const lines: string[] = [
    '## Read service over HTTP',
    '',
    '`npm run bench:service` (`node test/bench/service-bench.ts`) — the read service as the headless CLI runs it',
    '(`ledger-explorer serve --snapshot … --port 0`, its own ' +
      'process) under load from autocannon in the benchmark process over',
    'loopback, in two modes measured in the same run: **cached** ' +
      '(the default: the LRU reply cache on, warm) and **uncached**',
    '(`serve --no-cache`). Both are compared with one baseline ' +
      'measured in the same run with the same settings: a bare `node:http`',
    'server (a third process) that answers each request with ' +
      'the status, headers and body bytes the service gave for it',
    '(recorded once before the runs), looked up by method, URL and ' +
      'body — no routing, store or encoding. Each endpoint rotates',
    'through up to 200 distinct real requests built from the snapshot ' +
      '(accounts, event streams found in their resources, senders,',
    'table keys, versions and block heights spread over the ledger); the same set for both modes and the baseline, ' +
      'so no endpoint is one hot URL.',
    '',
    `- Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `Node ${process.version}, ${os.platform()} ${os.release()};`,
    '  load average at ' +
      `start ${input.loadAverage.map((n) => n.toFixed(2)).join(' / ')}; ${new Date().toISOString().slice(0, 10)}.`,
    `- Settings: autocannon ${input.autocannonVersion}, ${settings.connections} ` +
      `connections, pipelining ${settings.pipelining}, ` +
      `${settings.warmupSeconds} s warm-up (discarded) then ${settings.durationSeconds} ` +
      's measured, per endpoint per server, the three servers back to back;',
    '  req/s = responses / measured seconds; p50/p99 over every ' +
      "response's latency as autocannon timed it (request written",
    '  → response parsed, in ms with sub-ms precision). CPU = ' +
      "the server process's CPU time / wall time (100% = one core),",
    '  and in parentheses its CPU time per response.',
    `- Snapshot: sample size (generator defaults: ${DEFAULT_GENERATE.versions.toLocaleString('en')} versions, ` +
      `${DEFAULT_GENERATE.accounts.toLocaleString('en')} accounts, ` +
      `seed ${DEFAULT_GENERATE.seed}), ${BigInt(info.counts.state_values ?? '0').toLocaleString('en')} state rows, ` +
      `ledger version ${info.latestVersion}; \`test/.tmp/bench/service-sample.db\` (${input.generation}).`,
  ];
  for (const mode of modes) lines.push('', `### ${MODE_TITLE[mode]}`, '', ...modeTable(rows, mode));
  if (input.extraSections !== undefined && input.extraSections.length > 0) lines.push('', ...input.extraSections);
  else lines.push('');
  lines.push('### Goals', '');
  for (const mode of modes)
    lines.push(`${mode === 'cached' ? 'Cached' : 'Uncached'}:`, '', ...goalLines(rows, mode, settings.connections), '');
  lines.push('### Notes', '', ...notes(input), '');
  if (input.profile !== undefined)
    lines.push('### Where the time goes (uncached)', '', ...whereTheTimeGoes(input, input.profile));
  return lines.join('\n');
}
