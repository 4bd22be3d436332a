/**
 * Where an account's APT sits, as the framework keeps it: a `0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`
 * under the account, and/or the account's primary fungible store of APT's metadata `0xa` — an object at
 * sha3-256(owner ‖ 0xa ‖ 0xFC) (shared/object-address.ts) — whose balance is its `FungibleStore.balance`, or its
 * `ConcurrentFungibleBalance` when that is 0. The balance endpoint sums both. The one home of these rules: the
 * header's balance from resources (features/account/apt-from-resources.ts), the Activity tab's APT column
 * (features/activity/apt-change.ts) and a transaction's APT lines (features/transaction/changes/apt-balance-changes.ts)
 * read stores through them.
 */
import { formatAddress, isAddress, normalizeAddress, parseAddress } from '../../shared/address.ts';
import { APT_METADATA_ADDRESS, primaryStoreAddress } from '../../shared/object-address.ts';
import { isDecimalText } from '../../shared/ledger/u64.ts';

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

/** A store's balance kept in an aggregator instead (read when `FungibleStore.balance` is 0). */
export const CONCURRENT_BALANCE = '0x1::fungible_asset::ConcurrentFungibleBalance';

/** The resource group of an object (a primary store among them): deleted whole when the object is. */
export const OBJECT_GROUP = '0x1::object::ObjectGroup';

/** An object's core: its owner. */
export const OBJECT_CORE = '0x1::object::ObjectCore';

/** APT's fungible-asset metadata object (short form). */
export const APT_METADATA = normalizeAddress(APT_METADATA_ADDRESS);

/** A field of a Move struct's JSON (undefined when the value is no object). */
export function fieldOf(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)[name]
    : undefined;
}

/** A u64 as the node writes it: decimal text, or an aggregator's `{"value": "…"}`; anything else 0. */
export function u64Of(value: unknown): bigint {
  if (typeof value === 'string' && isDecimalText(value)) return BigInt(value);
  const inner = fieldOf(value, 'value');
  return inner === undefined ? 0n : u64Of(inner);
}

/** A `CoinStore`'s coin value (its data; absent: 0). */
export function coinStoreValue(data: unknown): bigint {
  return u64Of(fieldOf(fieldOf(data, 'coin'), 'value'));
}

/** A fungible store's balance: `balance`, or the `ConcurrentFungibleBalance`'s when that is 0 (absent: 0). */
export function fungibleStoreBalance(store: unknown, concurrent: unknown): bigint {
  const plain = u64Of(fieldOf(store, 'balance'));
  return plain !== 0n ? plain : u64Of(fieldOf(concurrent, 'balance'));
}

/** Whether a `FungibleStore`'s data is a store of APT (its `metadata.inner` is `0xa`). */
export function isAptFungibleStore(data: unknown): boolean {
  const inner = fieldOf(fieldOf(data, 'metadata'), 'inner');
  return typeof inner === 'string' && isAddress(inner) && normalizeAddress(inner) === APT_METADATA;
}
