/**
 * Where an account's APT sits, as the framework keeps it: a `0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`
 * under the account, and/or the account's primary fungible store of APT's metadata `0xa` — an object at
 * sha3-256(owner ‖ 0xa ‖ 0xFC) (shared/object-address.ts). The balance endpoint sums both.
 */
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { APT_METADATA_ADDRESS, primaryStoreAddress } from '../../shared/object-address.ts';

/** APT as a coin type (what the balance endpoint takes). */
export const APT_COIN = '0x1::aptos_coin::AptosCoin';

/** The account's APT coin store resource type. */
export const APT_COIN_STORE = `0x1::coin::CoinStore<${APT_COIN}>`;

/** A fungible store's resource type (a member of the store object's `ObjectGroup`). */
export const FUNGIBLE_STORE = '0x1::fungible_asset::FungibleStore';

/** The address of `owner`'s primary store of APT (short form). */
export function aptPrimaryStore(owner: string): string {
  return formatAddress(primaryStoreAddress(parseAddress(owner), parseAddress(APT_METADATA_ADDRESS)));
}
