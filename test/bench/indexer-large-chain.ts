/**
 * The large chain of `node test/bench/indexer-large-bench.ts`: a format v4 snapshot generated once (the same
 * generator as `snapshot generate`) and cached under test/.tmp, with a sidecar JSON of what generating it cost (and,
 * when asked, what generating the same chain as format v2 cost), so a later run measures the queries without
 * generating again. Also counts the rows the file holds, base and indexer tables alike.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import type Database from 'better-sqlite3';
import { DERIVE_THREADS_ENV } from '../../electron/indexer/derive-thread.ts';
import { generateSnapshot } from '../../electron/snapshot/generate.ts';

/** What generating one format of the chain cost. */
export interface GenerationCost {
  readonly format: 2 | 4;
  /** CPU (user + system) of this process while generating, ms. */
  readonly cpuMs: number;
  readonly wallMs: number;
  /** CPU and wall of the finishing indexer pass (0 for format v2), ms. */
  readonly indexerCpuMs: number;
  readonly indexerWallMs: number;
  readonly bytes: number;
  /** 1-minute load average before and after. */
  readonly loads: readonly [number, number];
  readonly date: string;
}

/** The sidecar of a cached chain. */
export interface LargeChain {
  readonly path: string;
  readonly versions: number;
  readonly generated: readonly GenerationCost[];
}

/** Where the chain of `versions` versions is cached by default. */
export function defaultChainPath(versions: number): string {
  return join(import.meta.dirname, '..', '.tmp', `large-chain-${versions}.db`);
}

function generateOne(out: string, versions: number, format: 2 | 4): GenerationCost {
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  // One thread for the pass, as the indexer bench measures it (no helper's CPU on a busy machine).
  process.env[DERIVE_THREADS_ENV] = '1';
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  const summary = generateSnapshot({ out: partial, versions, format });
  delete process.env[DERIVE_THREADS_ENV];
  const cpu = process.cpuUsage(cpu0);
  renameSync(partial, out);
  return {
    format,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: performance.now() - started,
    indexerCpuMs: summary.indexerCpuMs,
    indexerWallMs: summary.indexerWallMs,
    bytes: statSync(out).size,
    loads: [loadBefore, loadavg()[0] ?? 0],
    date: new Date().toISOString(),
  };
}

/**
 * The chain at `path` (generated as format v4 when absent), and with `withV2` the cost of the same chain as format
 * v2 (generated into a temporary file beside it, then removed), each recorded once in `path.json`.
 */
export function largeChain(path: string, versions: number, withV2: boolean): LargeChain {
  mkdirSync(dirname(path), { recursive: true });
  const sidecar = `${path}.json`;
  let chain: LargeChain =
    existsSync(path) && existsSync(sidecar)
      ? (JSON.parse(readFileSync(sidecar, 'utf8')) as LargeChain)
      : { path, versions, generated: [] };
  const save = (): void => writeFileSync(sidecar, `${JSON.stringify(chain, null, 2)}\n`);
  if (!existsSync(path) || !chain.generated.some((g) => g.format === 4)) {
    process.stderr.write(`generating ${versions} versions (format v4) into ${path}…\n`);
    chain = { path, versions, generated: [generateOne(path, versions, 4)] };
    save();
  }
  if (withV2 && !chain.generated.some((g) => g.format === 2)) {
    const v2 = `${path}.v2.db`;
    process.stderr.write(`generating the same chain as format v2 into ${v2}…\n`);
    try {
      chain = { ...chain, generated: [...chain.generated, generateOne(v2, chain.versions, 2)] };
      save();
    } finally {
      rmSync(v2, { force: true });
    }
  }
  return chain;
}

/** Rows of every table of the file (SQLite tables, not views; `sqlite_*` excluded), largest first. */
export function tableRows(db: Database.Database): { name: string; rows: number }[] {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  return names
    .map((name) => ({ name, rows: db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number }))
    .sort((a, b) => b.rows - a.rows);
}

// `node test/bench/indexer-large-chain.ts [versions] [path] [--with-v2]`: generate (or keep) the chain only.
if (import.meta.main) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const versions = Number(args[0] ?? 400_000);
  const chain = largeChain(args[1] ?? defaultChainPath(versions), versions, process.argv.includes('--with-v2'));
  process.stdout.write(`${JSON.stringify(chain, null, 2)}\n`);
}
