/**
 * Turns a block row into what gas estimation needs (node-behaviour.md §5): how many user
 * transactions it holds, their lowest gas unit price, and how many call its most-called module.
 */
import type { BlockGasFacts } from './ledger-store.ts';
import type { SnapshotQueries } from './snapshot-queries.ts';

/** A row of `blocks` as the store selects it. */
export interface BlockRowData {
  readonly height: number;
  readonly epoch: number;
  readonly first_version: number;
  readonly last_version: number;
  readonly timestamp_usec: number;
  readonly block_limit_reached: number;
}

/** The module part (`0x1::coin`) of an entry function name (`0x1::coin::transfer`). */
export function moduleOf(entryFunction: string): string {
  const end = entryFunction.lastIndexOf('::');
  return end < 0 ? entryFunction : entryFunction.slice(0, end);
}

/** Gas facts of one block, from its user transactions. */
export function blockGasFacts(row: BlockRowData, queries: SnapshotQueries): BlockGasFacts {
  const txns = queries.blockUserTransactions.all(row.first_version, row.last_version) as {
    gas_unit_price: number;
    entry_function: string | null;
  }[];
  let min: number | undefined;
  const perModule = new Map<string, number>();
  for (const txn of txns) {
    if (min === undefined || txn.gas_unit_price < min) min = txn.gas_unit_price;
    const module = moduleOf(txn.entry_function ?? '');
    perModule.set(module, (perModule.get(module) ?? 0) + 1);
  }
  return {
    height: BigInt(row.height),
    epoch: BigInt(row.epoch),
    firstVersion: BigInt(row.first_version),
    lastVersion: BigInt(row.last_version),
    userTransactions: txns.length,
    minGasUnitPrice: min === undefined ? undefined : BigInt(min),
    maxTransactionsToOneModule: Math.max(0, ...perModule.values()),
    blockLimitReached: row.block_limit_reached === 1,
  };
}
