/**
 * What a write set touched, decoded once per transaction for every processor: resources (with their account),
 * resource groups (objects) and table items; and the decoding of the object state processors read back.
 */
import { parseAddress } from '../../../shared/address.ts';
import { decodeBcs, type BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { decodeResourceGroup } from '../../../shared/resource-group.ts';
import { type StructTag } from '../../../shared/type-tag.ts';
import { typeText } from './type-text.ts';
import { decodeStateKey } from '../../snapshot/state-keys.ts';
import type { StoredWriteOp } from '../../snapshot/ledger-store.ts';
import { OBJECT_GROUP } from '../../service/view/resource-group-members.ts';
import type { IndexerState } from './processor-input.ts';

/** A written resource or resource group. */
export interface WrittenResource {
  readonly kind: 'resource' | 'resource_group';
  readonly address: Uint8Array;
  readonly tag: StructTag;
  /** `typeText(tag)`, computed once. */
  readonly type: string;
  readonly op: StoredWriteOp;
}

/** A written table item. */
export interface WrittenTableItem {
  readonly kind: 'table_item';
  readonly handle: Uint8Array;
  readonly key: Uint8Array;
  readonly op: StoredWriteOp;
}

/** One decoded write: a resource, a resource group or a table item (modules are of no processor's concern). */
export type WrittenKey = WrittenResource | WrittenTableItem;

/** The writes of `ops` processors look at, in write-set order (a key that does not decode is skipped). */
export function writtenKeys(ops: readonly StoredWriteOp[]): WrittenKey[] {
  const keys: WrittenKey[] = [];
  for (const op of ops) {
    let decoded;
    try {
      decoded = decodeStateKey(op.stateKey);
    } catch {
      continue;
    }
    if (decoded.kind === 'module') continue;
    if (decoded.kind === 'table_item') {
      keys.push({ kind: 'table_item', handle: parseAddress(decoded.handle), key: decoded.key, op });
      continue;
    }
    keys.push({
      kind: decoded.kind,
      address: parseAddress(decoded.address),
      tag: decoded.tag,
      type: typeText(decoded.tag),
      op,
    });
  }
  return keys;
}

/** Whether `key` is a write of the framework's object group (every object's state). */
export function isObjectGroup(key: WrittenKey): key is WrittenResource {
  return key.kind === 'resource_group' && key.type === '0x1::object::ObjectGroup';
}

/** An object's group members (type text → BCS bytes) as of `version`; undefined when the object does not exist. */
export function objectMembers(
  state: IndexerState,
  address: Uint8Array,
  version: bigint,
): ReadonlyMap<string, Uint8Array> | undefined {
  if (version < 0n) return undefined;
  const bytes = state.raw.resourceGroup
    ? state.raw.resourceGroup(address, OBJECT_GROUP, version)
    : state.raw.resource(address, OBJECT_GROUP, version);
  if (bytes === undefined) return undefined;
  const known = decodedGroups.get(bytes);
  if (known !== undefined) return known;
  const members = new Map<string, Uint8Array>();
  for (const member of decodeResourceGroup(bytes)) members.set(typeText(member.tag), member.bytes);
  decodedGroups.set(bytes, members);
  return members;
}

/** Decoded groups by their value's bytes (a state reader that caches reads hands out the same bytes again). */
const decodedGroups = new WeakMap<Uint8Array, ReadonlyMap<string, Uint8Array>>();

/** `0x1::object::ObjectCore`. */
export interface ObjectCoreState {
  readonly guidCreationNum: bigint;
  readonly owner: Uint8Array;
  readonly allowUngatedTransfer: boolean;
}

/** Decodes `ObjectCore` { guid_creation_num, owner, allow_ungated_transfer, transfer_events }. */
export function decodeObjectCore(bytes: Uint8Array): ObjectCoreState {
  return decodeBcs(bytes, (r: BcsReader) => {
    const guidCreationNum = r.u64();
    const owner = r.address();
    const allowUngatedTransfer = r.bool();
    r.u64();
    r.u64();
    r.address();
    return { guidCreationNum, owner, allowUngatedTransfer };
  });
}

/** The owner of the object at `address` as of `version` (undefined when it has no ObjectCore then). */
export function objectOwnerAt(state: IndexerState, address: Uint8Array, version: bigint): Uint8Array | undefined {
  const core = objectMembers(state, address, version)?.get(OBJECT_CORE);
  return core === undefined ? undefined : decodeObjectCore(core).owner;
}

/** Type text of `ObjectCore`. */
export const OBJECT_CORE = '0x1::object::ObjectCore';
/** Type text of `FungibleStore`. */
export const FUNGIBLE_STORE = '0x1::fungible_asset::FungibleStore';
