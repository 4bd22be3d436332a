/**
 * The node's `state_key_hash` of a resource and of a resource group, recomputed so the changes
 * section can tell a group member from a plain resource. A member's `write_resource` carries its
 * GROUP's hash (the node expands one group key into one entry per member), so a write whose hash is
 * not the hash of its own resource key is a group member — even a group with a single member. Which
 * group it is the change does not say; a known group tag is confirmed by hashing it.
 * Hash: sha3-256(sha3-256("APTOS::StateKey") ‖ 0x00 ‖ address ‖ ULEB-length ‖ path), where path is
 * Path::Resource (1) or Path::ResourceGroup (2) followed by the BCS struct tag.
 */
import { sha3_256 } from '@noble/hashes/sha3.js';
import { parseAddress } from '../../../../shared/address.ts';
import { BcsWriter } from '../../../../shared/bcs/bcs-writer.ts';
import { bytesToHex } from '../../../../shared/hex.ts';
import { writeStructTag } from '../../../../shared/type-tag-bcs.ts';
import { parseStructTag } from '../../../../shared/type-tag.ts';

const SALT = sha3_256(new TextEncoder().encode('APTOS::StateKey'));
const ACCESS_PATH = 0x00;
const PATH_RESOURCE = 1;
const PATH_RESOURCE_GROUP = 2;

/** Resource groups the framework defines; a member whose group hashes to one of them is labelled with it. */
export const KNOWN_RESOURCE_GROUPS: readonly string[] = ['0x1::object::ObjectGroup'];

function accessPathHash(address: string, pathKind: number, structTag: string): string {
  const path = new BcsWriter().variantIndex(pathKind);
  writeStructTag(path, parseStructTag(structTag));
  const key = new BcsWriter().u8(ACCESS_PATH).address(parseAddress(address)).bytes(path.toBytes()).toBytes();
  const input = new Uint8Array(SALT.length + key.length);
  input.set(SALT);
  input.set(key, SALT.length);
  return bytesToHex(sha3_256(input));
}

/** The state key hash of resource `type` under `address` (undefined when either does not parse). */
export function resourceKeyHash(address: string, type: string): string | undefined {
  try {
    return accessPathHash(address, PATH_RESOURCE, type);
  } catch {
    return undefined;
  }
}

/** The state key hash of resource group `groupTag` under `address` (undefined when either does not parse). */
export function groupKeyHash(address: string, groupTag: string): string | undefined {
  try {
    return accessPathHash(address, PATH_RESOURCE_GROUP, groupTag);
  } catch {
    return undefined;
  }
}

/** The known group whose key under `address` hashes to `stateKeyHash`, if any. */
export function knownGroupOf(address: string, stateKeyHash: string): string | undefined {
  const wanted = stateKeyHash.toLowerCase();
  return KNOWN_RESOURCE_GROUPS.find((tag) => groupKeyHash(address, tag) === wanted);
}
