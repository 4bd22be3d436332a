/**
 * The node's `state_key_hash` of a resource and of a resource group, recomputed so the changes
 * section can tell a group member from a plain resource. A member's `write_resource` carries its
 * GROUP's hash (the node expands one group key into one entry per member), so a write whose hash is
 * not the hash of its own resource key is a group member — even a group with a single member. Which
 * group it is the change does not say; a known group tag is confirmed by hashing it.
 * The keys and their hash are the ones the service writes (shared/ledger/state-keys.ts).
 */
import { parseAddress } from '../../../../shared/address.ts';
import { resourceGroupStateKey, resourceStateKey, stateKeyHash } from '../../../../shared/ledger/state-keys.ts';
import { parseStructTag } from '../../../../shared/type-tag.ts';

/** Resource groups the framework defines; a member whose group hashes to one of them is labelled with it. */
export const KNOWN_RESOURCE_GROUPS: readonly string[] = ['0x1::object::ObjectGroup'];

/** The state key hash of resource `type` under `address` (undefined when either does not parse). */
export function resourceKeyHash(address: string, type: string): string | undefined {
  try {
    return stateKeyHash(resourceStateKey(parseAddress(address), parseStructTag(type)));
  } catch {
    return undefined;
  }
}

/** The state key hash of resource group `groupTag` under `address` (undefined when either does not parse). */
export function groupKeyHash(address: string, groupTag: string): string | undefined {
  try {
    return stateKeyHash(resourceGroupStateKey(parseAddress(address), parseStructTag(groupTag)));
  } catch {
    return undefined;
  }
}

/** The known group whose key under `address` hashes to `stateKeyHash`, if any. */
export function knownGroupOf(address: string, stateKeyHash: string): string | undefined {
  const wanted = stateKeyHash.toLowerCase();
  return KNOWN_RESOURCE_GROUPS.find((tag) => groupKeyHash(address, tag) === wanted);
}
