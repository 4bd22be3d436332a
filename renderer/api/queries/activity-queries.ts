/**
 * The Activity tab's list: the transactions an account sent (`GET /v1/accounts/{a}/transactions`: the node lists
 * them by sequence number, ascending, orderless ones not at all), newest first and never past the view's version.
 * The account's sequence number N at that version (`GET /v1/accounts/{a}?ledger_version=V`) says its sent
 * transactions up to V are 0..N−1, so the first page starts at N − limit and each older page `limit` before the
 * previous one: nothing newer than V is ever asked for. Each page holds full transactions (with `changes`).
 * Transactions below the oldest retained version are pruned: the node leaves them out of the page, so a page shorter
 * than asked holds the retained part of its range and is the last. (A node that refuses such a page with 410 instead
 * has it cut to its retained part by a binary search on its start, a few requests.)
 */
import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { ApiRequestError, request } from '../client.ts';
import { queryKeys, type VersionKey } from '../query-keys.ts';
import { asCommittedTransaction, type CommittedTransactionJson } from '../transaction-json.ts';

/** Transactions per page (the node's default page; at most 100). */
export const ACTIVITY_PAGE_SIZE = 25;

/** One page request: the sequence numbers [start, start + limit). */
export interface ActivityPageParam {
  readonly start: bigint;
  readonly limit: number;
}

/** One page: its request and its transactions newest first. */
export interface ActivityPage {
  readonly param: ActivityPageParam;
  readonly transactions: readonly CommittedTransactionJson[];
  /** The older transactions are pruned: this page was cut to its retained part and nothing older can be read. */
  readonly pruned: boolean;
}

type Read = (start: bigint, limit: number) => Promise<readonly CommittedTransactionJson[]>;

function isPruned(error: unknown): boolean {
  return error instanceof ApiRequestError && error.is(410, 'version_pruned');
}

/**
 * The sequence numbers [start, start + limit), or when some are pruned the longest retained tail of them: the
 * smallest start whose read succeeds, found by bisection (retained transactions are the newest ones).
 */
async function readRetained(read: Read, param: ActivityPageParam): Promise<ActivityPage> {
  try {
    const transactions = await read(param.start, param.limit);
    // Every sequence number asked for was committed by the view's version: a missing one was pruned.
    return { param, transactions, pruned: transactions.length < param.limit };
  } catch (error) {
    if (!isPruned(error)) throw error;
  }
  const end = param.start + BigInt(param.limit);
  let low = param.start + 1n;
  let high = end;
  let found: readonly CommittedTransactionJson[] = [];
  while (low < high) {
    const middle = (low + high) / 2n;
    try {
      found = await read(middle, Number(end - middle));
      high = middle;
    } catch (error) {
      if (!isPruned(error)) throw error;
      low = middle + 1n;
    }
  }
  return { param, transactions: found, pruned: true };
}

/** The newest page below sequence number `end` (exclusive), or undefined when `end` is 0. */
export function pageBelow(end: bigint, pageSize: number): ActivityPageParam | undefined {
  if (end <= 0n) return undefined;
  const start = end > BigInt(pageSize) ? end - BigInt(pageSize) : 0n;
  return { start, limit: Number(end - start) };
}

/**
 * `address`'s sent transactions up to `version`, whose sequence number there is `sequenceNumber` (skipped until
 * both are known), newest first in pages of `pageSize`.
 */
export function accountActivityQuery(
  address: string | undefined,
  sequenceNumber: string | undefined,
  version: VersionKey | undefined,
  pageSize = ACTIVITY_PAGE_SIZE,
) {
  const first = sequenceNumber === undefined ? undefined : pageBelow(BigInt(sequenceNumber), pageSize);
  return infiniteQueryOptions({
    queryKey: queryKeys.accountActivity(address, version, pageSize),
    queryFn:
      address === undefined || sequenceNumber === undefined || version === undefined
        ? skipToken
        : async ({ pageParam, signal }): Promise<ActivityPage> => {
            if (pageParam.limit === 0) return { param: pageParam, transactions: [], pruned: false };
            const ceiling = BigInt(version);
            const read: Read = async (start, limit) => {
              const answer = await request(ENDPOINTS.accountTransactions, {
                path: { address },
                query: { start: start.toString(), limit },
                signal,
              });
              // Sequence numbers below N were all committed by V; the check keeps a moving node's surprises out.
              return answer.body
                .map(asCommittedTransaction)
                .filter((transaction) => BigInt(transaction.version) <= ceiling)
                .reverse();
            };
            return readRetained(read, pageParam);
          },
    initialPageParam: first ?? { start: 0n, limit: 0 },
    getNextPageParam: (last) => (last.pruned ? undefined : pageBelow(last.param.start, pageSize)),
  });
}
