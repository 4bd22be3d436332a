/**
 * Query options of the transactions domain: an account's transaction summaries, newest first,
 * within an optional version range [from, to]. Older pages ask for the newest `limit` at or below
 * (oldest shown − 1); newer pages ask from (newest shown + 1) upward. Versions outside the range
 * are dropped on arrival, because a node ignores `end_version` when `start_version` is given.
 */
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { requestJson, type ApiAnswer } from '../client.ts';
import { queryKeys } from '../query-keys.ts';
import type { TransactionSummaryJson } from '../types.ts';

/** Page size of the summaries list. */
export const TRANSACTIONS_PAGE_SIZE = 50;

/** The optional inclusive version range the user filtered by (decimal strings). */
export interface VersionRange {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/** One page request: toward older versions (`end`) or newer ones (`start`). */
export type SummariesPageParam = { readonly direction: 'older'; readonly end: string | undefined } | { readonly direction: 'newer'; readonly start: string };

/** A fetched page with the request that produced it (the paging rules need both). */
export interface SummariesPage {
  readonly param: SummariesPageParam;
  readonly answer: ApiAnswer<readonly TransactionSummaryJson[]>;
  /** The page's summaries inside the range, ascending by version. */
  readonly summaries: readonly TransactionSummaryJson[];
}

function inRange(version: bigint, range: VersionRange): boolean {
  return (range.from === undefined || version >= BigInt(range.from)) && (range.to === undefined || version <= BigInt(range.to));
}

/** An account's summaries within `range`, newest first in pages, pageable both ways. */
export function transactionsQuery(address: string, range: VersionRange, pageSize = TRANSACTIONS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: queryKeys.transactions(address, range, pageSize),
    queryFn: async ({ pageParam, signal }): Promise<SummariesPage> => {
      const query = pageParam.direction === 'older'
        ? { end_version: pageParam.end, limit: pageSize }
        : { start_version: pageParam.start, end_version: range.to, limit: pageSize };
      const answer = await requestJson<readonly TransactionSummaryJson[]>(`/v1/accounts/${address}/transaction_summaries`, { query, signal });
      const summaries = answer.body.filter((summary) => inRange(BigInt(summary.version), range));
      return { param: pageParam, answer, summaries };
    },
    // A `from` alone starts at the bottom of the range and pages newer; otherwise start at the top (`to` or the newest) and page older.
    initialPageParam: (range.from !== undefined && range.to === undefined ? { direction: 'newer', start: range.from } : { direction: 'older', end: range.to }) as SummariesPageParam,
    getNextPageParam: (last): SummariesPageParam | undefined => {
      const oldest = last.answer.body[0];
      if (last.param.direction !== 'older' || !oldest || last.answer.body.length < pageSize) return undefined;
      const below = BigInt(oldest.version) - 1n;
      if (below < 0n || (range.from !== undefined && below < BigInt(range.from))) return undefined;
      return { direction: 'older', end: below.toString() };
    },
    getPreviousPageParam: (first): SummariesPageParam | undefined => {
      const newest = first.answer.body.at(-1);
      if (first.param.direction !== 'newer' || !newest || first.answer.body.length < pageSize) return undefined;
      const above = BigInt(newest.version) + 1n;
      if (range.to !== undefined && above > BigInt(range.to)) return undefined;
      return { direction: 'newer', start: above.toString() };
    },
    placeholderData: keepPreviousData,
  });
}
