/**
 * Balances as `GET /v1/accounts/{address}/balance/{asset_type}` computes them (the node's own Rust
 * code, not Move): a coin's balance is its `CoinStore<C>` value (0 when absent) plus the owner's
 * primary store of the coin's paired fungible asset, found by address derivation (APT → `0xa`,
 * others → the named object of `0xa` seeded with the type name); a fungible asset's balance is the
 * owner's primary store only. A store's balance is `FungibleStore.balance`, or, when that is 0 and
 * the store has a `ConcurrentFungibleBalance`, that aggregator's value.
 */
import { formatAddress, isAddress, parseAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { CodecError } from '../../../shared/codec-error.ts';
import { pairedMetadataAddress, primaryStoreAddress } from '../../../shared/object-address.ts';
import { formatStructTag, MAX_TYPE_TAG_NESTING, parseStructTag, type StructTag } from '../../../shared/type-tag.ts';
import { readCoinStore, readConcurrentBalance, readFungibleStore } from './framework-state.ts';
import type { StateReader } from './state-reader.ts';
import { structTagTooDeepText } from '../params.ts';
import { ViewError } from './view-error.ts';
import { quoteInput } from '../../../shared/quote-input.ts';
import { U64_MAX } from '../../../shared/ledger/u64.ts';

/** The balance of the fungible store object at `store` (0 when it has no FungibleStore). */
export function storeBalance(reader: StateReader, store: Uint8Array, version: bigint): bigint {
  const fungible = readFungibleStore(reader, store, version);
  if (fungible === undefined) return 0n;
  if (fungible.balance !== 0n) return fungible.balance;
  return readConcurrentBalance(reader, store, version) ?? 0n;
}

/** `owner`'s balance of the fungible asset whose metadata object is at `metadata`: its primary store only. */
export function faBalance(reader: StateReader, owner: Uint8Array, metadata: Uint8Array, version: bigint): bigint {
  return storeBalance(reader, primaryStoreAddress(owner, metadata), version);
}

/**
 * `owner`'s balance of `coinType` as the balance endpoint computes it: CoinStore value plus the
 * primary store of the derived paired metadata. A sum beyond u64 (impossible on a real chain, as
 * both halves count one supply) is a 500, not a wrapped number.
 */
export function coinBalance(reader: StateReader, owner: Uint8Array, coinType: StructTag, version: bigint): bigint {
  const coin = readCoinStore(reader, owner, coinType, version)?.value ?? 0n;
  const total = coin + faBalance(reader, owner, pairedMetadataAddress(coinType), version);
  if (total > U64_MAX) {
    throw new ViewError(
      500,
      'internal_error',
      `the ${formatStructTag(coinType)} balance of ${formatAddress(owner)} overflows u64`,
    );
  }
  return total;
}

/** What `{asset_type}` names: a fungible asset's metadata address, or a coin type. */
export type AssetType =
  | { readonly kind: 'fungible_asset'; readonly metadata: Uint8Array }
  | { readonly kind: 'coin'; readonly coinType: StructTag };

/**
 * Parses `{asset_type}` (already percent-decoded) as the node does: first as an address (a
 * fungible asset's metadata object), else as a struct tag (a coin type). Neither: 400
 * `web_framework_error`, as every path parameter that does not parse (docs/node-behaviour.md §1; the node's exact
 * message for this case is not known, ours names both readings).
 */
export function parseAssetType(text: string): AssetType {
  if (isAddress(text)) return { kind: 'fungible_asset', metadata: parseAddress(text) };
  try {
    return { kind: 'coin', coinType: parseStructTag(text) };
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    // As for every struct tag in a path (params.ts): only the nesting limit broken is invalid input.
    if (structTagTooDeepText(text)) {
      throw new ViewError(
        400,
        'invalid_input',
        `type tag "${quoteInput(text)}" is nested deeper than ${MAX_TYPE_TAG_NESTING} levels`,
      );
    }
    throw new ViewError(
      400,
      'web_framework_error',
      `invalid asset_type "${quoteInput(text)}": neither an address (a fungible asset's metadata) ` +
        `nor a coin struct tag (${error.message})`,
    );
  }
}

/** The balance endpoint's answer for `owner` and a parsed asset type. */
export function assetBalance(reader: StateReader, owner: Uint8Array, asset: AssetType, version: bigint): bigint {
  return asset.kind === 'coin'
    ? coinBalance(reader, owner, asset.coinType, version)
    : faBalance(reader, owner, asset.metadata, version);
}

/** JSON body of a balance: a bare JSON number, written from the bigint so values above 2^53 stay exact. */
export function balanceJson(balance: bigint): string {
  return balance.toString();
}

/** BCS body of a balance: u64 little-endian. */
export function balanceBcs(balance: bigint): Uint8Array {
  return new BcsWriter(8).u64(balance).toBytes();
}
