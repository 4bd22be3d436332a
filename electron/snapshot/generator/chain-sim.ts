/**
 * The chain simulation behind `snapshot generate`: genesis, then the planned blocks through several
 * epochs, then the pruning window (the oldest retained version is the first block at ~10% of the chain).
 */
import type { LedgerRowSink } from '../row-sink.ts';
import { BlockProducer } from './block-producer.ts';
import { planBlocks } from './block-plan.ts';
import type { ChainOptions } from './chain-options.ts';
import { buildGenesis } from './genesis.ts';
import { Random } from './random.ts';
import { NO_PROGRESS } from '../progress.ts';

/** Figures of the generated chain, for `meta` and the command's report. */
export interface ChainSummary {
  readonly latestVersion: number;
  readonly oldestVersion: number;
  readonly blocks: number;
  readonly epochs: number;
  readonly accounts: number;
}

/**
 * Runs the simulation, writing every version through `writer` (generate.ts requires at least 100 versions) and telling
 * `progress` the versions written.
 */
export function simulateChain(writer: LedgerRowSink, options: ChainOptions, progress = NO_PROGRESS): ChainSummary {
  const random = new Random(options.seed);
  progress.phase('generating: simulating the chain', options.versions, 'versions');
  const world = buildGenesis(writer, options);
  const producer = new BlockProducer(world, options, random);
  const pruneAt = Math.floor(options.versions * 0.1);
  let oldestVersion: number | undefined;
  for (const plan of planBlocks(options.versions, random)) {
    const first = producer.produce(plan);
    progress.update(first + plan.userTxns);
    if (oldestVersion === undefined && first >= pruneAt && first > 0) oldestVersion = first;
  }
  progress.update(options.versions);
  return {
    latestVersion: options.versions - 1,
    oldestVersion: oldestVersion ?? 0,
    blocks: producer.blocks,
    epochs: world.framework.epoch,
    accounts: world.userAccounts.length,
  };
}
