/**
 * Sample benchmark (`npm run bench:sample`): generating the default sample snapshot and verifying it, each as the
 * user runs it (`ledger-explorer snapshot generate|verify` in its own process), next to the baseline measured in the
 * same run: a bare rewrite of the file's own rows, `sqlite3 FILE .dump | sqlite3 COPY` (two processes, as the
 * generator may use both cores too). Goals (issue 29): generation ≤ 3× the baseline and ≤ 5 s on 2 cores, verify ≤ 2×
 * the baseline, memory flat. The machine may be shared: each round measures all three back to back, the load
 * average is reported, and both the wall-time and the CPU-time ratio of each round are kept (CPU time, from
 * `/usr/bin/time`, suffers less from other work than wall time does). Peak RSS is the kernel's maximum resident set.
 *
 * Usage: node test/bench/sample-bench.ts [--rounds N] [--no-doc]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fixed } from './bench-stats.ts';
import { writeBenchmarkSection } from './benchmark-doc.ts';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'electron', 'cli', 'ledger-explorer.js');
const dir = join(root, 'test', '.tmp', 'bench');
mkdirSync(dir, { recursive: true });
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;
const sample = join(dir, 'sample-bench.db');
const copy = join(dir, 'sample-bench-copy.db');
const indexerReport = join(dir, 'sample-bench-indexer.json');

interface Run {
  readonly seconds: number;
  readonly peakRssMiB: number;
  readonly cpuSeconds: number;
}

/** A generate run, and what its finishing indexer pass took of it (reported by the command: snapshot-command.ts). */
interface GenerateRun extends Run {
  readonly indexerSeconds: number;
  readonly indexerCpuSeconds: number;
}

/**
 * Runs `command` under `/usr/bin/time` and times it: wall seconds measured here; CPU seconds (user + system, the
 * children it waited for included: both sqlite3 of the baseline) and peak RSS as the kernel accounts them.
 */
