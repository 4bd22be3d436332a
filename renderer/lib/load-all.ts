/**
 * "Load all pages first" for an infinite query: fetches the next page until there is none, the
 * user cancels, or a bound is reached, reporting the rows loaded so far.
 */
import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/react-query';
import type { ExportRow } from './to-csv.ts';

/** Loads every remaining page; resolves with all rows (or the rows so far when cancelled). */
export type LoadAll = (signal: AbortSignal, onProgress: (loaded: number) => void) => Promise<readonly ExportRow[]>;

/** The part of a `useInfiniteQuery` result that loading all pages needs. */
export interface PagedQuery<TPage> {
  readonly data: InfiniteData<TPage, unknown> | undefined;
  readonly hasNextPage: boolean;
  fetchNextPage(): Promise<InfiniteQueryObserverResult<InfiniteData<TPage, unknown>>>;
}

/** Bound on pages fetched by one "load all" (a loop must end even on a source that never stops). */
export const MAX_PAGES = 10_000;

/** A {@link LoadAll} over an infinite query; `rowsOf` flattens its pages into rows. */
export function loadAllPages<TPage>(
  query: PagedQuery<TPage>,
  rowsOf: (data: InfiniteData<TPage, unknown> | undefined) => readonly ExportRow[],
): LoadAll {
  return async (signal, onProgress) => {
    let data = query.data;
    let more = query.hasNextPage;
    for (let page = 0; more && !signal.aborted && page < MAX_PAGES; page += 1) {
      const result = await query.fetchNextPage();
      if (result.error) throw result.error;
      data = result.data;
      more = result.hasNextPage;
      onProgress(rowsOf(data).length);
    }
    return rowsOf(data);
  };
}
