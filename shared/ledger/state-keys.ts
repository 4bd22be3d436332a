/**
 * State keys as the node encodes them (docs/node-behaviour.md §4), and their `state_key_hash`, once for every
 * layer: the snapshot stores every state value under these exact bytes (so the `/resources` order and cursor are
 * the node's own, and table items share the same versioned table), the service writes the hash into a
 * transaction's changes, and the renderer tells a resource-group member from a plain resource by it.
 *
 *   access path: 0x00 ‖ address(32) ‖ ULEB128(len(path)) ‖ path,  path = BCS(Path)
 *                Path::Code(ModuleId) = 0, Path::Resource(StructTag) = 1, Path::ResourceGroup(StructTag) = 2
 *   table item:  0x01 ‖ handle(32) ‖ ULEB128(len(key)) ‖ key
 */
import { sha3_256 } from '@noble/hashes/sha3.js';
import { BcsReader } from '../bcs/bcs-reader.ts';
import { BcsWriter } from '../bcs/bcs-writer.ts';
import { readStructTag, writeStructTag, type StructTag } from '../type-tag.ts';
import { formatAddress } from '../address.ts';
import { CodecError } from '../codec-error.ts';
import { bytesToHex } from '../hex.ts';

/** First byte of a state key: which kind of state it addresses. */
export const STATE_KEY_ACCESS_PATH = 0x00;
/** First byte of a table item's state key. */
export const STATE_KEY_TABLE_ITEM = 0x01;

const PATH_CODE = 0;
const PATH_RESOURCE = 1;
const PATH_RESOURCE_GROUP = 2;

/**
 * Writers reused by the key builders below (each copies its bytes out before returning, and none calls another while
 * writing): a fresh writer per key allocated a 256-byte buffer off the heap on every resource, table item and
 * `/resources` page the service reads (docs/benchmarks.md, issue 24).
 */
const KEY_SCRATCH = new BcsWriter(256);
const PATH_SCRATCH = new BcsWriter(256);

function accessPathKey(address: Uint8Array, path: Uint8Array): Uint8Array {
  return KEY_SCRATCH.reset().u8(STATE_KEY_ACCESS_PATH).address(address).bytes(path).toBytes();
}

/** State key of the resource `tag` under `address`. */
export function resourceStateKey(address: Uint8Array, tag: StructTag): Uint8Array {
  const path = PATH_SCRATCH.reset().variantIndex(PATH_RESOURCE);
  writeStructTag(path, tag);
  return accessPathKey(address, path.toBytes());
}

/** State key of the resource group `groupTag` under `address` (one key holds every member of the group). */
export function resourceGroupStateKey(address: Uint8Array, groupTag: StructTag): Uint8Array {
  const path = PATH_SCRATCH.reset().variantIndex(PATH_RESOURCE_GROUP);
  writeStructTag(path, groupTag);
  return accessPathKey(address, path.toBytes());
}

/** State key of module `name` published at `address` (Path::Code(ModuleId { address, name })). */
export function moduleStateKey(address: Uint8Array, name: string): Uint8Array {
  const path = PATH_SCRATCH.reset().variantIndex(PATH_CODE).address(address).string(name).toBytes();
  return accessPathKey(address, path);
}

/** State key of the item stored under BCS key bytes `key` in table `handle`. */
export function tableItemStateKey(handle: Uint8Array, key: Uint8Array): Uint8Array {
  return KEY_SCRATCH.reset().u8(STATE_KEY_TABLE_ITEM).address(handle).bytes(key).toBytes();
}

/** The prefix shared by every access-path key of `address`: a range scan over it lists the account. */
export function accountKeyPrefix(address: Uint8Array): Uint8Array {
  return KEY_SCRATCH.reset().u8(STATE_KEY_ACCESS_PATH).address(address).toBytes();
}

/** The smallest byte string greater than every string starting with `prefix` (exclusive upper bound). */
export function prefixUpperBound(prefix: Uint8Array): Uint8Array {
  const bound = Uint8Array.from(prefix);
  for (let i = bound.length - 1; i >= 0; i -= 1) {
    if (bound[i] !== 0xff) {
      bound[i] = (bound[i] ?? 0) + 1;
      return bound.subarray(0, i + 1);
    }
  }
  return new Uint8Array([0xff, 0xff]);
}

/** What an access-path state key addresses, decoded. */
export type DecodedStateKey =
  | { readonly kind: 'resource'; readonly address: string; readonly tag: StructTag }
  | { readonly kind: 'resource_group'; readonly address: string; readonly tag: StructTag }
  | { readonly kind: 'module'; readonly address: string; readonly name: string }
  | { readonly kind: 'table_item'; readonly handle: string; readonly key: Uint8Array };

