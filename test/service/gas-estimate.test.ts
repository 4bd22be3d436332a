import { describe, expect, it } from 'vitest';
import type { BlockGasFacts, GasEstimationSettings } from '../../electron/snapshot/ledger-store.ts';
import { DEFAULT_GAS_ESTIMATION } from '../../electron/snapshot/node-settings.ts';
import { blockInclusionPrice, estimateGasPrice, isFullBlock, nextBucket } from '../../electron/service/gas-estimate.ts';

const settings = DEFAULT_GAS_ESTIMATION;

/** Blocks newest first: heights count down from `count`. */
function blocks(count: number, make: (index: number) => Partial<BlockGasFacts> = () => ({})): BlockGasFacts[] {
  return Array.from({ length: count }, (_, index) => ({
    height: BigInt(count - index),
    epoch: 1n,
    firstVersion: BigInt((count - index) * 1000),
    lastVersion: BigInt((count - index) * 1000 + 999),
    userTransactions: 250,
    minGasUnitPrice: 100n,
    maxTransactionsToOneModule: 1,
    blockLimitReached: false,
    ...make(index),
  }));
}

const empty = (): Partial<BlockGasFacts> => ({ userTransactions: 0, minGasUnitPrice: undefined });

describe('nextBucket', () => {
  it('is the smallest bucket strictly greater, or the price itself past the last bucket', () => {
    expect(nextBucket(0n, settings.priceBuckets)).toBe(150n);
    expect(nextBucket(100n, settings.priceBuckets)).toBe(150n);
    expect(nextBucket(150n, settings.priceBuckets)).toBe(300n);
    expect(nextBucket(999_999n, settings.priceBuckets)).toBe(1_000_000n);
    expect(nextBucket(1_000_000n, settings.priceBuckets)).toBe(1_000_000n);
    expect(nextBucket(5_000_000n, settings.priceBuckets)).toBe(5_000_000n);
  });
});

describe('estimateGasPrice: node goldens', () => {
  it('empty chain with minimum 0 gives {0, 0, 150}', () => {
    expect(estimateGasPrice([], 0n, settings)).toEqual({ deprioritized: 0n, regular: 0n, prioritized: 150n });
  });

  it('ten full blocks at price 100 give {150, 150, 300}', () => {
    expect(estimateGasPrice(blocks(10), 100n, settings)).toEqual({
      deprioritized: 150n,
      regular: 150n,
      prioritized: 300n,
    });
  });
});

