/**
 * The transactions a capture keeps in full (docs/remote.md, "The captured window"): those of the captured window that
 * wrote what was captured, as far as a node's API can tell — the transaction at V, the captured accounts' own
 * transactions (their summaries) and the transactions that emitted the captured events — read one by one from
 * `/v1/transactions/by_version/{v}`, newest first, at most `maxTransactions`, and only within the window
 * `[max(V − window + 1, the source's oldest version), V]`. Each is read as JSON (its rows) and as BCS (its proof:
 * prove-transaction.ts) and kept only when it proves itself; its write set counts against the capture's limits of
 * write-set entries and bytes. A version the source has pruned (410) is skipped and counted; a source that does not
 * serve the route at all keeps the capture to summaries, and says so. Every version of the window not kept is
 * recorded with its reason.
 */
import { CaptureError, type CapturedFullTransaction, type NotKeptTransaction } from './capture-types.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import type { ModuleSet } from './module-set.ts';
import { NotKept } from './not-kept.ts';
import { argumentsDisagreement } from './payload-arguments.ts';
import { proveTransaction } from './prove-transaction.ts';
import type { SourceReader } from './source-reader.ts';
import { transactionFromJson } from './transaction-from-json.ts';
import { decimalU64 } from '../../../shared/ledger/u64.ts';

/** What to read: the captured version, the source's oldest, the candidate versions and the bounds. */
export interface WindowPlan {
  readonly version: bigint;
  readonly sourceOldest: bigint;
  readonly chainId: number;
  /** Versions whose transactions wrote captured state (any order, duplicates allowed). */
  readonly candidates: Iterable<bigint>;
  readonly maxTransactions: number;
  readonly windowVersions: bigint;
  /** Reads of the source still allowed (the capture's request limit less what was spent). */
  readonly requestBudget: number;
  /** Write-set entries and bytes (state keys and values) the kept transactions may hold together. */
  readonly writeSetEntries: number;
  readonly writeSetBytes: number;
  /** The block height recorded with a transaction (a node's transaction JSON does not carry it). */
  readonly blockHeight: bigint;
}

/** What was kept, and what was not and why. */
export interface WindowResult {
  readonly transactions: CapturedFullTransaction[];
  /** Every version of the window not kept in full, with its reason (newest first). */
  readonly notKept: NotKeptTransaction[];
  /** The window's first version (its last is V). */
  readonly from: bigint;
  readonly pruned: number;
  /** Candidates left out by `maxTransactions` or the request budget (the oldest ones). */
  readonly leftOut: number;
  /** Set when the source refused the route itself: the capture keeps summaries only. */
  readonly refused: string | undefined;
}

const TRANSACTION_NOT_FOUND = ['transaction_not_found'];

/** The write set's size as the limits count it: entries, and bytes of keys and values. */
function writeSetSize(writeSet: readonly { stateKey: Uint8Array; value: Uint8Array | null }[]): number {
  let bytes = 0;
  for (const op of writeSet) bytes += op.stateKey.length + (op.value?.length ?? 0);
  return bytes;
}

