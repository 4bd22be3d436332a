/**
 * The search box's data: `GET /explorer/v1/search?q=`, which says what a text is (version, account,
 * table, module, struct tag). A remote node has no explorer API; there addresses and versions are
 * resolved by direct lookups of the node API (`GET /v1/accounts/{a}`, `GET /v1/blocks/by_version/{v}`).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { queryOptions } from '@tanstack/react-query';
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import { ApiRequestError, request, requestJson } from '../client.ts';
import { queryKeys } from '../query-keys.ts';
import type { AccountJson, SearchResultJson } from '../types.ts';
import { isExplorerUnavailable } from './explorer-queries.ts';
import { LEDGER_REFRESH_MS } from './ledger-queries.ts';

/** What a search found, and whether it came from direct lookups (fewer kinds of result). */
export interface SearchOutcome {
  readonly query: string;
  readonly results: readonly SearchResultJson[];
  readonly direct: boolean;
}

const DECIMAL = /^\d+$/;

/** A lookup that answers "absent" with a 404/410 record: absent is a non-result, anything else an error. */
async function lookup<T>(path: string, signal: AbortSignal): Promise<T | undefined> {
  try {
    return (await requestJson<T>(path, { signal })).body;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) return undefined;
    throw error;
  }
}

/** Resolves addresses and versions with the node API alone (nodes answer `/accounts/{a}` for any address). */
async function directLookup(text: string, signal: AbortSignal): Promise<SearchResultJson[]> {
  const results: SearchResultJson[] = [];
  if (DECIMAL.test(text)) {
    const block = await lookup<{ block_height: string }>(`/v1/blocks/by_version/${text}`, signal);
    if (block !== undefined)
      results.push({ kind: 'version', version: BigInt(text).toString(), block_height: block.block_height });
  }
  if (isAddress(text)) {
    const address = normalizeAddress(text);
    const account = await lookup<AccountJson>(`/v1/accounts/${address}`, signal);
    if (account !== undefined) results.push({ kind: 'account', address });
  }
  return results;
}

/** Runs one search: the explorer API, or direct lookups where the source has none. */
export async function resolveSearch(text: string, signal: AbortSignal): Promise<SearchOutcome> {
  try {
    const answer = await request(ENDPOINTS.explorerSearch, { query: { q: text }, signal });
    return { query: text, results: answer.body.results, direct: false };
  } catch (error) {
    if (!isExplorerUnavailable(error)) throw error;
  }
  return { query: text, results: await directLookup(text, signal), direct: true };
}

/** The search for a (trimmed, non-empty) text; refreshed as often as the ledger (accounts appear). */
export function searchQuery(text: string) {
  return queryOptions({
    queryKey: queryKeys.search(text),
    queryFn: ({ signal }) => resolveSearch(text, signal),
    staleTime: LEDGER_REFRESH_MS,
  });
}
