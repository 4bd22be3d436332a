/**
 * The points of an asset's balance over versions: the balance as of the view's version, walked back through the
 * account's changes of that asset (history-model.ts) newest first — the balance just after each changing transaction
 * is the one at V minus every later change. Oldest first, as a chart draws them.
 */
import type { HistoryEntry } from './history-model.ts';

/** The balance right after the transaction at `version` changed it (base units). */
export interface BalancePoint {
  readonly version: string;
  readonly balance: bigint;
  readonly change: bigint;
}

/** The points of `assetType` from `entries` (newest first) given the balance `atView` at the view's version. */
export function balancePoints(entries: readonly HistoryEntry[], assetType: string, atView: bigint): BalancePoint[] {
  const points: BalancePoint[] = [];
  let balance = atView;
  for (const entry of entries) {
    const change = entry.changes.find((item) => item.assetType === assetType)?.amount ?? 0n;
    if (change === 0n) continue;
    points.push({ version: entry.version, balance, change });
    balance -= change;
  }
  return points.reverse();
}
