/**
 * The transactions a capture keeps in full (docs/remote.md, "The captured window"): those of the captured window that
 * wrote what was captured, as far as a node's API can tell — the transaction at V, the captured accounts' own
 * transactions (their summaries) and the transactions that emitted the captured events — read one by one from
 * `/v1/transactions/by_version/{v}`, newest first, at most `maxTransactions`, and only within the window
 * `[max(V − window + 1, the source's oldest version), V]`. A version the source has pruned (410) is skipped and
 * counted; a source that does not serve the route at all keeps the capture to summaries, and says so.
 */
import { CodecError } from '../../../shared/codec-error.ts';
import { CaptureError, type CapturedFullTransaction } from './capture-types.ts';
import type { ModuleSet } from './module-set.ts';
import type { SourceReader } from './source-reader.ts';
import { NotKept, transactionFromJson } from './transaction-from-json.ts';

/** What to read: the captured version, the source's oldest, the candidate versions and the bounds. */
export interface WindowPlan {
  readonly version: bigint;
  readonly sourceOldest: bigint;
  /** Versions whose transactions wrote captured state (any order, duplicates allowed). */
  readonly candidates: Iterable<bigint>;
  readonly maxTransactions: number;
  readonly windowVersions: bigint;
  /** Reads of the source still allowed (the capture's request limit less what was spent). */
  readonly requestBudget: number;
  /** The block height recorded with a transaction (a node's transaction JSON does not carry it). */
  readonly blockHeight: bigint;
}

/** What was kept, and what was not and why. */
export interface WindowResult {
  readonly transactions: CapturedFullTransaction[];
  /** The window's first version (its last is V). */
  readonly from: bigint;
  readonly pruned: number;
  /** Transactions that cannot be kept exactly (stay summaries), with the first reason. */
  readonly notKept: number;
  readonly firstReason: string | undefined;
  /** Candidates left out by `maxTransactions` or the request budget (the oldest ones). */
  readonly leftOut: number;
  /** Set when the source refused the route itself: the capture keeps summaries only. */
  readonly refused: string | undefined;
}

/** Reads and converts the transactions of the captured window. */
export async function captureWindow(
  reader: SourceReader,
  modules: ModuleSet,
  plan: WindowPlan,
  progress: (line: string) => void,
): Promise<WindowResult> {
  const windowStart = plan.version - plan.windowVersions + 1n;
  const from = windowStart > plan.sourceOldest ? windowStart : plan.sourceOldest;
  const inWindow = [...new Set(plan.candidates)]
    .filter((v) => v <= plan.version && v >= (windowStart > 0n ? windowStart : 0n))
    .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  // Versions the source's own ledger info says it pruned are not asked for.
  const retained = inWindow.filter((v) => v >= plan.sourceOldest);
  let pruned = inWindow.length - retained.length;
  // Each transaction costs one read, and may need a module or two: keep a margin of the budget for those.
  const room = Math.max(0, Math.min(plan.maxTransactions, Math.floor(plan.requestBudget * 0.8)));
  const asked = retained.slice(0, room);
  const result = {
    transactions: [] as CapturedFullTransaction[],
    notKept: 0,
    firstReason: undefined as string | undefined,
  };
  let refused: string | undefined;
  for (const version of asked) {
    let json: Readonly<Record<string, unknown>> | undefined;
    try {
      json = await reader.jsonIfFound<Record<string, unknown>>(`/transactions/by_version/${version}`, [
        'transaction_not_found',
      ]);
    } catch (error) {
      if (!(error instanceof CaptureError)) throw error;
      if (error.status === 410) {
        pruned += 1;
        continue;
      }
      refused = `${error.message} (status ${error.status})`;
      break;
    }
    if (json === undefined) continue;
    try {
      result.transactions.push(await transactionFromJson(json, version, plan.blockHeight, modules));
    } catch (error) {
      if (!(error instanceof NotKept) && !(error instanceof CodecError)) throw error;
      result.notKept += 1;
      result.firstReason ??= `version ${version}: ${error.message}`;
    }
  }
  result.transactions.reverse();
  const leftOut = retained.length - asked.length;
  progress(
    `  transactions of the window ${from}..${plan.version}: ${result.transactions.length} kept in full` +
      (pruned > 0 ? `, ${pruned} pruned by the source (410: kept as summaries only)` : '') +
      (result.notKept > 0 ? `, ${result.notKept} not kept (${result.firstReason})` : '') +
      (leftOut > 0 ? `, ${leftOut} older ones left out (at most ${plan.maxTransactions})` : ''),
  );
  if (refused !== undefined)
    progress(`  the source refused /v1/transactions/by_version: ${refused}; the rest are kept as summaries only`);
  return { ...result, from, pruned, leftOut, refused };
}