/**
 * Decodes a state key strictly (throws the codec's BcsError on anything malformed, including
 * trailing bytes). Used for resources cursors and by `snapshot verify`.
 */
export function decodeStateKey(bytes: Uint8Array): DecodedStateKey {
  const reader = new BcsReader(bytes);
  const tag = reader.u8();
  if (tag === STATE_KEY_TABLE_ITEM) {
    const handle = formatAddress(reader.address());
    const key = reader.bytes();
    reader.assertFinished();
    return { kind: 'table_item', handle, key };
  }
  if (tag !== STATE_KEY_ACCESS_PATH) {
    throw unexpectedTag(bytes, tag);
  }
  const address = formatAddress(reader.address());
  const path = new BcsReader(reader.bytes());
  reader.assertFinished();
  const variant = path.variantIndex();
  let decoded: DecodedStateKey;
  if (variant === PATH_CODE) {
    path.address();
    decoded = { kind: 'module', address, name: path.string() };
  } else if (variant === PATH_RESOURCE || variant === PATH_RESOURCE_GROUP) {
    decoded = { kind: variant === PATH_RESOURCE ? 'resource' : 'resource_group', address, tag: readStructTag(path) };
  } else {
    throw unexpectedTag(bytes, variant);
  }
  path.assertFinished();
  return decoded;
}

/** A state key whose kind or path variant is unknown; a codec error, so the service answers 400. */
export class StateKeyError extends CodecError {
  override readonly name = 'StateKeyError';
}

function unexpectedTag(bytes: Uint8Array, tag: number): StateKeyError {
  return new StateKeyError(`state key of ${bytes.length} bytes has unknown kind ${tag}`);
}

const STATE_KEY_SALT = sha3_256(new TextEncoder().encode('APTOS::StateKey'));

/**
 * sha3-256 of `input` as lower-case hex with `0x`. The default is the portable one (@noble/hashes, which the renderer
 * uses too); the main process passes node:crypto's (electron/snapshot/state-keys.ts), several times faster there: the
 * hashes of a transaction's changes were a fifth of its reply's CPU (docs/benchmarks.md, issue 24).
 */
export type Sha3Hex = (input: Uint8Array) => string;

/**
 * The salt ‖ key input of the hashes, reused (the hash functions are synchronous and keep nothing): a fresh array per
 * key cost as much as node:crypto's hash itself.
 */
let hashInput = Uint8Array.from(STATE_KEY_SALT);

/** The portable {@link Sha3Hex}. */
export const portableSha3Hex: Sha3Hex = (input) => bytesToHex(sha3_256(input));

/**
 * The node's `state_key_hash` of an access-path state key (resource, resource group, module) as stored:
 * sha3-256(sha3-256("APTOS::StateKey") ‖ key), lower-case hex with `0x`. The key is not decoded (the caller knows its
 * kind); {@link stateKeyHash} is the one for a key of any kind.
 */
export function accessPathStateKeyHash(stateKey: Uint8Array, sha3Hex: Sha3Hex = portableSha3Hex): string {
  const length = STATE_KEY_SALT.length + stateKey.length;
  if (hashInput.length < length) {
    hashInput = new Uint8Array(Math.max(length, 2 * hashInput.length));
    hashInput.set(STATE_KEY_SALT);
  }
  hashInput.set(stateKey, STATE_KEY_SALT.length);
  return sha3Hex(hashInput.subarray(0, length));
}

/**
 * The node's `state_key_hash` of a state key (as stored): sha3-256(sha3-256("APTOS::StateKey") ‖ key), where a
 * table item's key is hashed as tag ‖ handle ‖ raw key bytes (no length prefix, unlike the stored key) and an
 * access path as stored. Lower-case hex with `0x`. `decoded` saves decoding the key again when known.
 */
export function stateKeyHash(
  stateKey: Uint8Array,
  decoded: DecodedStateKey = decodeStateKey(stateKey),
  sha3Hex: Sha3Hex = portableSha3Hex,
): string {
  if (decoded.kind !== 'table_item') return accessPathStateKeyHash(stateKey, sha3Hex);
  const encoded = new Uint8Array(33 + decoded.key.length);
  encoded[0] = STATE_KEY_TABLE_ITEM;
  encoded.set(stateKey.subarray(1, 33), 1);
  encoded.set(decoded.key, 33);
  return accessPathStateKeyHash(encoded, sha3Hex);
}
