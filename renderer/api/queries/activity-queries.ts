/**
 * The Activity tab's list: the transactions an account sent (`GET /v1/accounts/{a}/transactions`: the node lists
 * them by sequence number, ascending, orderless ones not at all), newest first and never past the view's version.
 * The account's sequence number N at that version (`GET /v1/accounts/{a}?ledger_version=V`) says its sent
 * transactions up to V are 0..N−1, so the first page starts at N − limit and each older page `limit` before the
 * previous one: nothing newer than V is ever asked for. Each page holds full transactions (with `changes`).
 */
import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { request } from '../client.ts';
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
            if (pageParam.limit === 0) return { param: pageParam, transactions: [] };
            const answer = await request(ENDPOINTS.accountTransactions, {
              path: { address },
              query: { start: pageParam.start.toString(), limit: pageParam.limit },
              signal,
            });
            const ceiling = BigInt(version);
            // Sequence numbers below N were all committed by V; the check keeps a moving node's surprises out.
            const transactions = answer.body
              .map(asCommittedTransaction)
              .filter((transaction) => BigInt(transaction.version) <= ceiling)
              .reverse();
            return { param: pageParam, transactions };
          },
    initialPageParam: first ?? { start: 0n, limit: 0 },
    getNextPageParam: (last) => pageBelow(last.param.start, pageSize),
  });
}
