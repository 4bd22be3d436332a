/**
 * Loading every page of a paged read, in one place with one bound. Three readers loop over pages:
 * the export's "load all pages first", the resources tab's "Load all" and the compare page's read
 * of every resource. They all stop when the source says there is no next page, when their caller
 * stops them (cancel, unmount, abort), or at {@link MAX_PAGES} pages: a loop must end even on a
 * source whose cursor never runs out. Stopping at the bound with pages left is reported, never
 * passed off as "all".
 */
import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/react-query';
import type { ExportRow } from './to-csv.ts';

/** Bound on the pages one load-all loop fetches, whatever the page size (each page is one request). */
export const MAX_PAGES = 10_000;

/** How a page loop ended. */
export type PagesOutcome = 'complete' | 'stopped' | 'bounded';

/** The error of a loop that reached {@link MAX_PAGES} while the source still offered more. */
export class TooManyPagesError extends Error {
  constructor() {
    super(`stopped after ${MAX_PAGES.toLocaleString('en-US')} pages: the source kept offering more`);
    this.name = 'TooManyPagesError';
  }
}

/**
 * Fetches page after page: `next` reads one and answers whether another follows. Starts only when
 * `more` is true; checks `stopped` before each page.
 */
export async function loadPages(
  more: boolean,
  next: () => Promise<boolean>,
  stopped: () => boolean = () => false,
): Promise<PagesOutcome> {
  let remaining = more;
  for (let page = 0; remaining; page += 1) {
    if (stopped()) return 'stopped';
    if (page >= MAX_PAGES) return 'bounded';
    remaining = await next();
  }
  return 'complete';
}

/** Loads every remaining page; resolves with all rows (or the rows so far when cancelled). */
export type LoadAll = (signal: AbortSignal, onProgress: (loaded: number) => void) => Promise<readonly ExportRow[]>;

/** The part of a `useInfiniteQuery` result that loading all pages needs. */
export interface PagedQuery<TPage> {
  readonly data: InfiniteData<TPage, unknown> | undefined;
  readonly hasNextPage: boolean;
  fetchNextPage(): Promise<InfiniteQueryObserverResult<InfiniteData<TPage, unknown>>>;
}

/** A {@link LoadAll} over an infinite query; `rowsOf` flattens its pages into rows. */
export function loadAllPages<TPage>(
  query: PagedQuery<TPage>,
  rowsOf: (data: InfiniteData<TPage, unknown> | undefined) => readonly ExportRow[],
): LoadAll {
  return async (signal, onProgress) => {
    let data = query.data;
    const outcome = await loadPages(
      query.hasNextPage,
      async () => {
        const result = await query.fetchNextPage();
        if (result.error) throw result.error;
        data = result.data;
        onProgress(rowsOf(data).length);
        return result.hasNextPage;
      },
      () => signal.aborted,
    );
    if (outcome === 'bounded') throw new TooManyPagesError();
    return rowsOf(data);
  };
}
