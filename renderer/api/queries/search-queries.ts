/**
 * The search box's data: `GET /explorer/v1/search?q=`, which says what a text is (version, block,
 * transaction hash, account, object, fungible asset, table, module, struct tag). A remote node has no
 * explorer API; there what the node API can answer is resolved by direct lookups, all at once:
 * versions and block heights (`GET /v1/blocks/by_version/{v}`, `/v1/blocks/by_height/{h}`), transaction
 * hashes (`/v1/transactions/by_hash/{h}`), and addresses (`/v1/accounts/{a}`, its `0x1::object::ObjectCore`
 * and `0x1::fungible_asset::Metadata` resources). On either, an address the indexer knows as a token
 * (`current_token_datas_v2`, token-page-queries.ts) is also offered as a token, first: its page is the one that says
 * what it is (a source without an indexer, or one that refuses the query, just offers no token).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import { ApiRequestError, requestJson, type ApiAnswer } from '../client.ts';
import { endpointQuery, reader } from '../endpoint-query.ts';
import type { AccountJson, SearchResultJson } from '../types.ts';
import { isExplorerUnavailable } from './explorer-queries.ts';
import { LEDGER_REFRESH_MS } from './ledger-queries.ts';
import { isU64Text } from '../../../shared/ledger/u64.ts';
import { tokenAtAddress } from './token-page-queries.ts';

/** A token found by its address in the indexer (the explorer API has no such kind: the renderer adds it). */
export interface TokenSearchResult {
  readonly kind: 'token';
  readonly address: string;
  readonly name: string;
  readonly collection: string;
}

/** One search result: the explorer API's kinds, or a token. */
export type SearchHit = SearchResultJson | TokenSearchResult;

