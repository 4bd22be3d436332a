/**
 * Turns block rows into what gas estimation needs (docs/node-behaviour.md §5): how many user
 * transactions each block holds, their lowest gas unit price, and how many call its most-called
 * module. One query reads the user transactions of all the blocks at once.
 */
import type { BlockSummary } from './ledger-store.ts';
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
function moduleOf(entryFunction: string): string {
  const end = entryFunction.lastIndexOf('::');
  return end < 0 ? entryFunction : entryFunction.slice(0, end);
}

interface Tally {
  count: number;
  min: number | undefined;
  readonly perModule: Map<string, number>;
}

/** Gas facts (with timestamps) of the given blocks, in the order given. */
export function blockSummaries(rows: readonly BlockRowData[], queries: SnapshotQueries): BlockSummary[] {
  if (rows.length === 0) return [];
  const tallies = new Map<number, Tally>(
    rows.map((row) => [row.height, { count: 0, min: undefined, perModule: new Map() }]),
  );
  const from = Math.min(...rows.map((row) => row.first_version));
  const to = Math.max(...rows.map((row) => row.last_version));
  for (const txn of queries.userTransactionsInRange.iterate(from, to) as Iterable<{
    readonly block_height: number;
    readonly gas_unit_price: number;
    readonly entry_function: string | null;
  }>) {
    const tally = tallies.get(txn.block_height);
    if (!tally) continue;
    tally.count += 1;
    if (tally.min === undefined || txn.gas_unit_price < tally.min) tally.min = txn.gas_unit_price;
    const module = moduleOf(txn.entry_function ?? '');
    tally.perModule.set(module, (tally.perModule.get(module) ?? 0) + 1);
  }
  return rows.map((row) => {
    const tally = tallies.get(row.height);
    return {
      height: BigInt(row.height),
      epoch: BigInt(row.epoch),
      firstVersion: BigInt(row.first_version),
      lastVersion: BigInt(row.last_version),
      userTransactions: tally?.count ?? 0,
      minGasUnitPrice: tally?.min === undefined ? undefined : BigInt(tally.min),
      maxTransactionsToOneModule: Math.max(0, ...(tally?.perModule.values() ?? [])),
      blockLimitReached: row.block_limit_reached === 1,
      timestampUsec: BigInt(row.timestamp_usec),
    };
  });
}
