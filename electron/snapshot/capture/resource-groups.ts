/**
 * Puts captured resources back into the resource groups the node stores them in (format v2). A node's `/resources`
 * listing expands each group into its members, and neither the listing nor the ABI says which resources are group
 * members; so an account holding `0x1::object::ObjectCore` is taken to be an object, and its resources of the
 * framework's `ObjectGroup` member modules (objects, fungible assets, digital assets) are written as one
 * `0x1::object::ObjectGroup` value holding all of them, as the node holds them. Other resources stay plain.
 */
import { formatAddress } from '../../../shared/address.ts';
import { formatStructTag, type StructTag } from '../../../shared/type-tag.ts';
import type { CaptureData } from './capture-types.ts';

type Resource = CaptureData['resources'][number];

/** Modules whose key structs are members of `0x1::object::ObjectGroup` in the framework. */
const OBJECT_GROUP_MODULES = new Set([
  '0x1::object',
  '0x1::fungible_asset',
  '0x1::primary_fungible_store',
  '0x1::dispatchable_fungible_asset',
  '0x4::collection',
  '0x4::token',
  '0x4::aptos_token',
  '0x4::property_map',
  '0x4::royalty',
]);
/** Single members outside those modules. */
const OBJECT_GROUP_MEMBERS = new Set(['0x1::coin::PairedCoinType', '0x1::coin::PairedFungibleAssetRefs']);
const OBJECT_CORE = '0x1::object::ObjectCore';

const isMember = (tag: StructTag): boolean =>
  OBJECT_GROUP_MODULES.has(`${tag.address}::${tag.module}`) || OBJECT_GROUP_MEMBERS.has(formatStructTag(tag));

/** The captured resources split into plain ones and, per object address, the members of its ObjectGroup. */
export function splitObjectGroups(resources: readonly Resource[]): {
  readonly plain: readonly Resource[];
  readonly groups: ReadonlyMap<string, { readonly address: Uint8Array; readonly members: readonly Resource[] }>;
} {
  const objects = new Set(
    resources.filter((r) => formatStructTag(r.tag) === OBJECT_CORE).map((r) => formatAddress(r.address)),
  );
  const plain: Resource[] = [];
  const groups = new Map<string, { address: Uint8Array; members: Resource[] }>();
  for (const resource of resources) {
    const owner = formatAddress(resource.address);
    if (!objects.has(owner) || !isMember(resource.tag)) {
      plain.push(resource);
      continue;
    }
    let group = groups.get(owner);
    if (!group) {
      group = { address: resource.address, members: [] };
      groups.set(owner, group);
    }
    group.members.push(resource);
  }
  return { plain, groups };
}
