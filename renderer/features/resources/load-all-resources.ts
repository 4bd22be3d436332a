/**
 * The resources tab's "Load all": the pages after those on screen, each at the node's largest page
 * (`MAX_RESOURCE_PAGE_SIZE`), appended to the tab's infinite query as they come. The first page keeps
 * the chosen size (a quick first paint); the rest costs one request per 9,999 state keys instead of
 * one per 100 (the 10,000-resource account: 2 requests instead of 100). The infinite query's own
 * `fetchNextPage` cannot be told a page size, so the pages are read here and written into its cache
 * with the parameter they were read with; its next-page rule then keeps that size.
 */
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ResourcesPage, ResourcesPageParam } from '../../api/queries/account-queries.ts';
import { MAX_RESOURCE_PAGE_SIZE, resourcesPage } from '../../api/queries/resource-pages.ts';
import { loadPages, type PagesOutcome } from '../../lib/load-all.ts';

type ResourcesData = InfiniteData<ResourcesPage, ResourcesPageParam>;

/** What "Load all" reads: the tab's query (its key), the account and the concrete version it was read at. */
export interface LoadAllTarget {
  readonly queryKey: QueryKey;
  readonly address: string;
  readonly version: string;
}

/** The cursor after the last cached page, or undefined when the cache holds no pages or the last one ends the list. */
function nextCursor(data: ResourcesData | undefined): string | undefined {
  return data?.pages.at(-1)?.cursor;
}

/**
 * Reads every page after the cached ones at the node's largest size, appending each to the cache. Ends
 * `complete` at the list's end, `stopped` when `signal` aborts or the cache changed under it (another
 * reader appended or the query was reset), `bounded` at the load-all bound (lib/load-all.ts) with pages
 * left. A failed page rejects (the pages before it stay cached); an aborted read resolves `stopped`.
 */
export async function loadAllResources(
  client: QueryClient,
  target: LoadAllTarget,
  signal: AbortSignal,
): Promise<PagesOutcome> {
  const { queryKey, address, version } = target;
  let stale = false;
  try {
    const outcome = await loadPages(
      nextCursor(client.getQueryData<ResourcesData>(queryKey)) !== undefined,
      async () => {
        const start = nextCursor(client.getQueryData<ResourcesData>(queryKey));
        if (start === undefined) return false;
        const answer = await resourcesPage(address, version, MAX_RESOURCE_PAGE_SIZE, start, signal);
        const param: ResourcesPageParam = { start, limit: MAX_RESOURCE_PAGE_SIZE };
        client.setQueryData<ResourcesData>(queryKey, (data) => {
          // Appended only where it was read from: a cache that moved on meanwhile is left alone.
          if (data === undefined || nextCursor(data) !== start) {
            stale = true;
            return data;
          }
          return { pages: [...data.pages, { ...answer, version }], pageParams: [...data.pageParams, param] };
        });
        return answer.cursor !== undefined;
      },
      () => signal.aborted || stale,
    );
    return stale ? 'stopped' : outcome;
  } catch (error) {
    if (signal.aborted) return 'stopped';
    throw error;
  }
}
