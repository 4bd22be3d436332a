/**
 * Query options of the explorer extras (`/explorer/v1`): the landing page's listings (accounts at a
 * version, tables, busiest event streams) and the facts of one version for the time-travel control.
 * A remote node has no `/explorer/v1`; {@link isExplorerUnavailable} tells that 404 from others.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { ApiRequestError, request, type ApiAnswer } from '../client.ts';
import { endpointInfiniteQuery, endpointQuery, reader, type ReadContext } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';
import type { VersionInfoJson } from '../types.ts';

/** True when an error says the source does not serve this path at all (a node without `/explorer/v1`). */
export function isExplorerUnavailable(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404 && error.errorCode === 'web_framework_error';
}

/** `GET /explorer/v1/accounts` at a concrete version, paged by `after` (the previous page's `next`). */
export function explorerAccountsQuery(version: VersionKey, pageSize: number) {
  return endpointInfiniteQuery(
    ENDPOINTS.explorerAccounts,
    { query: { limit: pageSize }, at: { version } },
    {
      page: (fetchPage, after: string | null) => fetchPage({ after: after ?? undefined }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.body.next,
    },
  );
}

/**
 * `GET /explorer/v1/tables`, paged by `after`. The endpoint takes no version; the key carries the
 * version the view reads at, so the listing of a moving source is re-read when the view moves on
 * (skipped until that version is known).
 */
export function explorerTablesQuery(version: VersionKey | undefined, pageSize: number) {
  return endpointInfiniteQuery(
    ENDPOINTS.explorerTables,
    { query: { limit: pageSize }, at: { version } },
    {
      page: (fetchPage, after: string | null) => fetchPage({ after: after ?? undefined }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.body.next,
    },
  );
}

/**
 * `GET /explorer/v1/event-streams?limit`: the streams with the most events (over the source's newest
 * events; the endpoint takes no version, the key carries the one the view reads at; skipped without).
 */
export function eventStreamsQuery(version: VersionKey | undefined, limit: number) {
  return endpointQuery(ENDPOINTS.explorerEventStreams, { query: { limit }, at: { version } });
}

/**
 * The block height and time of a version: `GET /explorer/v1/versions/{v}`, or on a node without the
 * explorer API its own `GET /v1/blocks/by_version/{v}` (the epoch is then unknown: empty string).
 * Out-of-range versions fail with the API's 404/410 record. Immutable once read. Skipped without a
 * version (e.g. nothing is pinned).
 */
export function versionInfoQuery(version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.explorerVersion,
    { path: { version }, at: 'immutable' },
    reader('version-info', async (fetch: () => Promise<ApiAnswer<VersionInfoJson>>, { signal }: ReadContext) => {
      try {
        return (await fetch()).body;
      } catch (error) {
        if (!isExplorerUnavailable(error) || version === undefined) throw error;
      }
      return nodeVersionInfo(version, signal);
    }),
  );
}

/** The facts of a version from the node's own `GET /v1/blocks/by_version/{v}` (the epoch is then unknown: ''). */
async function nodeVersionInfo(version: VersionKey, signal: AbortSignal): Promise<VersionInfoJson> {
  const block = (await request(ENDPOINTS.blockByVersion, { path: { version }, signal })).body;
  return {
    version,
    block_height: block.block_height,
    block_timestamp_usec: block.block_timestamp,
    epoch: '',
    block_first_version: block.first_version,
    block_last_version: block.last_version,
  };
}
