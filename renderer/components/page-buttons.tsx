/**
 * "Newer …" / "Older …" buttons of a list read newest first, paged both ways by an infinite query
 * (events, transaction summaries): previous pages are newer, next pages older.
 */
import type { ReactNode } from 'react';

/** The part of a `useInfiniteQuery` result the buttons use. */
export interface TwoWayPaging {
  readonly hasPreviousPage: boolean;
  readonly isFetchingPreviousPage: boolean;
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  fetchPreviousPage(): Promise<unknown>;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Paging of a list that shows no rows (its pinned version is out of range, or its query failed): both buttons disabled.
 */
export const NO_PAGING: TwoWayPaging = {
  hasPreviousPage: false,
  isFetchingPreviousPage: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchPreviousPage: () => Promise.resolve(),
  fetchNextPage: () => Promise.resolve(),
};

/** The two paging buttons, named after what the list holds (e.g. "events"). */
export function NewerOlderButtons({ query, noun }: { readonly query: TwoWayPaging; readonly noun: string }): ReactNode {
  return (
    <>
      <button
        type="button"
        disabled={!query.hasPreviousPage || query.isFetchingPreviousPage}
        onClick={() => void query.fetchPreviousPage()}
      >
        Newer {noun}
      </button>
      <button
        type="button"
        disabled={!query.hasNextPage || query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        Older {noun}
      </button>
    </>
  );
}
