/**
 * Query options of what an account holds: one resource's JSON (absent = null, not an error), the objects the
 * account owns (`GET /explorer/v1/accounts/{a}/assets`, a snapshot's extra; null on a node, which has no such
 * query) and a coin's paired fungible asset (`0x1::coin::paired_metadata` through `POST /v1/view`). Every key
 * carries the concrete version read at, so answers are immutable (`staleTime: Infinity`, the client default).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import { ApiRequestError, request, type ApiAnswer } from '../client.ts';
import { endpointBodyQuery, endpointQuery, reader, type ReadContext } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';
import { isExplorerUnavailable } from './explorer-queries.ts';
import { isAbsent, resourceAtQuery } from './change-queries.ts';

export { isAbsent };

/** `GET /explorer/v1/accounts/{a}/assets`. */
export type AccountAssetsJson = ReplyOf<typeof ENDPOINTS.explorerAccountAssets>;

/** One object an account owns. */
export type OwnedObjectJson = AccountAssetsJson['objects'][number];

/** `GET /v1/accounts/{a}/resource/{type}` at `version` as JSON; null when absent; skipped without an address. */
export function resourceJsonQuery(address: string | undefined, type: string, version: VersionKey | undefined) {
  return resourceAtQuery(address, type, version);
}

/**
 * The objects `address` owns at `version` (`/explorer/v1/accounts/{a}/assets`); null when the source has no
 * explorer API (a node): the caller then finds the primary stores it can derive.
 */
export function accountAssetsQuery(address: string | undefined, version: VersionKey | undefined) {
  return endpointQuery(ENDPOINTS.explorerAccountAssets, { path: { address }, at: { version } }, ASSETS_OR_NULL);
}

/** The objects, or null where the source has no explorer API. */
const ASSETS_OR_NULL = reader(
  'body-or-null',
  async (fetch: () => Promise<ApiAnswer<AccountAssetsJson>>): Promise<AccountAssetsJson | null> => {
    try {
      return (await fetch()).body;
    } catch (error) {
      if (isExplorerUnavailable(error)) return null;
      throw error;
    }
  },
);

/** `Option<Object<Metadata>>` as view JSON: `{"vec": [{"inner": "0x…"}]}` or `{"vec": []}`. */
function pairedAddress(values: readonly unknown[]): string | null {
  const option = values[0] as { vec?: readonly { inner?: unknown }[] } | undefined;
  const inner = option?.vec?.[0]?.inner;
  return typeof inner === 'string' ? inner : null;
}

/**
 * The fungible asset a coin is paired with at `version` (`0x1::coin::paired_metadata<coinType>()`), or null when
 * it has none, or when the source cannot answer the view (the Assets tab then lists the coin alone).
 */
export function pairedMetadataQuery(coinType: string, version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.view,
    {
      body: { function: '0x1::coin::paired_metadata', type_arguments: [coinType], arguments: [] },
      at: { version },
    },
    PAIRED,
  );
}

/** The paired metadata's address from the view's answer; null where the source refuses the view. */
const PAIRED = reader(
  'paired-address',
  async (fetch: () => Promise<ApiAnswer<readonly unknown[]>>): Promise<string | null> => {
    try {
      return pairedAddress((await fetch()).body);
    } catch (error) {
      // A view the source does not answer is "unknown pairing", not a broken tab.
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return null;
      throw error;
    }
  },
);

/**
 * A read-only framework view function's return values at `version` (`POST /v1/view`): how the header asks "is
 * this an object" or "how much APT is in the primary store" without a 404 for an answer. Skipped without a
 * version or when `enabled` is false.
 */
export function viewQuery(
  fn: string,
  typeArguments: readonly string[],
  args: readonly string[],
  version: VersionKey | undefined,
  enabled = true,
) {
  return endpointBodyQuery(ENDPOINTS.view, {
    body: { function: fn, type_arguments: [...typeArguments], arguments: [...args] },
    at: { version },
    enabled,
  });
}

/**
 * Whether `address` holds an object at `version`: `0x1::object::is_object` through `POST /v1/view` (a snapshot
 * answers it; an answer, never a 404), or — where the view is refused (a node runs only `#[view]` functions, and
 * `is_object` is not one) — whether `GET /resource/0x1::object::ObjectCore` finds it.
 */
export function isObjectQuery(address: string | undefined, version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.view,
    { body: address === undefined ? undefined : isObjectBody(address), at: { version } },
    reader(
      'is-object',
      async (fetch: () => Promise<ApiAnswer<readonly unknown[]>>, { signal, version: at }: ReadContext) => {
        try {
          return (await fetch()).body;
        } catch (error) {
          if (!(error instanceof ApiRequestError) || error.status !== 400 || address === undefined) throw error;
        }
        try {
          await request(ENDPOINTS.resource, {
            path: { address, resource_type: '0x1::object::ObjectCore' },
            query: { ledger_version: at },
            signal,
          });
          return [true];
        } catch (error) {
          if (isAbsent(error)) return [false];
          throw error;
        }
      },
    ),
  );
}

/** The view body asking whether `address` holds an object. */
function isObjectBody(address: string) {
  return { function: '0x1::object::is_object', type_arguments: [], arguments: [address] };
}
