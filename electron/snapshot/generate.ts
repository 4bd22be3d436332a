/**
 * `snapshot generate`: builds a deterministic, realistic ledger snapshot (format v2, or v1 for tests) for a seed.
 * Same seed and sizes → the same logical content, byte for byte in every table.
 */
import { SnapshotWriter, type StateWriteObserver } from './snapshot-writer.ts';
import { simulateChain, type ChainSummary } from './generator/chain-sim.ts';
import { DEFAULT_NODE_SETTINGS } from './node-settings.ts';
import { checkOutputPath } from './output-path.ts';
import { getHeapStatistics } from 'node:v8';
import { SNAPSHOT_FORMAT_VERSION, type SnapshotFormatVersion } from './schema.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import { ThreadedSnapshotWriter, writerThreadAvailable } from './writer-thread.ts';
import { DEFAULT_GENERATE, MAX_ACCOUNTS, MAX_VERSIONS } from './generate-limits.ts';

/** Options of `generateSnapshot`; sizes default to the sample's (~50,000 versions, ~1,000 accounts). */
export interface GenerateOptions {
  readonly out: string;
  /** Replace an existing file at `out` even when it is not a ledger snapshot. */
  readonly force?: boolean | undefined;
  readonly seed?: number | undefined;
  readonly versions?: number | undefined;
  readonly accounts?: number | undefined;
  readonly chainId?: number | undefined;
  /** How many distinct `CoinStore<T>` the coin collector account holds (default 10,000; 0 = no collector). */
  readonly coinStores?: number | undefined;
  /** Sees every state write as the simulation makes it (tests replay them to check the store). */
  readonly observer?: StateWriteObserver | undefined;
  /** The format to write (default 2); 1 writes an old-format file (no details, module events or write sets). */
  readonly format?: SnapshotFormatVersion | undefined;
  /** Told the versions written, then the finishing step (progress.ts). */
  readonly progress?: Progress | undefined;
  /**
   * Write SQLite on a worker thread (writer-thread.ts) while this thread simulates; default: when the thread's entry
   * is available (from the sources; not in a bundle). The file is the same either way.
   */
  readonly writerThread?: boolean | undefined;
}

/** The chain's figures, and what the finishing indexer pass cost (format v3; for benchmarks). */
export interface GenerateSummary extends ChainSummary {
  /** CPU milliseconds (the whole process) spent deriving the indexer tables; 0 below format v3. */
  readonly indexerCpuMs: number;
  /** Wall milliseconds spent deriving the indexer tables; 0 below format v3. */
  readonly indexerWallMs: number;
}

export { DEFAULT_GENERATE, MAX_ACCOUNTS, MAX_VERSIONS };

/** Smallest chain the generator accepts: genesis plus one block with a user transaction. */
const MIN_VERSIONS = 100;
/**
 * Heap the generator needs, estimated on the high side from measurements (≈ 90 MiB at 50,000 versions, ≈ 140 MiB at
 * 300,000, ≈ 220 MiB at 700,000).
 */
const HEAP_BASE_BYTES = 128 * 1024 * 1024;
const HEAP_BYTES_PER_VERSION = 512;
const HEAP_BYTES_PER_ACCOUNT = 4096;

/**
 * Refuses, before any work, a size whose estimated heap exceeds this process's heap limit: V8
 * running out of heap is a fatal crash (a native stack trace, exit 134), not an exception.
 */
function checkHeap(versions: number, accounts: number, coinStores: number): void {
  const need = HEAP_BASE_BYTES + versions * HEAP_BYTES_PER_VERSION + (accounts + coinStores) * HEAP_BYTES_PER_ACCOUNT;
  const limit = getHeapStatistics().heap_size_limit;
  if (need > limit) {
    const mib = (bytes: number): number => Math.ceil(bytes / (1024 * 1024));
    throw new RangeError(
      `--versions ${versions} with --accounts ${accounts} needs about ${mib(need)} MiB ` +
        `of JavaScript heap, more than this Node process may use (${mib(limit)} MiB); ` +
        `generate fewer versions or raise the limit, e.g. NODE_OPTIONS=--max-old-space-size=${mib(need * 1.25)}`,
    );
  }
}

/** Generates a snapshot file at `options.out` and returns the chain's figures. */
export function generateSnapshot(options: GenerateOptions): GenerateSummary {
  const versions = options.versions ?? DEFAULT_GENERATE.versions;
  if (!Number.isSafeInteger(versions) || versions < MIN_VERSIONS || versions > MAX_VERSIONS) {
    throw new RangeError(`--versions must be an integer from ${MIN_VERSIONS} to ${MAX_VERSIONS}`);
  }
  const accounts = options.accounts ?? DEFAULT_GENERATE.accounts;
  if (!Number.isSafeInteger(accounts) || accounts < 2 || accounts > MAX_ACCOUNTS)
    throw new RangeError(`--accounts must be an integer from 2 to ${MAX_ACCOUNTS}`);
  const seed = options.seed ?? DEFAULT_GENERATE.seed;
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RangeError('--seed must be an integer from 0 to 4294967295');
  const chainId = options.chainId ?? DEFAULT_GENERATE.chainId;
  const coinStores = options.coinStores ?? DEFAULT_GENERATE.coinStores;
  if (!Number.isSafeInteger(coinStores) || coinStores < 0 || coinStores > 100_000)
    throw new RangeError('coinStores must be an integer from 0 to 100000');
  checkHeap(versions, accounts, coinStores);
  checkOutputPath(options.out, options.force ?? false);
  const progress = options.progress ?? NO_PROGRESS;
  const writerOptions = { observer: options.observer, format: options.format ?? SNAPSHOT_FORMAT_VERSION, progress };
  const writer =
    (options.writerThread ?? writerThreadAvailable())
      ? new ThreadedSnapshotWriter(options.out, writerOptions)
      : new SnapshotWriter(options.out, writerOptions);
  try {
    const summary = simulateChain(
      writer,
      { seed, versions, accounts, chainId, coinStores, settings: DEFAULT_NODE_SETTINGS },
      progress,
    );
    writer.finish({
      chainId,
      oldestVersion: summary.oldestVersion,
      latestVersion: summary.latestVersion,
      settings: DEFAULT_NODE_SETTINGS,
      generator: `ledger-explorer generate --seed ${seed} --versions ${versions} --accounts ${accounts}`,
    });
    return { ...summary, indexerCpuMs: writer.indexerCpuMs, indexerWallMs: writer.indexerWallMs };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    progress.end();
  }
}
