/**
 * Query options of a transaction's changes: one resource (JSON or its BCS bytes) and one table
 * item's stored bytes, each at one version. "Absent" is an answer here, not an error: a resource or
 * table item that did not exist at V − 1 is what "created by this transaction" means, so a 404 of
 * that kind resolves to `null`; a pruned or too-new version stays an error (the view explains it).
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { ApiRequestError, request, requestBytes } from '../client.ts';
import { queryKeys, type VersionKey } from '../query-keys.ts';
import type { MoveResourceJson } from '../types.ts';

/** Whether `error` says the thing read does not exist at that version (as opposed to the version being unreadable). */
export function isAbsent(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.is(404, 'resource_not_found') || error.is(404, 'account_not_found') || error.is(404, 'table_item_not_found'))
  );
}

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isAbsent(error)) return null;
    throw error;
  }
}

/** `GET /v1/accounts/{a}/resource/{t}?ledger_version=` as JSON; `null` when absent at that version. */
export function resourceAtQuery(address: string | undefined, type: string, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.resourceAt(address, type, version),
    queryFn:
      address === undefined || version === undefined
        ? skipToken
        : ({ signal }): Promise<MoveResourceJson | null> =>
            orNull(
              async () =>
                (
                  await request(ENDPOINTS.resource, {
                    path: { address, resource_type: type },
                    query: { ledger_version: version },
                    signal,
                  })
                ).body,
            ),
  });
}

/** The same read with `Accept: application/x-bcs`: the resource's stored bytes; `null` when absent. */
export function resourceBytesAtQuery(address: string, type: string, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.resourceBytesAt(address, type, version),
    queryFn:
      version === undefined
        ? skipToken
        : ({ signal }): Promise<Uint8Array | null> =>
            orNull(
              async () =>
                (
                  await requestBytes(ENDPOINTS.resource, {
                    path: { address, resource_type: type },
                    query: { ledger_version: version },
                    signal,
                  })
                ).body,
            ),
  });
}

/** `POST /v1/tables/{handle}/raw_item` (BCS) at `version`: the item's stored value bytes; `null` when absent. */
export function tableItemBytesAtQuery(handle: string, keyHex: string, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.tableItemBytesAt(handle, keyHex, version),
    queryFn:
      version === undefined
        ? skipToken
        : ({ signal }): Promise<Uint8Array | null> =>
            orNull(
              async () =>
                (
                  await requestBytes(ENDPOINTS.rawTableItem, {
                    path: { table_handle: handle },
                    query: { ledger_version: version },
                    body: { key: keyHex },
                    signal,
                  })
                ).body,
            ),
  });
}
