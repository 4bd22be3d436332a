/**
 * Query options of the tables and inspector domain: table metadata, item
 * lookups (decoded and raw BCS), module ABIs for layouts, and an account's resources at one version
 * (all pages, for compare). Lookups always carry a concrete ledger version, so answers never change.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import type { ApiAnswer } from '../client.ts';
import { endpointQuery, reader } from '../endpoint-query.ts';
import { DERIVED_KEYS, type VersionKey } from '../query-keys.ts';
import { allResourcePages } from './resource-pages.ts';

/** `GET /explorer/v1/tables/{handle}`: key and value types, owner. */
export function tableInfoQuery(handle: string) {
  return endpointQuery(ENDPOINTS.explorerTable, { path: { handle }, at: 'immutable' });
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
  return endpointQuery(ENDPOINTS.tableItem, {
    path: { table_handle: request?.handle },
    body:
      request === undefined
        ? undefined
        : { key_type: request.keyType, value_type: request.valueType, key: JSON.parse(request.keyJson) as unknown },
    at: { version: request?.version },
  });
}

/**
 * `POST /v1/tables/{handle}/raw_item` with `Accept: application/x-bcs`: the stored bytes. Skipped
 * until a key has been sent and the version is known.
 */
export function rawTableItemQuery(handle: string, keyHex: string | undefined, version: VersionKey | undefined) {
  return endpointQuery(ENDPOINTS.rawTableItem, {
    path: { table_handle: handle },
    body: keyHex === undefined ? undefined : { key: keyHex },
    accept: 'bcs',
    at: { version },
  });
}

/** A module's ABI from its answer (null when the module was published without one). */
const ABI = reader(
  'abi',
  async (fetch: () => Promise<ApiAnswer<{ readonly abi?: unknown }>>): Promise<MoveModuleAbi | null> =>
    ((await fetch()).body.abi as MoveModuleAbi | undefined) ?? null,
);

/**
 * `GET /v1/accounts/{address}/module/{name}`: one module's ABI (null when it has none) at `version`.
 * Without a version (the ledger status is not reachable, e.g. the offline inspector) it reads the
 * source's latest; that answer is keyed apart and never served from the cache as fresh
 * (`staleTime: 0`), because "latest" moves.
 */
export function moduleAbiQuery(address: string, name: string, version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.accountModule,
    { path: { address, module_name: name }, at: version === undefined ? 'unversioned' : { version } },
    ABI,
  );
}

/** The most resources one page may hold (the service's maximum is larger; this keeps pages small). */
const RESOURCES_PAGE = 1000;

/** Every resource of an account at one version (all pages, following the cursor); skipped without a version. */
export function allResourcesQuery(address: string, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: DERIVED_KEYS.allResources(address, version),
    queryFn:
      version === undefined ? skipToken : ({ signal }) => allResourcePages(address, version, RESOURCES_PAGE, signal),
  });
}
