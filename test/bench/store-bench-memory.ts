/**
 * The store benchmark's memory section: RSS of the generator while it writes 1,000,000 versions, sampled in a child
 * process of its own (generation-memory.ts) at each percent of the versions, after the finishing step, and at its peak.
 * The result is kept beside the big snapshots and reused while the generator's and writer's sources are unchanged
 * (their hash is recorded with it), since the run takes minutes; `node test/bench/store-bench-memory.ts` measures it
 * alone.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixed } from './bench-stats.ts';
import type { GenerationMemory, MemorySample } from './generation-memory.ts';

const MIB = 2 ** 20;
const ROOT = join(import.meta.dirname, '..', '..');

/** What the generator runs beyond its own folder: the writer and the codecs it encodes values with. */
const WRITER_SOURCES = [
  'electron/snapshot/generate.ts',
  'electron/snapshot/snapshot-writer.ts',
  'electron/snapshot/version-tracker.ts',
  'electron/snapshot/ledger-hashes.ts',
  'electron/snapshot/schema.ts',
  'electron/snapshot/state-keys.ts',
  'electron/snapshot/snapshot-rows.ts',
  'electron/snapshot/transaction-details.ts',
  'shared/resource-group.ts',
];

/** A hash of the generator's and writer's sources, to know a kept result stale. */
function generatorSourceHash(): string {
  const hash = createHash('sha256');
  const generator = join(ROOT, 'electron/snapshot/generator');
  const files = [
    ...readdirSync(generator)
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map((file) => join(generator, file)),
    ...WRITER_SOURCES.map((file) => join(ROOT, file)),
  ];
  for (const file of files) hash.update(file.slice(ROOT.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Whether process `pid` runs (signal 0 only checks). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Blocks this script for `seconds` (it has nothing else to do meanwhile). */
function sleepSeconds(seconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, seconds * 1000);
}

/** Measures (or reuses) the generator's memory over `versions` versions. */
function generationMemory(dir: string, versions: number): GenerationMemory & { readonly date: string } {
  const sidecar = join(dir, `generation-memory-${versions}.json`);
  const sources = generatorSourceHash();
  if (existsSync(sidecar)) {
    const kept = JSON.parse(readFileSync(sidecar, 'utf8')) as GenerationMemory & { sources: string; date: string };
    if (kept.sources === sources) return kept;
  }
  // Another run measuring the same (e.g. `node test/bench/store-bench-memory.ts` started earlier) is waited for.
  const running = readdirSync(dir).find((name) =>
    new RegExp(`^generation-memory-${versions}\\.db\\.(\\d+)\\.partial$`).test(name),
  );
  const pid = running === undefined ? undefined : Number(/\.(\d+)\.partial$/.exec(running)?.[1]);
  if (pid !== undefined && isRunning(pid)) {
    process.stderr.write(`waiting for process ${pid}, which is measuring the generator's memory…\n`);
    while (isRunning(pid)) sleepSeconds(10);
    if (existsSync(sidecar)) {
      const kept = JSON.parse(readFileSync(sidecar, 'utf8')) as GenerationMemory & { sources: string; date: string };
      if (kept.sources === sources) return kept;
    }
  }
  const out = execFileSync(
    process.execPath,
    [
      join(import.meta.dirname, 'generation-memory.ts'),
      '--out',
      join(dir, `generation-memory-${versions}.db`),
      '--versions',
      String(versions),
    ],
    { encoding: 'utf8', maxBuffer: 16 * MIB },
  );
  const result = { ...(JSON.parse(out) as GenerationMemory), sources, date: new Date().toISOString() };
  writeFileSync(sidecar, JSON.stringify(result));
  return result;
}

const mib = (bytes: number): string => fixed(bytes / MIB, 0);

/** The Markdown lines of the memory section. */
export function generationMemorySection(dir: string, versions: number): string[] {
  const result = generationMemory(dir, versions);
  const at = (percent: number): MemorySample | undefined => result.samples.find((s) => s.percent === percent);
  // The last versions may write no state (a block's closing transactions), so the last sample may be at 99%.
  const last = result.samples.at(-1);
  const rows: [string, MemorySample | undefined][] = [
    ['10%', at(10)],
    ['25%', at(25)],
    ['50%', at(50)],
    ['75%', at(75)],
    [`${last?.percent ?? 100}% (last state write)`, last],
    ['finished (indexes built, file complete)', result.finished],
  ];
  const max = result.samples.reduce((top, s) => Math.max(top, s.rss), result.finished.rss);
  const half = at(50);
  const full = last;
  const lines = [
    `### Generator memory: ${versions.toLocaleString('en')} versions`,
    '',
    `RSS of a generator process writing ${versions.toLocaleString('en')} versions (5,000 accounts), sampled at each ` +
      'percent of the versions written; "heap" is the V8 heap (reserved / in use), the rest of RSS is mostly ' +
      "SQLite's page cache (bounded at 256 MiB by the writer) and the Node binary. " +
      `Measured on ${result.date.slice(0, 10)} (reused while the generator's sources are unchanged); ` +
      `${fixed(result.seconds)} s, ${Math.round(versions / result.seconds).toLocaleString('en')} versions/s, ` +
      `${Math.round(result.bytes / versions).toLocaleString('en')} bytes per version.`,
    '',
    '| written | RSS MiB | heap reserved MiB | heap used MiB | RSS − heap reserved MiB |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      ([label, s]) =>
        `| ${label} | ${s ? mib(s.rss) : 'n/a'} | ${s ? mib(s.heapTotal) : 'n/a'} | ${s ? mib(s.heapUsed) : 'n/a'} | ` +
        `${s ? mib(s.rss - s.heapTotal) : 'n/a'} |`,
    ),
    '',
    `Max RSS sampled: ${mib(max)} MiB; peak RSS of the process (the kernel's \`VmHWM\`, finishing step included): ` +
      `${result.peakRss === null ? 'n/a' : `${mib(result.peakRss)} MiB`}.` +
      (half && full
        ? ` From 50% to ${full.percent}% of the versions RSS grew ${mib(full.rss - half.rss)} MiB, ` +
          'of which the V8 heap ' +
          `${mib(full.heapTotal - half.heapTotal)} MiB.`
        : ''),
    '',
  ];
  return lines;
}

// Run alone: measure (or reuse) and print the section.
if (import.meta.main) {
  const dir = join(ROOT, 'test', '.tmp', 'bench');
  mkdirSync(dir, { recursive: true });
  process.stdout.write(`${generationMemorySection(dir, Number(process.argv[2] ?? 1_000_000)).join('\n')}\n`);
}
