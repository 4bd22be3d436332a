/**
 * A version's write set as the node's `changes` (docs/node-behaviour.md, transactions): one entry per state key in
 * the write set's order, a resource group expanded into one `write_resource` per member (each with the group's
 * address and state key hash, members in struct-tag order), table items as hex with `data: null` (the node fills
 * it only with its table-info indexer). `type` is the last key of every entry, as the node writes tagged unions.
 */
import type { MoveResourceJson, WriteSetChange } from '../../../shared/api/wire-schemas.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import type { AbiLookup } from '../../../shared/move/abi.ts';
import { formatStructTag, type StructTag } from '../../../shared/type-tag.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import type { LedgerStore, StoredWriteOp } from '../../snapshot/ledger-store.ts';
import { decodeResourceGroupInTagOrder } from '../../../shared/resource-group.ts';
import { stateKeyHash, type DecodedStateKey } from '../../../shared/ledger/state-keys.ts';
import { decodeStateKeyCached, nodeSha3Hex } from '../../snapshot/state-keys.ts';
import { parseAddress } from '../../../shared/address.ts';
import { ApiError, describeError, internalError } from '../http-errors.ts';
import { decodeStoredValue, structJson, structTypeTag } from '../json-bodies.ts';

/** One entry of `changes`, keys in the node's order; its shape is the wire schema's (shared/api/wire/changes.ts). */
export type ChangeJson = WriteSetChange;

/** Renders one resource's `{"type", "data"}`. */
function resourceData(bytes: Uint8Array, tag: StructTag, lookup: AbiLookup): MoveResourceJson {
  const type = formatStructTag(tag);
  return { type, data: structJson(decodeStoredValue(bytes, structTypeTag(tag), lookup, `resource ${type}`)) };
}

/** The entries of one write op (a group gives one per member). */
function opChanges(store: LedgerStore, op: StoredWriteOp, version: bigint, lookup: AbiLookup): ChangeJson[] {
  let decoded: DecodedStateKey;
  try {
    decoded = decodeStateKeyCached(op.stateKey);
  } catch (error) {
    throw internalError(`Failed to decode a state key of version ${version}: ${describeError(error)}`);
  }
  const hash = stateKeyHash(op.stateKey, decoded, nodeSha3Hex);
  const value = op.value;
  switch (decoded.kind) {
    case 'resource': {
      const base = { address: decoded.address, state_key_hash: hash };
      if (value === undefined) return [{ ...base, resource: formatStructTag(decoded.tag), type: 'delete_resource' }];
      return [{ ...base, data: resourceData(value, decoded.tag, lookup), type: 'write_resource' }];
    }
    case 'resource_group': {
      const base = { address: decoded.address, state_key_hash: hash };
      if (value === undefined) return [{ ...base, resource: formatStructTag(decoded.tag), type: 'delete_resource' }];
      const members = decodeGroup(value, version);
      return members.map((member) => ({
        ...base,
        data: resourceData(member.bytes, member.tag, lookup),
        type: 'write_resource',
      }));
    }
    case 'module': {
      const base = { address: decoded.address, state_key_hash: hash };
      const id = `${decoded.address}::${decoded.name}`;
      if (value === undefined) return [{ ...base, module: id, type: 'delete_module' }];
      const module = store.module(parseAddress(decoded.address), decoded.name, version);
      const data =
        module === undefined ? { bytecode: bytesToHex(value) } : { bytecode: bytesToHex(value), abi: module.abi };
      return [{ ...base, data, type: 'write_module' }];
    }
    case 'table_item': {
      const base = {
        state_key_hash: hash,
        handle: bytesToHex(op.stateKey.subarray(1, 33)),
        key: bytesToHex(decoded.key),
      };
      if (value === undefined) return [{ ...base, data: null, type: 'delete_table_item' }];
      return [{ ...base, value: bytesToHex(value), data: null, type: 'write_table_item' }];
    }
    default:
      return assertNever(decoded);
  }
}

/** A group's members in the node's order; a group that does not decode is 500 (its entries are left out). */
function decodeGroup(value: Uint8Array, version: bigint): ReturnType<typeof decodeResourceGroupInTagOrder> {
  try {
    return decodeResourceGroupInTagOrder(value);
  } catch (error) {
    throw internalError(`Failed to decode a resource group written at version ${version}: ${describeError(error)}`);
  }
}

/**
 * The `changes` of `version`, or undefined when the snapshot cannot tell its write set. An entry whose value does not
 * decode (no layout for its type) is left out, as the node's conversion drops the entries it cannot convert.
 */
export function changesJson(store: LedgerStore, version: bigint, lookup: AbiLookup): ChangeJson[] | undefined {
  const ops = store.writeSet(version);
  return ops?.flatMap((op) => {
    try {
      return opChanges(store, op, version, lookup);
    } catch (error) {
      if (error instanceof ApiError && error.status === 500) return [];
      throw error;
    }
  });
}
