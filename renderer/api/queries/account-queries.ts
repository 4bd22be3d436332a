/**
 * Query options of the account domain: the account header (`GET /v1/accounts/{a}`), its resources
 * (cursor-paged with `X-Aptos-Cursor`) and its modules. Every key carries the concrete ledger version
 * the answer was read at, so answers are immutable (`staleTime: Infinity`, the client default).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ApiAnswer } from '../client.ts';
import { endpointInfiniteQuery, endpointQuery } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';
import type { MoveResourceJson } from '../types.ts';

/** Page sizes offered for the resources listing (the node's maximum is 9999). */
export const RESOURCE_PAGE_SIZES = [25, 100, 1000, 9999] as const;

/** `GET /v1/accounts/{address}` at `version`: sequence number and authentication key (skipped without a version). */
export function accountQuery(address: string, version: VersionKey | undefined) {
  return endpointQuery(ENDPOINTS.account, { path: { address }, at: { version } });
}

/** One page of resources with the version it was read at (so rows kept on screen can say which version they are). */
export interface ResourcesPage extends ApiAnswer<readonly MoveResourceJson[]> {
  readonly version: VersionKey;
}

/** Where a resources page starts (the previous page's cursor; undefined: the first page) and its size. */
export interface ResourcesPageParam {
  readonly start: string | undefined;
  readonly limit: number;
}

/**
 * `GET /v1/accounts/{address}/resources` page by page: the page parameter is the cursor (`start`) with the page
 * size. The first page has the chosen size; each next page the size of the page before it, so pages that "Load
 * all" appends at the node's largest size (load-all-resources.ts) are followed at that size. Skipped until both the
 * address and the version are known.
 */
export function resourcesQuery(address: string | undefined, version: VersionKey | undefined, pageSize: number) {
  return endpointInfiniteQuery(
    ENDPOINTS.resources,
    { path: { address }, at: { version } },
    {
      shape: { pageSize },
      page: async (fetchPage, param: ResourcesPageParam, read): Promise<ResourcesPage> => ({
        ...(await fetchPage({ limit: param.limit, start: param.start })),
        version: read.version,
      }),
      initialPageParam: { start: undefined, limit: pageSize } as ResourcesPageParam,
      getNextPageParam: (last, _pages, lastParam): ResourcesPageParam | undefined =>
        last.cursor === undefined ? undefined : { start: last.cursor, limit: lastParam.limit },
      // The same account at another version or page size keeps its rows on screen (opened rows stay
      // open), labelled by the panel with the version they were read at; another account's never.
      keepWhileSame: ['address'],
    },
  );
}

/** `GET /v1/accounts/{address}/modules` at `version`: every module with its ABI (skipped until both are known). */
export function modulesQuery(address: string | undefined, version: VersionKey | undefined) {
  return endpointQuery(ENDPOINTS.modules, { path: { address }, at: { version } });
}
