/**
 * An account's APT as a snapshot stores it (format v2), read without the view logic: the `CoinStore<AptosCoin>`
 * coin value (0 when absent) plus the `balance` of the `FungibleStore` member in the ObjectGroup of the account's
 * primary store of `0xa` (0 when absent), each decoded with the snapshot's own ABIs.
 */
import { parseAddress } from '../../../shared/address.ts';
import { decodeMoveValue } from '../../../shared/move/decode.ts';
import { resolveLayout } from '../../../shared/move/layout.ts';
import { primaryStoreAddress } from '../../../shared/object-address.ts';
import { decodeResourceGroup } from '../../../shared/resource-group.ts';
import { formatStructTag, parseStructTag, type StructTag } from '../../../shared/type-tag.ts';
import type { SnapshotStore } from '../../../electron/snapshot/snapshot-store.ts';

const COIN_STORE = parseStructTag('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>');
const FUNGIBLE_STORE = '0x1::fungible_asset::FungibleStore';

function decode(store: SnapshotStore, bytes: Uint8Array, tag: StructTag, version: bigint): Record<string, unknown> {
  return decodeMoveValue(bytes, resolveLayout({ kind: 'struct', struct: tag }, store.abiLookup(version))) as Record<
    string,
    unknown
  >;
}

/** The coin and fungible halves of `owner`'s APT at `version`. */
export function storedApt(store: SnapshotStore, owner: string, version: bigint): { coin: bigint; fa: bigint } {
  const address = parseAddress(owner);
  const coinBytes = store.resource(address, COIN_STORE, version);
  const coin = coinBytes ? BigInt((decode(store, coinBytes, COIN_STORE, version).coin as { value: string }).value) : 0n;
  const group = store.resourceGroup(
    primaryStoreAddress(address, parseAddress('0xa')),
    parseStructTag('0x1::object::ObjectGroup'),
    version,
  );
  const member = group ? decodeResourceGroup(group).find((m) => formatStructTag(m.tag) === FUNGIBLE_STORE) : undefined;
  const fa = member ? BigInt(decode(store, member.bytes, member.tag, version).balance as string) : 0n;
  return { coin, fa };
}
