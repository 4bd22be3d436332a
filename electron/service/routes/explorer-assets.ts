/**
 * `GET /explorer/v1/accounts/{address}/assets?ledger_version`: the objects an account owns directly (their
 * `0x1::object::ObjectCore.owner` is the account) as of a version, each with its resources (the members of its
 * `ObjectGroup`) and, when it holds a `0x1::fungible_asset::FungibleStore`, the store's metadata, balance (as the
 * balance endpoint counts it: `FungibleStore.balance`, or the `ConcurrentFungibleBalance` when that is 0), frozen
 * flag and whether it is the account's primary store of that asset. A node has no such query (an indexer's job);
 * a snapshot answers it from the indexer's `current_objects` (electron/snapshot/owned-objects.ts), or, in a file
 * without the indexer tables, by scanning its objects (electron/snapshot/group-holders.ts). Shape in docs/api.md.
 */
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { formatAddress } from '../../../shared/address.ts';
import { decodeBcs, type BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { primaryStoreAddress } from '../../../shared/object-address.ts';
import { decodeResourceGroup, membersInTagOrder, type GroupMember } from '../../../shared/resource-group.ts';
import { formatStructTag } from '../../../shared/type-tag.ts';
import { requestedVersion, type ContextOf } from '../request-context.ts';
import { endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { OBJECT_GROUP } from '../view/resource-group-members.ts';

type OwnedObjectJson = ReplyOf<typeof ENDPOINTS.explorerAccountAssets>['objects'][number];

const OBJECT_CORE = '0x1::object::ObjectCore';
const FUNGIBLE_STORE = '0x1::fungible_asset::FungibleStore';
const CONCURRENT_BALANCE = '0x1::fungible_asset::ConcurrentFungibleBalance';

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** `ObjectCore` { guid_creation_num, owner, allow_ungated_transfer, transfer_events }: owner and the flag. */
function readObjectCore(r: BcsReader): { readonly owner: Uint8Array; readonly ungated: boolean } {
  r.u64();
  const owner = r.address();
  const ungated = r.bool();
  r.u64();
  r.u64();
  r.address();
  return { owner, ungated };
}

function member(members: readonly GroupMember[], tag: string): GroupMember | undefined {
  return members.find((entry) => formatStructTag(entry.tag) === tag);
}

/** The fungible store part of an owned object, or null when it holds none. */
function fungibleStoreJson(
  owner: Uint8Array,
  object: Uint8Array,
  members: readonly GroupMember[],
): OwnedObjectJson['fungible_store'] {
  const store = member(members, FUNGIBLE_STORE);
  if (store === undefined) return null;
  const { metadata, balance, frozen } = decodeBcs(store.bytes, (r) => ({
    metadata: r.address(),
    balance: r.u64(),
    frozen: r.bool(),
  }));
  const concurrent = member(members, CONCURRENT_BALANCE);
  // As the balance endpoint: a store whose balance moved to a concurrent aggregator keeps 0 in `balance`.
  const counted =
    balance === 0n && concurrent !== undefined
      ? decodeBcs(concurrent.bytes, (r) => {
          const value = r.u64();
          r.u64();
          return value;
        })
      : balance;
  return {
    metadata: formatAddress(metadata),
    balance: counted.toString(),
    frozen,
    primary: sameBytes(object, primaryStoreAddress(owner, metadata)),
  };
}

/** `GET /explorer/v1/accounts/{address}/assets`. */
export function getAccountAssets(context: ContextOf<'explorerAccountAssets'>): ServiceReply {
  const owner = context.params.address;
  const version = requestedVersion(context);
  const objects: OwnedObjectJson[] = [];
  // An index lookup where the file has the indexer tables (format v3); otherwise a scan of every object.
  const holders =
    context.store.ownedObjects(owner, OBJECT_GROUP, version) ?? context.store.groupHolders(OBJECT_GROUP, version);
  for (const holder of holders) {
    const members = decodeResourceGroup(holder.value);
    const core = member(members, OBJECT_CORE);
    if (core === undefined) continue;
    const { owner: objectOwner, ungated } = decodeBcs(core.bytes, readObjectCore);
    if (!sameBytes(objectOwner, owner)) continue;
    objects.push({
      address: formatAddress(holder.address),
      allow_ungated_transfer: ungated,
      resources: membersInTagOrder(members).map((entry) => formatStructTag(entry.tag)),
      fungible_store: fungibleStoreJson(owner, holder.address, members),
    });
  }
  return endpointReply(
    ENDPOINTS.explorerAccountAssets,
    { ledger_version: version.toString(), objects },
    context.ledger,
  );
}
