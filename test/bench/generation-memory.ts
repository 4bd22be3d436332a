/**
 * Memory of the generator while it writes a chain (not a test; store-bench.ts runs it as a child process so the
 * figures are the generator's alone). It generates `--versions N` into `--out FILE` and samples the process's RSS and
 * V8 heap each time the simulation reaches another percent of the versions (seen through the writer's state-write
 * observer), then once after the file is finished, and prints one JSON line: the samples and the peak RSS the kernel
 * recorded (`VmHWM`, which includes the finishing step's index builds).
 *
 * Usage: node test/bench/generation-memory.ts --out FILE --versions N [--accounts N] [--seed N]
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';

/** One memory sample: the share of versions written, RSS, and the V8 heap reserved and in use (bytes). */
export interface MemorySample {
  readonly percent: number;
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
}

/** What the script prints. */
export interface GenerationMemory {
  readonly versions: number;
  readonly seconds: number;
  /** Sampled at each percent of the versions (1..100), then one at 100 after `finish` (indexes, compaction). */
  readonly samples: readonly MemorySample[];
  readonly finished: MemorySample;
  /** Peak RSS of the whole process (Linux `VmHWM`), or null elsewhere. */
  readonly peakRss: number | null;
  readonly bytes: number;
}

function sample(percent: number): MemorySample {
  const usage = process.memoryUsage();
  return { percent, rss: usage.rss, heapTotal: usage.heapTotal, heapUsed: usage.heapUsed };
}

function peakRss(): number | null {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    versions: { type: 'string' },
    accounts: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '23' },
  },
});
if (!values.out || !values.versions) throw new Error('usage: generation-memory.ts --out FILE --versions N');
const versions = Number(values.versions);
const samples: MemorySample[] = [];
let nextPercent = 1;
const t0 = performance.now();
rmSync(values.out, { force: true });
generateSnapshot({
  out: values.out,
  versions,
  accounts: Number(values.accounts),
  seed: Number(values.seed),
  // Called for every state write; sampling only when a new percent is reached keeps the cost to a comparison.
  observer: (_key, version) => {
    while (nextPercent <= 100 && version + 1 >= (versions * nextPercent) / 100) {
      samples.push(sample(nextPercent));
      nextPercent += 1;
    }
  },
});
const seconds = (performance.now() - t0) / 1000;
const { size } = statSync(values.out);
rmSync(values.out, { force: true });
const result: GenerationMemory = { versions, seconds, samples, finished: sample(100), peakRss: peakRss(), bytes: size };
process.stdout.write(`${JSON.stringify(result)}\n`);
