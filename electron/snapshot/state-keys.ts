/**
 * The snapshot's use of the state keys (shared/ledger/state-keys.ts, the one encoding every layer uses): what the
 * resource listing makes of a stored key, cached for the `/resources` hot path. The kernel is re-exported here for
 * the store's modules.
 */
import { hash } from 'node:crypto';
import { formatAddressAt } from '../../shared/address.ts';
import type { StructTag } from '../../shared/type-tag.ts';
import {
  decodeStateKey,
  STATE_KEY_ACCESS_PATH,
  type DecodedStateKey,
  type Sha3Hex,
} from '../../shared/ledger/state-keys.ts';

export {
  accountKeyPrefix,
  decodeStateKey,
  moduleStateKey,
  prefixUpperBound,
  resourceGroupStateKey,
  resourceStateKey,
  STATE_KEY_TABLE_ITEM,
  StateKeyError,
  stateKeyHash,
  tableItemStateKey,
  type DecodedStateKey,
} from '../../shared/ledger/state-keys.ts';

/**
 * sha3-256 as hex by node:crypto, for the kernel's state key hashes in the main process: one call of OpenSSL's,
 * ≈ 1 µs for a key against ≈ 10 µs for the portable one (measured on the benchmark machine, 2026-11-27).
 */
export const nodeSha3Hex: Sha3Hex = (input) => `0x${hash('sha3-256', input, 'hex')}`;

/** A state key the resource listing shows: a resource, or a resource group (listed as its members). */
export interface ListedStateKey {
  readonly tag: StructTag;
  readonly group: boolean;
}

const tagCache = new Map<string, ListedStateKey | null>();
const TAG_CACHE_LIMIT = 4096;

/** The bytes of an access-path key after its address (path length and path), as a map key. */
function pathCacheKey(stateKey: Uint8Array): string {
  const path = stateKey.subarray(33);
  return Buffer.from(path.buffer, path.byteOffset, path.byteLength).toString('latin1');
}

/** Decoded access paths by their bytes after the address; the address is filled in per key. */
const decodedPaths = new Map<string, DecodedStateKey>();

/**
 * {@link decodeStateKey} for the main process's hot paths (a transaction's changes): an access path's decoding is
 * cached by its bytes after the address, which decide it (and whether it decodes) alone — the same few types recur
 * across accounts and versions — and its struct tag object is shared, so printing it and finding its layout are
 * memoized too. Table items are decoded every time (their keys rarely recur). Throws as decodeStateKey does.
 */
export function decodeStateKeyCached(stateKey: Uint8Array): DecodedStateKey {
  if (stateKey[0] !== STATE_KEY_ACCESS_PATH || stateKey.length < 34) return decodeStateKey(stateKey);
  const cacheKey = pathCacheKey(stateKey);
  const known = decodedPaths.get(cacheKey);
  if (known === undefined) {
    const decoded = decodeStateKey(stateKey);
    if (decodedPaths.size >= TAG_CACHE_LIMIT) decodedPaths.clear();
    decodedPaths.set(cacheKey, decoded);
    return decoded;
  }
  if (known.kind === 'table_item') return known;
  return { ...known, address: formatAddressAt(stateKey, 1) };
}

/**
 * What the resource listing makes of a state key: its struct tag and whether it is a resource group, or undefined
 * for any other key (modules, table items). Parsed tags are cached by path bytes: the same few types recur across
 * accounts, and listing resources is the hot path of the `/resources` endpoint.
 */
export function listedStateKey(stateKey: Uint8Array): ListedStateKey | undefined {
  if (stateKey[0] !== STATE_KEY_ACCESS_PATH) return undefined;
  const cacheKey = pathCacheKey(stateKey);
  let listed = tagCache.get(cacheKey);
  if (listed === undefined) {
    const decoded = decodeStateKey(stateKey);
    listed =
      decoded.kind === 'resource' || decoded.kind === 'resource_group'
        ? { tag: decoded.tag, group: decoded.kind === 'resource_group' }
        : null;
    if (tagCache.size >= TAG_CACHE_LIMIT) tagCache.clear();
    tagCache.set(cacheKey, listed);
  }
  return listed ?? undefined;
}
