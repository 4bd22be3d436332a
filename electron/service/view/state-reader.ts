/**
 * What the view functions and balances read: one resource of one account at a ledger version, and
 * (optionally) one table item. Resource groups are hidden behind `withResourceGroups`, so the logic
 * above asks for `0x1::fungible_asset::FungibleStore` like Move code does, wherever it is stored.
 */
import type { StructTag } from '../../../shared/type-tag.ts';
import { structTagEquals } from '../../../shared/type-tag.ts';
import { decodeResourceGroup } from '../../../shared/resource-group.ts';
import { groupOfMember } from './resource-group-members.ts';

/** Reads state as of a ledger version; `undefined` when absent. */
export interface StateReader {
  /**
   * The BCS bytes of resource `tag` at `address` as of `version`. Through `withResourceGroups`, a
   * resource-group member comes back as its own bytes; on a raw reader, a group tag returns the
   * group's state value (a BCS `BTreeMap<StructTag, vector<u8>>`).
   */
  resource(address: Uint8Array, tag: StructTag, version: bigint): Uint8Array | undefined;
  /**
   * The group's state value under its own (ResourceGroup) state key, where a source keeps groups apart from
   * resources (the snapshot store); a source without it answers a group tag from `resource`.
   */
  resourceGroup?(address: Uint8Array, groupTag: StructTag, version: bigint): Uint8Array | undefined;
  /**
   * The value bytes of the item with BCS key `key` in table `handle` as of `version`. Optional: a
   * source without table items omits it, and the functions that need one (a coin's pairing in
   * `0x1::coin::CoinConversionMap`, an aggregator v1 supply) then answer with an error saying so.
   */
  tableItem?(handle: Uint8Array, key: Uint8Array, version: bigint): Uint8Array | undefined;
}

/**
 * A reader that answers for resource-group members from their group, as the node does for
 * `GET /resource/{member}`: the member's group (`groupOfMember`, plus `extraMembers` for groups of
 * other modules, which the node learns from each module's `resource_group_member` metadata) is read
 * from `raw`, decoded strictly and searched. A group tag itself is not a resource: `undefined`.
 * Decoding failures throw the codec's BcsError (stored data that is not what it claims).
 */
export function withResourceGroups(
  raw: StateReader,
  extraMembers: ReadonlyMap<string, StructTag> = new Map(),
): StateReader {
  const reader: StateReader = {
    resource(address, tag, version) {
      const group = groupOfMember(tag, extraMembers);
      if (group === 'group') return undefined;
      if (group === undefined) return raw.resource(address, tag, version);
      const bytes = raw.resourceGroup
        ? raw.resourceGroup(address, group, version)
        : raw.resource(address, group, version);
      if (bytes === undefined) return undefined;
      const member = decodeResourceGroup(bytes).find((entry) => structTagEquals(entry.tag, tag));
      return member?.bytes;
    },
  };
  if (raw.tableItem !== undefined) {
    const tableItem = raw.tableItem.bind(raw);
    reader.tableItem = (handle, key, version) => tableItem(handle, key, version);
  }
  return reader;
}
