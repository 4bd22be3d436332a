/**
 * The bare SQL side of the service benchmark: for each endpoint that declares it (service-bench-transactions.ts),
 * the statements returning the rows its requests read, run in this process on a read-only connection to the same
 * snapshot, each request's reads in turn, after the HTTP runs (so no server shares the cores) — the floor under the
 * service's uncached cost of the same reads, measured in the same run.
 */
import Database from 'better-sqlite3';
import { percentile } from './bench-stats.ts';
import type { Endpoint } from './service-bench-endpoints.ts';
import type { Measurement } from './service-bench-load.ts';
import type { Row } from './service-bench-report.ts';

/** One endpoint's bare SQL figures. */
export interface SqlMeasurement {
  /** Requests' reads timed. */
  readonly reads: number;
  /** Median wall time of one request's reads. */
  readonly p50us: number;
  /** This process's CPU time (user + system) over the timed reads, per request: comparable to a server's. */
  readonly cpuUs: number;
}

/** Times each endpoint's bare SQL reads for about `seconds` (after one untimed pass over every request). */
export function measureBareSql(
  snapshotPath: string,
  endpoints: readonly Endpoint[],
  seconds: number,
): Map<string, SqlMeasurement> {
  const db = new Database(snapshotPath, { readonly: true, fileMustExist: true });
  const results = new Map<string, SqlMeasurement>();
  try {
    db.pragma('query_only = ON');
    for (const endpoint of endpoints) {
      if (endpoint.bareSql === undefined) continue;
      const reads = endpoint.bareSql(db);
      if (reads.length === 0) continue;
      for (const read of reads) read();
      const times: number[] = [];
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      // Whole passes over the request set, so that every request weighs the same as in the rotating load.
      while (times.length === 0 || performance.now() - started < seconds * 1000) {
        for (const read of reads) {
          const t0 = performance.now();
          read();
          times.push((performance.now() - t0) * 1000);
        }
      }
      const cpu = process.cpuUsage(cpu0);
      times.sort((a, b) => a - b);
      results.set(endpoint.id, {
        reads: times.length,
        p50us: percentile(times, 0.5),
        cpuUs: (cpu.user + cpu.system) / times.length,
      });
    }
  } finally {
    db.close();
  }
  return results;
}

const int = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString('en') : 'n/a');

/** Server CPU time per response in µs (NaN when not measured). */
function cpuPerResponse(m: Measurement | undefined): number {
  return m?.serverCpu === undefined ? Number.NaN : ((m.serverCpu / 100) * 1e6) / m.requestsPerSecond;
}

/** The goal: uncached CPU per response at most this many times the bare server's plus the bare SQL's. */
const FLOOR_GOAL = 1.5;
/** The endpoints the goal names: a resources page, an events page, a table item and a transaction. */
const GOAL_ENDPOINTS: ReadonlySet<string> = new Set(['resources', 'events', 'table-item', 'transaction']);

/** Uncached CPU per response over the floor: the bare server's CPU per response plus the bare SQL's CPU. */
function floorRatio(row: Row, figures: SqlMeasurement | undefined): number {
  return cpuPerResponse(row.modes.uncached) / (cpuPerResponse(row.bare) + (figures?.cpuUs ?? Number.NaN));
}

/**
 * The report's section on the endpoints with bare SQL: the uncached service's req/s and CPU per response, the bare
 * server's CPU per response, and the bare SQL of the same reads, all from this run.
 */
export function sqlSection(rows: readonly Row[], sql: ReadonlyMap<string, SqlMeasurement>, seconds: number): string[] {
  const measured = rows.filter((row) => sql.has(row.endpoint.id));
  if (measured.length === 0) return [];
  const lines = [
    '### Uncached CPU beside the bare server and the bare SQL',
    '',
    'The same request sets as above. Bare SQL: the statements returning the rows the store reads for each request ' +
      "(`test/bench/service-bench-state-sql.ts`: the store's own statements for a resources page, an events page and " +
      'a table item; `test/bench/service-bench-transactions.ts`: the transaction row with its details, its write ' +
      "set, its events; for a block its row and each of its transactions'), run in the benchmark process on a " +
      'read-only connection ' +
      `to the same file, every request's reads in turn (whole passes over the set) for about ${seconds} s after the ` +
      "HTTP runs (no server running); CPU = this process's CPU time per request, the measure the servers' " +
      'CPU per response is in.',
    '',
    '| endpoint | URLs rotated | body bytes (mean) | uncached req/s | uncached CPU per response | ' +
      'bare server CPU per response | bare SQL per request (CPU; wall p50) | uncached CPU / bare SQL CPU | ' +
      'uncached CPU / (bare server + bare SQL) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of measured) {
    const figures = sql.get(row.endpoint.id);
    const uncached = row.modes.uncached;
    const ours = cpuPerResponse(uncached);
    lines.push(
      `| ${row.endpoint.name} | ${row.endpoint.requests.length} | ${int(row.bodyBytes)} | ` +
        `${uncached === undefined ? 'not measured' : int(uncached.requestsPerSecond)} | ${int(ours)} µs | ` +
        `${int(cpuPerResponse(row.bare))} µs | ${int(figures?.cpuUs ?? Number.NaN)} µs; ` +
        `${int(figures?.p50us ?? Number.NaN)} µs | ${(ours / (figures?.cpuUs ?? Number.NaN)).toFixed(1)}× | ` +
        `${floorRatio(row, figures).toFixed(2)}× |`,
    );
  }
  const goal = measured.filter((row) => GOAL_ENDPOINTS.has(row.endpoint.id));
  if (goal.length > 0) {
    const ratioOf = (row: Row): number => floorRatio(row, sql.get(row.endpoint.id));
    const missed = goal.filter((row) => !(ratioOf(row) <= FLOOR_GOAL));
    const shown = missed.map((row) => `${row.endpoint.id} (${ratioOf(row).toFixed(2)}×)`).join(', ');
    lines.push(
      '',
      `Goal (issue 24): uncached CPU per response ≤ ${FLOOR_GOAL}× (bare server + bare SQL) for ` +
        `${goal.map((row) => row.endpoint.id).join(', ')}: ` +
        (missed.length === 0 ? '**met**.' : `**not met** for ${shown}.`),
    );
  }
  lines.push(
    '',
    'What lies between the bare SQL and the service is decoding every stored value by its layout (the JSON) or ' +
      'encoding the node types (the BCS), rendering, and HTTP; the bare server is the HTTP part alone.',
    '',
  );
  return lines;
}