describe('estimateGasPrice: rules', () => {
  it('non-full blocks give the minimum price', () => {
    const result = estimateGasPrice(
      blocks(20, () => ({ userTransactions: 10, minGasUnitPrice: 5000n })),
      100n,
      settings,
    );
    expect(result).toEqual({ deprioritized: 100n, regular: 100n, prioritized: 150n });
  });

  it('skips the newest block (it may still be filling)', () => {
    const onlyNewestFull = blocks(5, (i) => (i === 0 ? {} : { userTransactions: 3 }));
    expect(estimateGasPrice(onlyNewestFull, 100n, settings).regular).toBe(100n);
    const single = blocks(1);
    expect(estimateGasPrice(single, 100n, settings)).toEqual({ deprioritized: 100n, regular: 100n, prioritized: 150n });
  });

  it('a block is full at fullBlockTxns user transactions, or when its block-end record says a limit was hit', () => {
    const block = blocks(1)[0]!;
    expect(isFullBlock({ ...block, userTransactions: 249 }, settings)).toBe(false);
    expect(isFullBlock({ ...block, userTransactions: 250 }, settings)).toBe(true);
    expect(isFullBlock({ ...block, userTransactions: 40, blockLimitReached: true }, settings)).toBe(true);
  });

  it('more than half of the transactions calling one contract marks a block not full', () => {
    const block = blocks(1)[0]!;
    expect(isFullBlock({ ...block, maxTransactionsToOneModule: 126 }, settings)).toBe(false);
    expect(isFullBlock({ ...block, maxTransactionsToOneModule: 125 }, settings)).toBe(true);
    expect(
      isFullBlock(
        { ...block, userTransactions: 40, blockLimitReached: true, maxTransactionsToOneModule: 21 },
        settings,
      ),
    ).toBe(false);
    const dominated = blocks(11, () => ({ maxTransactionsToOneModule: 200 }));
    expect(estimateGasPrice(dominated, 100n, settings).regular).toBe(100n);
  });

  it("a full block's price is the next bucket above its lowest user gas price", () => {
    const block = blocks(1)[0]!;
    expect(blockInclusionPrice({ ...block, minGasUnitPrice: 300n }, 100n, settings)).toBe(500n);
    expect(blockInclusionPrice({ ...block, userTransactions: 3, minGasUnitPrice: 300n }, 100n, settings)).toBe(100n);
    expect(
      blockInclusionPrice(
        { ...block, userTransactions: 0, blockLimitReached: true, minGasUnitPrice: undefined },
        100n,
        settings,
      ),
    ).toBe(100n);
  });

  it('deprioritized is the minimum of the 10 newest prices', () => {
    // 11 blocks after the skipped one: newest 10 are full at 1000 (→ 3000), the 11th is not full (100).
    const list = blocks(12, (i) => (i === 11 ? { userTransactions: 1 } : { minGasUnitPrice: 1000n }));
    const result = estimateGasPrice(list, 100n, settings);
    expect(result.deprioritized).toBe(3000n);
    const withLowInside = blocks(12, (i) => (i === 5 ? { userTransactions: 1 } : { minGasUnitPrice: 1000n }));
    expect(estimateGasPrice(withLowInside, 100n, settings).deprioritized).toBe(100n);
  });

  it('regular is the median (index n/2) of the 30 newest, at least deprioritized', () => {
    // 40 counted blocks: of the newest 30, ten (even positions up to 20) are full at 1000 (→ 3000).
    const list = blocks(41, (i) =>
      i % 2 === 0 && i <= 20
        ? { minGasUnitPrice: 1000n }
        : i <= 30
          ? { userTransactions: 1 }
          : { minGasUnitPrice: 1000n },
    );
    expect(estimateGasPrice(list, 100n, settings)).toMatchObject({ deprioritized: 100n, regular: 100n });
    // The median is floored at deprioritized: the newest 10 full, the other 20 of 30 not.
    const floored = blocks(41, (i) => (i >= 1 && i <= 10 ? { minGasUnitPrice: 1000n } : { userTransactions: 1 }));
    expect(estimateGasPrice(floored, 100n, settings)).toMatchObject({ deprioritized: 3000n, regular: 3000n });
    // 16 of the 30 newest full → median 3000.
    const more = blocks(41, (i) => (i >= 1 && i <= 16 ? { minGasUnitPrice: 1000n } : { userTransactions: 1 }));
    expect(estimateGasPrice(more, 100n, settings).regular).toBe(3000n);
  });

  it('prioritized is next_bucket(max(regular, p90 of all prices))', () => {
    // 100 counted blocks, 15 of them (old ones) full at 5000 (→ 10000): p90 index 90 of sorted = 10000.
    const list = blocks(101, (i) => (i > 85 ? { minGasUnitPrice: 5000n } : { userTransactions: 1 }));
    const result = estimateGasPrice(list, 100n, settings);
    expect(result.regular).toBe(100n);
    expect(result.prioritized).toBe(100_000n);
  });

  it('walks back at most aggressiveBlockHistory blocks', () => {
    const small: GasEstimationSettings = { ...settings, aggressiveBlockHistory: 3, lowBlockHistory: 10 };
    // counted: blocks 1..3 not full, block 4 full → excluded.
    const list = blocks(6, (i) => (i === 4 ? { minGasUnitPrice: 1000n } : { userTransactions: 1 }));
    expect(estimateGasPrice(list, 100n, small)).toEqual({ deprioritized: 100n, regular: 100n, prioritized: 150n });
    expect(estimateGasPrice(list, 100n, { ...small, aggressiveBlockHistory: 4 }).deprioritized).toBe(100n);
    expect(estimateGasPrice(list, 100n, { ...small, aggressiveBlockHistory: 4 }).prioritized).toBe(5000n);
  });

  it('only counts blocks of the current epoch', () => {
    const list = blocks(12, (i) => (i >= 3 ? { epoch: 0n } : { epoch: 1n, userTransactions: 1 }));
    // Full blocks of the previous epoch are ignored.
    expect(estimateGasPrice(list, 100n, settings, 1n)).toEqual({
      deprioritized: 100n,
      regular: 100n,
      prioritized: 150n,
    });
    // A new epoch without blocks of its own: the default estimate.
    expect(estimateGasPrice(blocks(5), 100n, settings, 2n)).toEqual({
      deprioritized: 100n,
      regular: 100n,
      prioritized: 150n,
    });
  });

  it('disabled estimation gives {min, min, next_bucket(min)}', () => {
    expect(estimateGasPrice(blocks(10), 100n, { ...settings, enabled: false })).toEqual({
      deprioritized: 100n,
      regular: 100n,
      prioritized: 150n,
    });
  });

  it('empty blocks (no user transactions) count at the minimum price', () => {
    expect(estimateGasPrice(blocks(30, empty), 200n, settings)).toEqual({
      deprioritized: 200n,
      regular: 200n,
      prioritized: 300n,
    });
  });
});
