/**
 * APT's supply as the framework keeps it, written whenever a transaction changes it: the coin's
 * `0x1::coin::CoinInfo<AptosCoin>` supply counts APT held as coin (`CoinStore`s), and the paired fungible asset's
 * `ConcurrentSupply` at 0xa counts APT held in primary fungible stores — coin deposited into a primary store is
 * burned as coin and minted as the fungible asset (coin.move's `coin_to_fungible_asset`), and a fee is burned from
 * the store that pays it. So at every version coin supply + fungible supply = Σ of every account's APT.
 */
import { parseStructTag } from '../../../shared/type-tag.ts';
import { encodeResourceGroup, type GroupMember } from '../../../shared/resource-group.ts';
import { resourceGroupStateKey } from '../state-keys.ts';
import { APT_METADATA, APT_METADATA_BYTES, metadataMembers, OBJECT_GROUP, OBJECT_TYPES } from './fungible-assets.ts';
import type { ValueEncoder } from './value-encoder.ts';

/** APT held as coin and as the paired fungible asset (octas). */
export interface AptSupply {
  coin: bigint;
  fungible: bigint;
}

const U128_MAX = '340282366920938463463374607431768211455';

/** JSON-in of `CoinInfo<AptosCoin>` with `supply` tracked as an integer (no parallel aggregator). */
export function aptCoinInfo(supply: bigint): unknown {
  return {
    name: 'Aptos Coin',
    symbol: 'APT',
    decimals: 8,
    supply: { vec: [{ aggregator: { vec: [] }, integer: { vec: [{ value: supply.toString(), limit: U128_MAX }] } }] },
  };
}

/** The members of APT's metadata object at 0xa (owned by 0x1) holding `supply`. */
export function aptMetadataMembers(supply: bigint): readonly (readonly [string, unknown])[] {
  return metadataMembers(
    APT_METADATA,
    '0x1',
    { name: 'Aptos Coin', symbol: 'APT', decimals: 8, iconUri: '', projectUri: '', supply },
    true,
  );
}

/**
 * Encodes the 0xa group with a new supply: its other members never change, so they are encoded once and only the
 * `ConcurrentSupply` member is encoded per write (the group is rewritten whole, as the node's write sets do).
 */
export class AptMetadataEncoder {
  readonly #encoder: ValueEncoder;
  readonly #fixed: readonly GroupMember[];
  readonly #supplyTag = parseStructTag(OBJECT_TYPES.supply);
  /** The state key of the group at 0xa. */
  readonly stateKey = resourceGroupStateKey(APT_METADATA_BYTES, parseStructTag(OBJECT_GROUP));

  /** Encodes the fixed members with `encoder`. */
  constructor(encoder: ValueEncoder) {
    this.#encoder = encoder;
    this.#fixed = aptMetadataMembers(0n)
      .filter(([type]) => type !== OBJECT_TYPES.supply)
      .map(([type, json]) => ({ tag: parseStructTag(type), bytes: encoder.encode(type, json) }));
  }

  /** The group's state value with `supply`. */
  value(supply: bigint): Uint8Array {
    const member = aptMetadataMembers(supply).find(([type]) => type === OBJECT_TYPES.supply);
    if (!member) throw new Error('APT metadata has no supply member');
    return encodeResourceGroup([
      ...this.#fixed,
      { tag: this.#supplyTag, bytes: this.#encoder.encode(OBJECT_TYPES.supply, member[1]) },
    ]);
  }
}
