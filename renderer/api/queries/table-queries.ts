/**
 * Query options of the tables and inspector domain: table metadata, item
 * lookups (decoded and raw BCS), module ABIs for layouts, and an account's resources at one version
 * (all pages, for compare). Lookups always carry a concrete ledger version, so answers never change.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import { request as requestEndpoint, requestBytes } from '../client.ts';
import { queryKeys, UNVERSIONED, type VersionKey } from '../query-keys.ts';
import { allResourcePages } from './resource-pages.ts';

/** `GET /explorer/v1/tables/{handle}`: key and value types, owner. */
export function tableInfoQuery(handle: string) {
  return queryOptions({
    queryKey: queryKeys.tableInfo(handle),
    queryFn: ({ signal }) => requestEndpoint(ENDPOINTS.explorerTable, { path: { handle }, signal }),
  });
}

/** What a decoded item lookup sends (the key as JSON text, already validated by the editor). */
export interface TableItemRequest {
  readonly handle: string;
  readonly keyType: string;
  readonly valueType: string;
  readonly keyJson: string;
  readonly version: VersionKey;
}

/** `POST /v1/tables/{handle}/item?ledger_version=`: the decoded value; skipped while there is no request to send. */
export function tableItemQuery(request: TableItemRequest | undefined) {
  return queryOptions({
    queryKey: queryKeys.tableItem(
      request?.handle,
      request?.keyType,
      request?.valueType,
      request?.keyJson,
      request?.version,
    ),
    queryFn:
      request === undefined
        ? skipToken
        : ({ signal }) =>
            requestEndpoint(ENDPOINTS.tableItem, {
              path: { table_handle: request.handle },
              query: { ledger_version: request.version },
              body: {
                key_type: request.keyType,
                value_type: request.valueType,
                key: JSON.parse(request.keyJson) as unknown,
              },
              signal,
            }),
  });
}

/**
 * `POST /v1/tables/{handle}/raw_item` with `Accept: application/x-bcs`: the stored bytes. Skipped
 * until a key has been sent and the version is known.
 */
export function rawTableItemQuery(handle: string, keyHex: string | undefined, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.rawTableItem(handle, keyHex, version),
    queryFn:
      keyHex === undefined || version === undefined
        ? skipToken
        : ({ signal }) =>
            requestBytes(ENDPOINTS.rawTableItem, {
              path: { table_handle: handle },
              query: { ledger_version: version },
              body: { key: keyHex },
              signal,
            }),
  });
}

/**
 * `GET /v1/accounts/{address}/module/{name}`: one module's ABI (null when it has none) at `version`.
 * Without a version (the ledger status is not reachable, e.g. the offline inspector) it reads the
 * source's latest; that answer is keyed apart and never served from the cache as fresh
 * (`staleTime: 0`), because "latest" moves.
 */
export function moduleAbiQuery(address: string, name: string, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.moduleAbi(address, name, version ?? UNVERSIONED),
    queryFn: async ({ signal }): Promise<MoveModuleAbi | null> => {
      const answer = await requestEndpoint(ENDPOINTS.accountModule, {
        path: { address, module_name: name },
        query: { ledger_version: version },
        signal,
      });
      return (answer.body.abi as MoveModuleAbi | undefined) ?? null;
    },
    staleTime: version === undefined ? 0 : Infinity,
  });
}

/** The most resources one page may hold (the service's maximum is larger; this keeps pages small). */
const RESOURCES_PAGE = 1000;

/** Every resource of an account at one version (all pages, following the cursor); skipped without a version. */
export function allResourcesQuery(address: string, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.allResources(address, version),
    queryFn:
      version === undefined ? skipToken : ({ signal }) => allResourcePages(address, version, RESOURCES_PAGE, signal),
  });
}
