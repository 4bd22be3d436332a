/**
 * The Activity tab's list: the transactions an account sent (`GET /v1/accounts/{a}/transactions`: the node lists
 * them by sequence number, ascending, orderless ones not at all), newest first and never past the view's version.
 * The account's sequence number N at that version (`GET /v1/accounts/{a}?ledger_version=V`) says its sent
 * transactions up to V are 0..N−1, so the first page starts at N − limit and each older page `limit` before the
 * previous one: nothing newer than V is ever asked for. Each page holds full transactions (with `changes`).
 * Transactions below the oldest retained version are pruned, so none is asked for: the oldest retained sequence
 * number (the "floor", {@link retainedFloorQuery}) is read first, from the account at the oldest retained version,
 * and pages stop there. Should the window move meanwhile (a live node prunes), the node leaves pruned transactions
 * out of a page, so a page shorter than asked holds the retained part of its range and is the last (a node that
 * refuses such a page with 410 instead has it cut to its retained part by a binary search on its start).
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { normalizeAddress } from '../../../shared/address.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { ApiRequestError, request } from '../client.ts';
import { endpointInfiniteQuery } from '../endpoint-query.ts';
import { DERIVED_KEYS, type VersionKey } from '../query-keys.ts';
import { isUserTransaction, type UserTransaction } from '../../../shared/api/wire-schemas.ts';

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
  readonly transactions: readonly UserTransaction[];
  /** The older transactions are pruned: this page was cut to its retained part and nothing older can be read. */
  readonly pruned: boolean;
}

type Read = (start: bigint, limit: number) => Promise<readonly UserTransaction[]>;

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
  let found: readonly UserTransaction[] = [];
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

/**
 * The newest page below sequence number `end` (exclusive) and not below `floor` (the oldest retained one), or
 * undefined when there is none.
 */
export function pageBelow(end: bigint, pageSize: number, floor = 0n): ActivityPageParam | undefined {
  if (end <= floor) return undefined;
  const start = end - floor > BigInt(pageSize) ? end - BigInt(pageSize) : floor;
  return { start, limit: Number(end - start) };
}

/**
 * The smallest sequence number of `address` whose transaction is retained, given the oldest retained version.
 * The account at that version has sequence number N: its transactions 0..N−1 were committed at or before it, so
 * N−2 and older are pruned, N and newer retained, and N−1 retained only when it is the transaction at that very
 * version (read by version, itself retained). Two requests, neither of them for a pruned version.
 */
export function retainedFloorQuery(address: string | undefined, oldest: string | undefined) {
  return queryOptions({
    queryKey: DERIVED_KEYS.activityFloor(address, oldest),
    queryFn:
      address === undefined || oldest === undefined
        ? skipToken
        : async ({ signal }): Promise<bigint> => {
            if (oldest === '0') return 0n;
            let sequenceNumber: bigint;
            try {
              const account = await request(ENDPOINTS.account, {
                path: { address },
                query: { ledger_version: oldest },
                signal,
              });
              sequenceNumber = BigInt(account.body.sequence_number);
            } catch (error) {
              // No account yet at the oldest version: all it sent is newer, so retained.
              if (error instanceof ApiRequestError && error.status === 404) return 0n;
              throw error;
            }
            if (sequenceNumber === 0n) return 0n;
            const atOldest = await request(ENDPOINTS.transactionByVersion, {
              path: { txn_version: oldest },
              query: {},
              signal,
            });
            const first = isUserTransaction(atOldest.body) ? atOldest.body : undefined;
            const own =
              first !== undefined &&
              normalizeAddress(first.sender) === normalizeAddress(address) &&
              first.sequence_number === (sequenceNumber - 1n).toString();
            return own ? sequenceNumber - 1n : sequenceNumber;
          },
  });
}

/**
 * `address`'s sent transactions up to `version`, whose sequence number there is `sequenceNumber`, and from the
 * oldest retained one, `floor` (skipped until all are known), newest first in pages of `pageSize`.
 */
export function accountActivityQuery(
  address: string | undefined,
  sequenceNumber: string | undefined,
  version: VersionKey | undefined,
  floor: bigint | undefined,
  pageSize = ACTIVITY_PAGE_SIZE,
) {
  const first =
    sequenceNumber === undefined || floor === undefined
      ? undefined
      : pageBelow(BigInt(sequenceNumber), pageSize, floor);
  // The page reaching the floor is the last; it says so when older transactions exist but are pruned.
  const atFloor = (page: ActivityPage): ActivityPage =>
    floor !== undefined && floor > 0n && page.param.start <= floor ? { ...page, pruned: true } : page;
  return endpointInfiniteQuery(
    ENDPOINTS.accountTransactions,
    { path: { address }, at: { version } },
    {
      shape: { pageSize, floor: floor?.toString(), sequenceNumber },
      skip: sequenceNumber === undefined || floor === undefined,
      page: async (fetchPage, pageParam: ActivityPageParam, { version: at }): Promise<ActivityPage> => {
        if (pageParam.limit === 0) return atFloor({ param: pageParam, transactions: [], pruned: false });
        const ceiling = BigInt(at);
        const read: Read = async (start, limit) => {
          const answer = await fetchPage({ start: start.toString(), limit });
          // Sequence numbers below N were all committed by V; the check keeps a moving node's surprises out.
          // An account's transactions are the user transactions it sent.
          return answer.body
            .filter(isUserTransaction)
            .filter((transaction) => BigInt(transaction.version) <= ceiling)
            .reverse();
        };
        return atFloor(await readRetained(read, pageParam));
      },
      initialPageParam: first ?? { start: floor ?? 0n, limit: 0 },
      getNextPageParam: (last) => (last.pruned ? undefined : pageBelow(last.param.start, pageSize, floor)),
    },
  );
}
