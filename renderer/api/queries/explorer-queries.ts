/**
 * Query options of the explorer extras (`/explorer/v1`): the landing page's listings (accounts at a
 * version, tables, busiest event streams) and the facts of one version for the time-travel control.
 * A remote node has no `/explorer/v1`; {@link isExplorerUnavailable} tells that 404 from others.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { ApiRequestError, request, requestJson } from '../client.ts';
import { queryKeys, type VersionKey } from '../query-keys.ts';
import type { VersionInfoJson } from '../types.ts';

/** True when an error says the source does not serve this path at all (a node without `/explorer/v1`). */
export function isExplorerUnavailable(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404 && error.errorCode === 'web_framework_error';
}

/** `GET /explorer/v1/accounts` at a concrete version, paged by `after` (the previous page's `next`). */
export function explorerAccountsQuery(version: VersionKey, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.explorerAccounts(version, pageSize),
    queryFn: ({ pageParam, signal }) =>
      request(ENDPOINTS.explorerAccounts, {
        query: { limit: pageSize, ledger_version: version, after: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.body.next,
  });
}

/**
 * `GET /explorer/v1/tables`, paged by `after`. The endpoint takes no version; the key carries the
 * version the view reads at, so the listing of a moving source is re-read when the view moves on
 * (skipped until that version is known).
 */
export function explorerTablesQuery(version: VersionKey | undefined, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.explorerTables(version, pageSize),
    queryFn:
      version === undefined
        ? skipToken
        : ({ pageParam, signal }) =>
            request(ENDPOINTS.explorerTables, {
              query: { limit: pageSize, after: pageParam ?? undefined },
              signal,
            }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.body.next,
  });
}

/**
 * `GET /explorer/v1/event-streams?limit`: the streams with the most events (over the source's newest
 * events; the endpoint takes no version, the key carries the one the view reads at; skipped without).
 */
export function eventStreamsQuery(version: VersionKey | undefined, limit: number) {
  return queryOptions({
    queryKey: queryKeys.eventStreams(version, limit),
    queryFn:
      version === undefined
        ? skipToken
        : ({ signal }) => request(ENDPOINTS.explorerEventStreams, { query: { limit }, signal }),
  });
}

/** What the node's `GET /v1/blocks/by_version/{v}` answers (the fields used here). */
interface NodeBlockJson {
  readonly block_height: string;
  readonly block_timestamp: string;
  readonly first_version: string;
  readonly last_version: string;
}

/**
 * The block height and time of a version: `GET /explorer/v1/versions/{v}`, or on a node without the
 * explorer API its own `GET /v1/blocks/by_version/{v}` (the epoch is then unknown: empty string).
 * Out-of-range versions fail with the API's 404/410 record. Immutable once read. Skipped without a
 * version (e.g. nothing is pinned).
 */
export function versionInfoQuery(version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.versionInfo(version),
    queryFn: version === undefined ? skipToken : ({ signal }) => readVersionInfo(version, signal),
  });
}

async function readVersionInfo(version: VersionKey, signal: AbortSignal): Promise<VersionInfoJson> {
  try {
    return (await request(ENDPOINTS.explorerVersion, { path: { version }, signal })).body;
  } catch (error) {
    if (!isExplorerUnavailable(error)) throw error;
  }
  const block = (await requestJson<NodeBlockJson>(`/v1/blocks/by_version/${version}`, { signal })).body;
  return {
    version,
    block_height: block.block_height,
    block_timestamp_usec: block.block_timestamp,
    epoch: '',
    block_first_version: block.first_version,
    block_last_version: block.last_version,
  };
}