/** Reads one transaction as JSON and BCS and proves it; NotKept (with the reason) when it cannot be kept. */
async function readAndProve(
  reader: SourceReader,
  modules: ModuleSet,
  plan: WindowPlan,
  version: bigint,
  json: Readonly<Record<string, unknown>>,
  held: { entries: number; bytes: number },
): Promise<CapturedFullTransaction> {
  if (nestsDeeperThan(json, MAX_JSON_DEPTH))
    throw new NotKept(`its JSON nests deeper than ${MAX_JSON_DEPTH} levels (no Move value does)`);
  // The JSON's changes bound its write set (a group's members become one entry): a transaction that cannot fit is
  // refused before its changes are turned into rows, which would cost memory in proportion.
  const changes = Array.isArray(json.changes) ? json.changes.length : 0;
  if (held.entries + changes > plan.writeSetEntries)
    throw new NotKept(
      `its ${changes} changes exceed what the capture may still hold ` +
        `(at most ${plan.writeSetEntries} write-set entries in all)`,
    );
  let fromJson;
  try {
    fromJson = await transactionFromJson(json, version, plan.blockHeight, modules);
  } catch (error) {
    // A node's JSON may be anything: what cannot be turned into rows is a reason, not a failed capture.
    if (error instanceof CaptureError || error instanceof NotKept || !(error instanceof Error)) throw error;
    throw new NotKept(`its JSON cannot be written back (${error.message.slice(0, 200)})`);
  }
  const bytes = writeSetSize(fromJson.writeSet);
  if (held.entries + fromJson.writeSet.length > plan.writeSetEntries || held.bytes + bytes > plan.writeSetBytes)
    throw new NotKept(
      `its write set (${fromJson.writeSet.length} entries, ${bytes} bytes) exceeds what the capture may still hold ` +
        `(at most ${plan.writeSetEntries} write-set entries and ${plan.writeSetBytes} bytes in all)`,
    );
  let body: Uint8Array | undefined;
  try {
    body = await reader.bcsIfFound(`/transactions/by_version/${version}`, TRANSACTION_NOT_FOUND);
  } catch (error) {
    if (!(error instanceof CaptureError) || error.errorCode === 'invalid_input') throw error;
    throw new NotKept(`the source refused its BCS (${error.message}, status ${error.status})`);
  }
  if (body === undefined) throw new NotKept('the source has no BCS of it');
  const gasUsed = (typeof json.gas_used === 'string' ? decimalU64(json.gas_used) : undefined) ?? 0n;
  let proved: CapturedFullTransaction;
  try {
    proved = proveTransaction(fromJson, body, plan.chainId, gasUsed);
  } catch (error) {
    // A truncated or malformed answer is the node's failing, not the capture's.
    if (error instanceof NotKept || !(error instanceof Error)) throw error;
    throw new NotKept(`the node's BCS of it does not decode (${error.message.slice(0, 200)})`);
  }
  const payloadBcs = proved.details.payloadBcs;
  if (payloadBcs !== null) {
    let why: string | undefined;
    try {
      why = await argumentsDisagreement(proved.details.payload, payloadBcs, modules);
    } catch (error) {
      // A capture over its read budget stops; anything else about one transaction's arguments is its reason.
      if (!(error instanceof Error) || (error instanceof CaptureError && error.errorCode === 'invalid_input'))
        throw error;
      throw new NotKept(`its arguments cannot be checked (${error.message.slice(0, 200)})`);
    }
    if (why !== undefined) throw new NotKept(why);
  }
  held.entries += proved.writeSet.length;
  held.bytes += bytes;
  return proved;
}

/** Reads, proves and converts the transactions of the captured window. */
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
  const notKept: NotKeptTransaction[] = [];
  // Versions the source's own ledger info says it pruned are not asked for.
  const retained = inWindow.filter((v) => v >= plan.sourceOldest);
  for (const version of inWindow)
    if (version < plan.sourceOldest) notKept.push({ version, reason: 'pruned by the source (below its oldest)' });
  let pruned = inWindow.length - retained.length;
  // Each transaction costs two reads (JSON and BCS), and may need a module or two: keep a margin for those.
  const room = Math.max(0, Math.min(plan.maxTransactions, Math.floor((plan.requestBudget * 0.8) / 2)));
  const asked = retained.slice(0, room);
  const transactions: CapturedFullTransaction[] = [];
  const held = { entries: 0, bytes: 0 };
  let refused: string | undefined;
  let refusedAt = asked.length;
  let unproved = 0;
  let firstReason: string | undefined;
  for (const [index, version] of asked.entries()) {
    let json: Readonly<Record<string, unknown>> | undefined;
    try {
      json = await reader.jsonIfFound<Record<string, unknown>>(`/transactions/by_version/${version}`, [
        'transaction_not_found',
      ]);
    } catch (error) {
      if (!(error instanceof CaptureError)) throw error;
      if (error.status === 410) {
        pruned += 1;
        notKept.push({ version, reason: 'pruned by the source (410)' });
        continue;
      }
      refused = `${error.message} (status ${error.status})`;
      refusedAt = index;
      break;
    }
    if (json === undefined) {
      notKept.push({ version, reason: 'the source has no transaction at this version (404)' });
      continue;
    }
    try {
      transactions.push(await readAndProve(reader, modules, plan, version, json, held));
    } catch (error) {
      if (!(error instanceof NotKept)) throw error;
      unproved += 1;
      firstReason ??= `version ${version}: ${error.message}`;
      notKept.push({ version, reason: error.message });
    }
  }
  transactions.reverse();
  const leftOut = retained.length - asked.length;
  const limit = `left out: the capture keeps at most ${plan.maxTransactions} transactions in full, newest first`;
  for (const version of retained.slice(asked.length)) notKept.push({ version, reason: limit });
  if (refused !== undefined)
    for (const version of asked.slice(refusedAt))
      notKept.push({ version, reason: `the source refused /v1/transactions/by_version: ${refused}` });
  progress(
    `  transactions of the window ${from}..${plan.version}: ${transactions.length} kept in full` +
      (pruned > 0 ? `, ${pruned} pruned by the source (410: kept as summaries only)` : '') +
      (unproved > 0 ? `, ${unproved} not kept (${firstReason})` : '') +
      (leftOut > 0 ? `, ${leftOut} older ones left out (at most ${plan.maxTransactions})` : ''),
  );
  if (refused !== undefined)
    progress(`  the source refused /v1/transactions/by_version: ${refused}; the rest are kept as summaries only`);
  return { transactions, notKept, from, pruned, leftOut, refused };
}