function timed(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'TIME %U %S %M', command, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const [, user, system, rssKiB] = /TIME ([\d.]+) ([\d.]+) (\d+)/.exec(stderr) ?? [];
      if (code !== 0 || user === undefined) reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`));
      else
        resolve({
          seconds,
          cpuSeconds: Number(user) + Number(system),
          peakRssMiB: Number(rssKiB) / 1024,
        });
    });
  });
}

/**
 * Generates the sample; the command writes what its indexer pass (format v4's `ix_*` tables, electron/indexer/) cost
 * to the report file named by LEDGER_EXPLORER_BENCH_REPORT, so generation is measured with and without that pass.
 */
const generate = async (): Promise<GenerateRun> => {
  rmSync(indexerReport, { force: true });
  const run = await timed(process.execPath, [cli, 'snapshot', 'generate', '--out', sample, '--force'], {
    ...process.env,
    LEDGER_EXPLORER_BENCH_REPORT: indexerReport,
  });
  const report = JSON.parse(readFileSync(indexerReport, 'utf8')) as { indexerCpuMs: number; indexerWallMs: number };
  return { ...run, indexerSeconds: report.indexerWallMs / 1000, indexerCpuSeconds: report.indexerCpuMs / 1000 };
};
/** The generate run less its indexer pass. */
const withoutIndexer = (run: GenerateRun): Run => ({
  seconds: run.seconds - run.indexerSeconds,
  cpuSeconds: run.cpuSeconds - run.indexerCpuSeconds,
  peakRssMiB: run.peakRssMiB,
});
const verify = (): Promise<Run> => timed(process.execPath, [cli, 'snapshot', 'verify', sample]);
const rewrite = (): Promise<Run> => {
  rmSync(copy, { force: true });
  // The system sqlite3 may lack STAT4 and then refuses the dump's sqlite_stat4 rows: those lines are statistics,
  // not rows of the format, so their errors are dropped.
  return timed('sh', ['-c', `sqlite3 '${sample}' .dump | sqlite3 '${copy}' 2>/dev/null; true`]);
};

const pair = (wall: number, cpu: number): string => `${fixed(wall)} (${fixed(cpu)})`;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

const loadBefore = load();
await generate(); // warms the OS cache and the file for the first baseline
const rows: { generate: GenerateRun; baseline: Run; verify: Run; load: string }[] = [];
for (let round = 0; round < rounds; round += 1) {
  const baseline = await rewrite();
  const generated = await generate();
  const verified = await verify();
  rows.push({ generate: generated, baseline, verify: verified, load: load() });
  process.stderr.write(
    `round ${round + 1}: generate ${fixed(generated.seconds)} s, rewrite ${fixed(baseline.seconds)} s, ` +
      `verify ${fixed(verified.seconds)} s, indexer pass ${fixed(generated.indexerSeconds)} s (load ${load()})\n`,
  );
}
const size = statSync(sample).size / 2 ** 20;
type Row = (typeof rows)[number];
const cells = (run: Run): string => pair(run.seconds, run.cpuSeconds);
const ratio = (run: Run, baseline: Run): string =>
  pair(run.seconds / baseline.seconds, run.cpuSeconds / baseline.cpuSeconds);
const medianCells = (pick: (row: Row) => Run): string =>
  pair(median(rows.map((r) => pick(r).seconds)), median(rows.map((r) => pick(r).cpuSeconds)));
const medianRatio = (pick: (row: Row) => Run): string =>
  pair(
    median(rows.map((r) => pick(r).seconds / r.baseline.seconds)),
    median(rows.map((r) => pick(r).cpuSeconds / r.baseline.cpuSeconds)),
  );
const lines = [
  '## Sample snapshot: generate and verify',
  '',
  '`npm run bench:sample` (`node test/bench/sample-bench.ts`): the default sample (50,000 versions, 1,000 accounts, ' +
    '10,000 collector coin stores) generated and verified by the command as users run it, each next to the baseline ' +
    'measured in the same round: a bare rewrite of the file’s own rows, `sqlite3 FILE .dump | sqlite3 COPY`. ' +
    'Goals (issue 29): generate ≤ 3× the baseline and ≤ 5 s on 2 cores; verify ≤ 2× the baseline; memory flat. ' +
    '“Without indexer pass”: the same run less the finishing pass that derives format v4’s indexer tables ' +
    '(electron/indexer/), as the command reports it (its wall and CPU time).',
  '',
  `File: ${size.toFixed(1)} MiB. Load average (1 / 5 / 15 min) before the run: ${loadBefore}; the machine is shared, ` +
    'so the ratio of each round (measured back to back) matters more than the seconds.',
  '',
  '| round | rewrite s (CPU s) | generate s (CPU s) | generate / rewrite: wall (CPU) | ' +
    'generate without indexer pass s (CPU s) | without indexer / rewrite: wall (CPU) | generate peak RSS MiB | ' +
    'verify s (CPU s) | verify / rewrite: wall (CPU) | verify peak RSS MiB | load after |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...rows.map(
    (row, i) =>
      `| ${i + 1} | ${cells(row.baseline)} | ${cells(row.generate)} | ${ratio(row.generate, row.baseline)} | ` +
      `${cells(withoutIndexer(row.generate))} | ${ratio(withoutIndexer(row.generate), row.baseline)} | ` +
      `${Math.round(row.generate.peakRssMiB)} | ${cells(row.verify)} | ${ratio(row.verify, row.baseline)} | ` +
      `${Math.round(row.verify.peakRssMiB)} | ${row.load} |`,
  ),
  `| median | ${medianCells((r) => r.baseline)} | ${medianCells((r) => r.generate)} | ` +
    `${medianRatio((r) => r.generate)} | ${medianCells((r) => withoutIndexer(r.generate))} | ` +
    `${medianRatio((r) => withoutIndexer(r.generate))} | | ${medianCells((r) => r.verify)} | ` +
    `${medianRatio((r) => r.verify)} | | |`,
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
if (!process.argv.includes('--no-doc')) writeBenchmarkSection('sample', lines.join('\n'));
