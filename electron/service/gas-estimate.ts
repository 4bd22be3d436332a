/**
 * Gas unit price estimation (docs/node-behaviour.md §5), a pure function of recent blocks.
 *
 * Facts taken from the node: the newest block is skipped (it may still be filling); at most
 * `aggressiveBlockHistory` blocks of the current epoch are walked back; a block is full when it
 * holds at least `fullBlockTxns` user transactions or its block-end record says a limit was
 * reached, unless more than half of its user transactions call one contract (then use-case
 * aware shuffling lets others in: not full); a full block's price is `nextBucket` of its lowest
 * user gas unit price, any other block's is the minimum gas unit price.
 */
import type { BlockGasFacts, GasEstimationSettings } from '../snapshot/ledger-store.ts';

/** The three estimates, least to most aggressive. */
export interface GasEstimate {
  readonly deprioritized: bigint;
  readonly regular: bigint;
  readonly prioritized: bigint;
}

/** The smallest bucket strictly greater than `price`, or `price` itself when none is. */
export function nextBucket(price: bigint, buckets: readonly number[]): bigint {
  for (const bucket of buckets) {
    if (BigInt(bucket) > price) return BigInt(bucket);
  }
  return price;
}

/** Whether more than half of a block's user transactions call one contract. */
export function isDominatedByOneContract(block: BlockGasFacts): boolean {
  return block.userTransactions > 0 && block.maxTransactionsToOneModule * 2 > block.userTransactions;
}

/** Whether a block counts as full for estimation. */
export function isFullBlock(block: BlockGasFacts, settings: GasEstimationSettings): boolean {
  if (isDominatedByOneContract(block)) return false;
  return block.userTransactions >= settings.fullBlockTxns || block.blockLimitReached;
}

/** The minimum inclusion price of one block. */
export function blockInclusionPrice(block: BlockGasFacts, minPrice: bigint, settings: GasEstimationSettings): bigint {
  if (!isFullBlock(block, settings) || block.minGasUnitPrice === undefined) return minPrice;
  return nextBucket(block.minGasUnitPrice, settings.priceBuckets);
}

/** The estimate when there is no history (or estimation is disabled). */
export function defaultGasEstimate(minPrice: bigint, settings: GasEstimationSettings): GasEstimate {
  return { deprioritized: minPrice, regular: minPrice, prioritized: nextBucket(minPrice, settings.priceBuckets) };
}

function minOf(values: readonly bigint[]): bigint | undefined {
  let min: bigint | undefined;
  for (const value of values) if (min === undefined || value < min) min = value;
  return min;
}

function sortedAscending(values: readonly bigint[]): bigint[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

/**
 * Estimates the gas unit price.
 * @param blocks committed blocks, newest first, starting with the block of the latest version.
 * @param minPrice the on-chain minimum gas unit price.
 * @param settings the estimation configuration.
 * @param currentEpoch the ledger's epoch; defaults to the newest block's epoch.
 */
export function estimateGasPrice(
  blocks: readonly BlockGasFacts[],
  minPrice: bigint,
  settings: GasEstimationSettings,
  currentEpoch?: bigint,
): GasEstimate {
  if (!settings.enabled) return defaultGasEstimate(minPrice, settings);
  const epoch = currentEpoch ?? blocks[0]?.epoch;
  const newest = blocks[0];
  const skip = newest !== undefined && newest.epoch === epoch ? 1 : 0;
  const prices: bigint[] = [];
  for (const block of blocks.slice(skip)) {
    if (prices.length >= settings.aggressiveBlockHistory || block.epoch !== epoch) break;
    prices.push(blockInclusionPrice(block, minPrice, settings));
  }
  if (prices.length === 0) return defaultGasEstimate(minPrice, settings);

  const deprioritized = minOf(prices.slice(0, settings.lowBlockHistory)) ?? minPrice;
  const market = sortedAscending(prices.slice(0, settings.marketBlockHistory));
  const regular = maxBig(deprioritized, market[Math.floor(market.length / 2)] ?? minPrice);
  const all = sortedAscending(prices);
  const p90 = maxBig(regular, all[Math.floor((all.length * 9) / 10)] ?? minPrice);
  return { deprioritized, regular, prioritized: nextBucket(p90, settings.priceBuckets) };
}
