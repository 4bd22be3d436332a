/**
 * The snapshot's use of the state keys (shared/ledger/state-keys.ts, the one encoding every layer uses): what the
 * resource listing makes of a stored key, cached for the `/resources` hot path. The kernel is re-exported here for
 * the store's modules.
 */
import { hash } from 'node:crypto';
import type { StructTag } from '../../shared/type-tag.ts';
import { decodeStateKey, STATE_KEY_ACCESS_PATH, type Sha3Hex } from '../../shared/ledger/state-keys.ts';

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

/**
 * What the resource listing makes of a state key: its struct tag and whether it is a resource group, or undefined
 * for any other key (modules, table items). Parsed tags are cached by path bytes: the same few types recur across
 * accounts, and listing resources is the hot path of the `/resources` endpoint.
 */
export function listedStateKey(stateKey: Uint8Array): ListedStateKey | undefined {
  if (stateKey[0] !== STATE_KEY_ACCESS_PATH) return undefined;
  const path = stateKey.subarray(33);
  const cacheKey = Buffer.from(path.buffer, path.byteOffset, path.byteLength).toString('latin1');
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
