/**
 * Which structs are stored inside a resource group rather than under their own state key. Move
 * code declares it with `#[resource_group_member(group = …)]`, which the compiler writes into the
 * module's metadata; the node reads that metadata. A snapshot's ABIs do not carry it, so the
 * framework's members are listed here — every `#[resource_group_member(group =
 * aptos_framework::object::ObjectGroup)]` struct of the framework (0x1) and the token objects
 * package (0x4). Members of other modules' groups are passed to `withResourceGroups` by the caller.
 */
import { formatStructTag, structTag, type StructTag } from '../../../shared/type-tag.ts';

/** `0x1::object::ObjectGroup`: the group every object's resources live in. */
export const OBJECT_GROUP: StructTag = structTag('0x1', 'object', 'ObjectGroup');

/** `module::Name` pairs of the ObjectGroup members, by address. */
const OBJECT_GROUP_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  '0x1': [
    'object::ObjectCore',
    'object::Untransferable',
    'object::TombStone',
    'fungible_asset::Supply',
    'fungible_asset::ConcurrentSupply',
    'fungible_asset::Metadata',
    'fungible_asset::Untransferable',
    'fungible_asset::FungibleStore',
    'fungible_asset::ConcurrentFungibleBalance',
    'fungible_asset::FungibleAssetEvents',
    'fungible_asset::DispatchFunctionStore',
    'fungible_asset::DeriveSupply',
    'dispatchable_fungible_asset::TransferRefStore',
    'primary_fungible_store::DeriveRefPod',
    'coin::PairedCoinType',
    'coin::PairedFungibleAssetRefs',
  ],
  '0x4': [
    'aptos_token::AptosCollection',
    'aptos_token::AptosToken',
    'collection::Collection',
    'collection::FixedSupply',
    'collection::UnlimitedSupply',
    'collection::ConcurrentSupply',
    'property_map::PropertyMap',
    'royalty::Royalty',
    'token::Token',
    'token::TokenIdentifiers',
    'token::ConcurrentTokenIdentifiers',
  ],
};

/** Known groups (a tag that names a group is not itself readable as a resource). */
const GROUPS: ReadonlySet<string> = new Set([formatStructTag(OBJECT_GROUP)]);

const MEMBERS: ReadonlyMap<string, StructTag> = new Map(
  Object.entries(OBJECT_GROUP_MEMBERS).flatMap(([address, names]) =>
    names.map((name): [string, StructTag] => [`${address}::${name}`, OBJECT_GROUP]),
  ),
);

/** Every framework member as `address::module::Name` (for documentation and tests). */
export const FRAMEWORK_GROUP_MEMBERS: readonly string[] = [...MEMBERS.keys()];

/**
 * The group `tag` is a member of (framework table, then `extra`), `'group'` when `tag` is itself a
 * known group (ObjectGroup, or a group named in `extra`), or `undefined` for an ordinary resource.
 * Members are never generic in the framework, so the lookup is by the tag's text.
 */
export function groupOfMember(tag: StructTag, extra: ReadonlyMap<string, StructTag>): StructTag | 'group' | undefined {
  const text = formatStructTag(tag);
  if (GROUPS.has(text)) return 'group';
  const group = MEMBERS.get(text) ?? extra.get(text);
  if (group !== undefined) return group;
  for (const g of extra.values()) if (formatStructTag(g) === text) return 'group';
  return undefined;
}
