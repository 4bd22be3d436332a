/**
 * Two HTTP servers in one process, loaded in turns (`node test/bench/service-bench-turns.ts A B`): each server kind
 * (service-bench-turns-child.ts: `serve:CHECKOUT`, `adapter:CHECKOUT` or `bare`) answers the benchmark's request sets
 * (service-bench-endpoints.ts) in a child process hosting both; the parent loads one, then the other, which goes first
 * alternating by round, and reads the child's CPU time around each turn, so each turn's CPU per response is that
 * server's alone and both see the same machine. `bare adapter:.` measures the HTTP adapter's own cost against a bare
 * node:http server (docs/benchmarks.md, issue 24, fourth pass); `serve:OLD serve:NEW` compares two builds (their
 * garbage shares one heap: service-bench-ab.ts runs them apart). Needs the snapshot that `npm run bench:service`
 * generates (test/.tmp/bench/service-sample.db).
 *
 * Usage: node test/bench/service-bench-turns.ts KIND_A KIND_B [--only resources,table-item] [--rounds 8]
 *          [--seconds 1.5] [--connections 16]
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixed } from './bench-stats.ts';
import { benchInfo, buildEndpoints, selectEndpoints } from './service-bench-endpoints.ts';
import { runLoad, type LoadSettings } from './service-bench-load.ts';

const SNAPSHOT = join(import.meta.dirname, '..', '.tmp', 'bench', 'service-sample.db');
const CHILD = join(import.meta.dirname, 'service-bench-turns-child.ts');

const { values: args, positionals } = parseArgs({
  options: {
    only: { type: 'string', default: 'resources,table-item' },
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '1.5' },
    connections: { type: 'string', default: '16' },
  },
  allowPositionals: true,
  strict: true,
});

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A kind with its checkout made absolute (the child runs elsewhere). */
function absoluteKind(kind: string): string {
  const [how = '', ...rest] = kind.split(':');
  return rest.length === 0 ? how : `${how}:${resolve(rest.join(':'))}`;
}

async function main(): Promise<void> {
  if (positionals.length !== 2) throw new Error('usage: service-bench-turns.ts KIND_A KIND_B [options]');
  if (!existsSync(SNAPSHOT)) throw new Error(`${SNAPSHOT} is missing: run "npm run bench:service" once first`);
  const rounds = Number(args.rounds);
  const settings: LoadSettings = {
    connections: Number(args.connections),
    durationSeconds: Number(args.seconds),
    warmupSeconds: 1,
    pipelining: 1,
    timeoutSeconds: 10,
  };
  const store = SnapshotStore.open(SNAPSHOT);
  const endpoints = (() => {
    try {
      return selectEndpoints(buildEndpoints(store, benchInfo(store)), args.only);
    } finally {
      store.close();
    }
  })();
  const child = fork(CHILD, [SNAPSHOT, ...positionals.map(absoluteKind)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const watchdog = setTimeout(
    () => child.kill('SIGKILL'),
    (rounds * 2 * (settings.durationSeconds + 2) + 60) * 1000 * 4,
  );
  watchdog.unref();
  // Replies come in the order asked; an exit fails whatever waits.
  const waiting: { done: (message: Record<string, unknown>) => void; fail: (error: Error) => void }[] = [];
  child.on('message', (message) => waiting.shift()?.done(message as Record<string, unknown>));
  child.once('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter.fail(new Error(`the child exited (${code})`));
  });
  const next = (): Promise<Record<string, unknown>> => new Promise((done, fail) => waiting.push({ done, fail }));
  try {
    const { urls } = (await next()) as { urls: string[] };
    const cpu = async (): Promise<number> => {
      child.send('cpu');
      return (await next()).cpu as number;
    };
    const lines = [
      `${positionals[0]} (A) and ${positionals[1]} (B) in one process, loaded in turns: ${rounds} rounds of ` +
        `${settings.durationSeconds} s, ${settings.connections} connections; ` +
        `load average ${fixed(os.loadavg()[0] ?? 0)} at the start.`,
      '',
      '| endpoint | A: CPU per response (median) | B | B / A | rounds where B < A |',
      '|---|---:|---:|---:|---:|',
    ];
    for (const endpoint of endpoints) {
      for (const url of urls) await runLoad(url, endpoint.requests, settings, settings.warmupSeconds);
      const perResponse: number[][] = [[], []];
      for (let round = 0; round < rounds; round += 1) {
        for (const index of round % 2 === 0 ? [0, 1] : [1, 0]) {
          const before = await cpu();
          const result = await runLoad(urls[index] ?? '', endpoint.requests, settings, settings.durationSeconds);
          const after = await cpu();
          if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${endpoint.id}: failed requests`);
          perResponse[index]?.push((after - before) / result.requests.total);
        }
      }
      const [a = [], b = []] = perResponse;
      const wins = b.filter((us, index) => us < (a[index] ?? Number.NaN)).length;
      lines.push(
        `| ${endpoint.name} | ${fixed(median(a), 1)} µs | ${fixed(median(b), 1)} µs | ` +
          `${fixed(median(b) / median(a), 2)} | ${wins} of ${rounds} |`,
      );
    }
    lines.push('', `Load average ${fixed(os.loadavg()[0] ?? 0)} at the end.`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    child.disconnect();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`service-bench-turns: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    process.exit(1);
  },
);
