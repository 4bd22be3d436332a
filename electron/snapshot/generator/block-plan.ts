/**
 * Plans the blocks of a generated chain before any is written, so the total number of versions is
 * exact: genesis, then blocks of (block metadata, user transactions, block epilogue). The plan puts
 * bursts of full blocks mid-chain, one block dominated by one contract (not full, by the node's
 * rule), a few blocks whose epilogue says a block limit was reached, several epochs, and a tail of
 * full blocks in the last epoch so the gas estimate rises above the minimum.
 */
import { MIN_GAS_UNIT_PRICE } from './genesis.ts';
import type { Random } from './random.ts';

/** What kind of block to produce; it decides the mix of transactions and the prices. */
export type BlockKind = 'normal' | 'full' | 'one_contract' | 'limit_reached';

/** One planned block. */
export interface BlockPlan {
  readonly kind: BlockKind;
  readonly userTxns: number;
  readonly minPrice: number;
  readonly maxPrice: number;
  readonly newEpoch: boolean;
  /** False only when the chain ends right after the block's metadata transaction. */
  readonly epilogue: boolean;
}

// The planned prices start at the on-chain minimum the genesis writes.
const MIN_PRICE = MIN_GAS_UNIT_PRICE;
const TAIL_BLOCK_VERSIONS = 290;

function normalBlock(random: Random): Omit<BlockPlan, 'newEpoch' | 'epilogue'> {
  const userTxns = random.chance(0.1) ? 0 : random.chance(0.85) ? random.int(1, 8) : random.int(9, 40);
  const price = random.pick([MIN_PRICE, MIN_PRICE, MIN_PRICE, MIN_PRICE, 120, 150, 200]);
  return { kind: 'normal', userTxns, minPrice: MIN_PRICE, maxPrice: price };
}

function fullBlock(random: Random, kind: BlockKind): Omit<BlockPlan, 'newEpoch' | 'epilogue'> {
  if (kind === 'limit_reached') return { kind, userTxns: random.int(80, 200), minPrice: 120, maxPrice: 300 };
  return { kind, userTxns: random.int(250, 320), minPrice: random.int(150, 200), maxPrice: random.int(300, 600) };
}

/**
 * Plans blocks 1.. for a chain of exactly `totalVersions` versions (genesis is version 0).
 * Needs at least 4 versions (generate.ts requires 100).
 */
export function planBlocks(totalVersions: number, random: Random): BlockPlan[] {
  const plans: BlockPlan[] = [];
  const epochCount = Math.min(400, Math.max(3, Math.round(totalVersions / 8000)));
  const epochStarts = Array.from({ length: epochCount - 1 }, (_, i) =>
    Math.floor((totalVersions * 0.75 * (i + 1)) / (epochCount - 1)),
  );
  const tailBlocks = Math.min(32, Math.floor((totalVersions * 0.2) / TAIL_BLOCK_VERSIONS));
  const tail = Array.from({ length: tailBlocks }, () => fullBlock(random, 'full'));
  tail.push({ kind: 'normal', userTxns: random.int(1, 5), minPrice: MIN_PRICE, maxPrice: 150 });
  const tailVersions = tail.reduce((sum, block) => sum + block.userTxns + 2, 0);
  const bodyEnd = Math.max(1, totalVersions - tailVersions);

  let version = 1;
  let nextEpoch = 0;
  let burst = 0;
  let burstsPlanned = 0;
  const push = (block: Omit<BlockPlan, 'newEpoch' | 'epilogue'>, end: number): void => {
    const room = end - version;
    const userTxns = Math.max(0, Math.min(block.userTxns, room - 2));
    const epilogue = room >= 2;
    const start = epochStarts[nextEpoch];
    const newEpoch = start !== undefined && version >= start;
    if (newEpoch) nextEpoch += 1;
    plans.push({ ...block, userTxns, newEpoch, epilogue });
    version += 1 + userTxns + (epilogue ? 1 : 0);
  };

  while (version < bodyEnd) {
    const position = version / totalVersions;
    let block: Omit<BlockPlan, 'newEpoch' | 'epilogue'>;
    const forceBurst = burstsPlanned === 0 && position >= 0.5 && bodyEnd - version > 3000;
    if (burst > 0) {
      burst -= 1;
      block = fullBlock(random, 'full');
    } else if (position > 0.1 && position < 0.7 && (forceBurst || random.chance(0.004)) && bodyEnd - version > 3000) {
      burst = random.int(3, 8);
      block = fullBlock(random, burstsPlanned === 0 ? 'one_contract' : 'full');
      burstsPlanned += 1;
    } else if (position > 0.1 && random.chance(0.003) && bodyEnd - version > 1000) {
      block = fullBlock(random, 'limit_reached');
    } else {
      block = normalBlock(random);
    }
    push(block, bodyEnd);
  }
  for (const block of tail) {
    if (version >= totalVersions) break;
    push(block, totalVersions);
  }
  while (version < totalVersions)
    push({ kind: 'normal', userTxns: totalVersions, minPrice: MIN_PRICE, maxPrice: MIN_PRICE }, totalVersions);
  return plans;
}
