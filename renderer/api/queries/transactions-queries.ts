/**
 * Query options of the transactions domain: an account's transaction summaries, newest first,
 * within an inclusive version range [from, to] whose upper bound defaults to the version the view
 * reads at (a pinned view lists nothing after its pin). The list starts at the top of the range, at
 * its bottom (`from` alone), or at a version the user jumped to (`at`), and pages both ways: older
 * pages ask for the newest `limit` at or below (oldest covered − 1), newer pages from (newest
 * covered + 1) upward. Versions outside the range are dropped on arrival, because a node ignores
 * `end_version` when `start_version` is given.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ApiAnswer } from '../client.ts';
import { endpointInfiniteQuery } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';
import type { TransactionSummaryJson } from '../types.ts';

/** Page size of the summaries list. */
export const TRANSACTIONS_PAGE_SIZE = 50;

/** The optional inclusive version range the user filtered by, and where the list starts (decimal strings). */
export interface VersionRange {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** The version the list starts at (its first page is the newest summaries at or below it). */
  readonly at?: string | undefined;
}

/** One page request: toward older versions (`end`) or newer ones (`start`). */
export type SummariesPageParam =
  { readonly direction: 'older'; readonly end: string } | { readonly direction: 'newer'; readonly start: string };

/** A fetched page with the request that produced it (the paging rules need both). */
export interface SummariesPage {
  readonly param: SummariesPageParam;
  readonly answer: ApiAnswer<readonly TransactionSummaryJson[]>;
  /** The page's summaries inside the range, ascending by version. */
  readonly summaries: readonly TransactionSummaryJson[];
}

/** Whether `from` is after `to`: such a range can hold nothing, so it is explained without asking the source. */
export function isReversed(range: VersionRange): boolean {
  return range.from !== undefined && range.to !== undefined && BigInt(range.from) > BigInt(range.to);
}

/** The first page parameter of a skipped query (never fetched; TanStack requires one all the same). */
const SKIPPED_PARAM: SummariesPageParam = { direction: 'older', end: '0' };

/** The range as bigints: [low, high], high being `to` or the view's version, whichever is lower. */
interface Bounds {
  readonly low: bigint;
  readonly high: bigint;
}

function boundsOf(range: VersionRange, version: VersionKey): Bounds {
  const ceiling = BigInt(version);
  const to = range.to === undefined ? ceiling : BigInt(range.to);
  return { low: range.from === undefined ? 0n : BigInt(range.from), high: to < ceiling ? to : ceiling };
}

/** The versions a page covers: everything between them that is in the range was on the page. */
function covered(
  page: SummariesPage,
  pageSize: number,
  bounds: Bounds,
): { readonly low: bigint; readonly high: bigint } {
  const body = page.answer.body;
  const full = body.length >= pageSize;
  if (page.param.direction === 'older') {
    const oldest = body[0];
    return { low: full && oldest ? BigInt(oldest.version) : bounds.low, high: BigInt(page.param.end) };
  }
  const newest = body.at(-1);
  return { low: BigInt(page.param.start), high: full && newest ? BigInt(newest.version) : bounds.high };
}

/** Where the list starts: at `at`, at the bottom when only `from` is given, else at the top. */
export function initialSummariesParam(range: VersionRange, version: VersionKey): SummariesPageParam {
  const bounds = boundsOf(range, version);
  if (range.at !== undefined) {
    const at = BigInt(range.at);
    return { direction: 'older', end: (at > bounds.high ? bounds.high : at < bounds.low ? bounds.low : at).toString() };
  }
  if (range.from !== undefined && range.to === undefined) return { direction: 'newer', start: range.from };
  return { direction: 'older', end: bounds.high.toString() };
}

/**
 * An account's summaries within `range` and at or below `version` (the version the view reads at),
 * newest first in pages, pageable both ways. Skipped until the address and version are known, and
 * for a reversed range.
 */
export function transactionsQuery(
  address: string | undefined,
  range: VersionRange,
  version: VersionKey | undefined,
  pageSize = TRANSACTIONS_PAGE_SIZE,
) {
  const bounds = version === undefined || isReversed(range) ? undefined : boundsOf(range, version);
  return endpointInfiniteQuery(
    ENDPOINTS.transactionSummaries,
    { path: { address }, at: { version } },
    {
      shape: { from: range.from, to: range.to, at: range.at, pageSize },
      skip: bounds === undefined,
      page: async (fetchPage, pageParam: SummariesPageParam): Promise<SummariesPage> => {
        const query =
          pageParam.direction === 'older'
            ? { end_version: pageParam.end, limit: pageSize }
            : { start_version: pageParam.start, end_version: bounds?.high.toString(), limit: pageSize };
        const answer = await fetchPage(query);
        const summaries = answer.body.filter(
          (summary) =>
            bounds !== undefined && BigInt(summary.version) >= bounds.low && BigInt(summary.version) <= bounds.high,
        );
        return { param: pageParam, answer, summaries };
      },
      initialPageParam: version === undefined ? SKIPPED_PARAM : initialSummariesParam(range, version),
      getNextPageParam: (last): SummariesPageParam | undefined => {
        if (bounds === undefined) return undefined;
        const below = covered(last, pageSize, bounds).low - 1n;
        return below < bounds.low ? undefined : { direction: 'older', end: below.toString() };
      },
      getPreviousPageParam: (first): SummariesPageParam | undefined => {
        if (bounds === undefined) return undefined;
        const above = covered(first, pageSize, bounds).high + 1n;
        return above > bounds.high ? undefined : { direction: 'newer', start: above.toString() };
      },
      // Only another page size keeps the rows; another account, range, start or version never does.
      keepWhileSame: ['address', 'from', 'to', 'at', 'version'],
    },
  );
}