/** What a search found, and whether it came from direct lookups (fewer kinds of result). */
export interface SearchOutcome {
  readonly query: string;
  readonly results: readonly SearchHit[];
  readonly direct: boolean;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
/** `block 123`, `block #123`: a height only (as the explorer API reads it). */
const BLOCK_WORD = /^block\s*[#:]?\s*(\d+)$/i;

/** A lookup that answers "absent" with a 404/410 record: absent is a non-result, anything else an error. */
async function lookup<T>(path: string, signal: AbortSignal): Promise<T | undefined> {
  try {
    return (await requestJson<T>(path, { signal })).body;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) return undefined;
    throw error;
  }
}

/** Digits within u64 (the node answers 400 beyond: not a version or height at all). */
function isU64(text: string): boolean {
  return isU64Text(text);
}

interface NodeBlock {
  readonly block_height: string;
  readonly block_timestamp: string;
  readonly first_version: string;
  readonly last_version: string;
}
interface NodeResource<T> {
  readonly data: T;
}

/**
 * A version (bare digits): the block holding it, else its transaction. A node may not know a retained version's
 * block (its block index pruned further than its transactions, or not served): the version is still a version,
 * and its transaction still opens.
 */
async function versionLookup(text: string, signal: AbortSignal): Promise<SearchResultJson[]> {
  if (!isU64(text)) return [];
  const version = BigInt(text).toString();
  const block = await lookup<NodeBlock>(`/v1/blocks/by_version/${version}`, signal);
  if (block !== undefined) return [{ kind: 'version', version, block_height: block.block_height }];
  const transaction = await lookup<{ version?: string }>(`/v1/transactions/by_version/${version}`, signal);
  return transaction?.version === undefined ? [] : [{ kind: 'version', version, block_height: null }];
}

/** A block height (`block N`, or bare digits, which are also a version). */
async function blockLookup(text: string, signal: AbortSignal): Promise<SearchResultJson[]> {
  const digits = BLOCK_WORD.exec(text)?.[1] ?? text;
  if (!isU64(digits)) return [];
  const block = await lookup<NodeBlock>(`/v1/blocks/by_height/${BigInt(digits).toString()}`, signal);
  if (block === undefined) return [];
  const { block_height: height, first_version, last_version, block_timestamp: timestamp_usec } = block;
  return [{ kind: 'block', height, first_version, last_version, timestamp_usec }];
}

/** A committed transaction by hash (a pending one has no version yet: not a result). */
async function transactionLookup(text: string, signal: AbortSignal): Promise<SearchResultJson[]> {
  if (!HASH.test(text)) return [];
  const found = await lookup<{ hash: string; version?: string }>(`/v1/transactions/by_hash/${text}`, signal);
  return found?.version === undefined ? [] : [{ kind: 'transaction', hash: found.hash, version: found.version }];
}

/**
 * An address: the account (where the node answers one: any address on a chain with default accounts), an object, a
 * fungible asset.
 */
async function addressLookup(text: string, signal: AbortSignal): Promise<SearchResultJson[]> {
  if (!isAddress(text)) return [];
  const address = normalizeAddress(text);
  const [account, core, metadata] = await Promise.all([
    lookup<AccountJson>(`/v1/accounts/${address}`, signal),
    lookup<NodeResource<{ owner: string }>>(`/v1/accounts/${address}/resource/0x1::object::ObjectCore`, signal),
    lookup<NodeResource<{ name: string; symbol: string; decimals: number }>>(
      `/v1/accounts/${address}/resource/0x1::fungible_asset::Metadata`,
      signal,
    ),
  ]);
  const results: SearchResultJson[] = [];
  if (account !== undefined) results.push({ kind: 'account', address });
  if (core !== undefined) results.push({ kind: 'object', address, owner: core.data.owner });
  if (metadata !== undefined) {
    const { name, symbol, decimals } = metadata.data;
    results.push({ kind: 'fungible_asset', address, name, symbol, decimals });
  }
  return results;
}

/** Resolves what the node API alone can answer, every lookup at once, in the explorer API's result order. */
async function directLookup(text: string, signal: AbortSignal): Promise<SearchResultJson[]> {
  const found = await Promise.all(
    [versionLookup, blockLookup, transactionLookup, addressLookup].map((find) => find(text, signal)),
  );
  return found.flat();
}

/**
 * The token at an address, if the indexer knows one; none when the text is no address, the source has no indexer or
 * the indexer refuses (the search still answers what else the text is).
 */
async function tokenLookup(text: string, signal: AbortSignal): Promise<TokenSearchResult[]> {
  if (!isAddress(text)) return [];
  try {
    const token = await tokenAtAddress(text, signal);
    return token === undefined ? [] : [{ kind: 'token', address: normalizeAddress(text), ...token }];
  } catch (error) {
    if (error instanceof ApiRequestError) return [];
    throw error;
  }
}

/** The explorer API's answer (`fetch`), or the direct lookups where the source has none (then `direct`). */
async function sourceSearch(
  fetch: () => Promise<ApiAnswer<{ readonly results: readonly SearchResultJson[] }>>,
  text: string,
  signal: AbortSignal,
): Promise<{ readonly results: readonly SearchResultJson[]; readonly direct: boolean }> {
  try {
    return { results: (await fetch()).body.results, direct: false };
  } catch (error) {
    if (!isExplorerUnavailable(error)) throw error;
  }
  return { results: await directLookup(text, signal), direct: true };
}

/**
 * Runs one search: the explorer API, or direct lookups where the source has none; a token first where one is (looked
 * up beside them, so it adds no wait of its own).
 */
async function resolveSearch(
  fetch: () => Promise<ApiAnswer<{ readonly results: readonly SearchResultJson[] }>>,
  text: string,
  signal: AbortSignal,
): Promise<SearchOutcome> {
  const [found, token] = await Promise.all([sourceSearch(fetch, text, signal), tokenLookup(text, signal)]);
  return { query: text, results: [...token, ...found.results], direct: found.direct };
}

/**
 * The search for a (trimmed, non-empty) text (`GET /explorer/v1/search?q=`, or the direct lookups); read again when
 * asked after the ledger's refresh interval (accounts appear).
 */
export function searchQuery(text: string) {
  return endpointQuery(
    ENDPOINTS.explorerSearch,
    { query: { q: text }, at: { staleMs: LEDGER_REFRESH_MS } },
    reader('outcome', (fetch, { signal }) => resolveSearch(fetch, text, signal)),
  );
}
