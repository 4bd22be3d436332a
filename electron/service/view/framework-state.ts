/**
 * The framework resources the view functions read, decoded strictly from BCS in declaration order
 * (docs/api.md, "View functions a snapshot answers", lists them). Each reader returns `undefined`
 * when the resource is absent, as `exists<T>` would say.
 */
import { decodeBcs, type BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { structTag, type StructTag } from '../../../shared/type-tag.ts';
import type { StateReader } from './state-reader.ts';

function skipEventHandle(r: BcsReader): void {
  r.u64();
  r.u64();
  r.address();
}

function read<T>(
  reader: StateReader,
  address: Uint8Array,
  tag: StructTag,
  version: bigint,
  decode: (r: BcsReader) => T,
): T | undefined {
  const bytes = reader.resource(address, tag, version);
  return bytes === undefined ? undefined : decodeBcs(bytes, decode);
}

/** `0x1::coin::CoinStore<C>`: the coin value and frozen flag. */
export interface CoinStoreState {
  readonly value: bigint;
  readonly frozen: boolean;
}

/** Reads `CoinStore<coinType>` of `owner`. */
export function readCoinStore(
  reader: StateReader,
  owner: Uint8Array,
  coinType: StructTag,
  version: bigint,
): CoinStoreState | undefined {
  const tag = structTag('0x1', 'coin', 'CoinStore', [{ kind: 'struct', struct: coinType }]);
  return read(reader, owner, tag, version, (r) => {
    const value = r.u64();
    const frozen = r.bool();
    skipEventHandle(r);
    skipEventHandle(r);
    return { value, frozen };
  });
}

/** Supply tracking of a coin: `Option<OptionalAggregator>` flattened. */
export type CoinSupplyState =
  | { readonly kind: 'untracked' }
  | { readonly kind: 'integer'; readonly value: bigint }
  | { readonly kind: 'aggregator'; readonly handle: Uint8Array; readonly key: Uint8Array };

/** `0x1::coin::CoinInfo<C>`. */
export interface CoinInfoState {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly supply: CoinSupplyState;
}

/** Reads `CoinInfo<coinType>` at `address` (the coin type's own address). */
export function readCoinInfo(
  reader: StateReader,
  address: Uint8Array,
  coinType: StructTag,
  version: bigint,
): CoinInfoState | undefined {
  const tag = structTag('0x1', 'coin', 'CoinInfo', [{ kind: 'struct', struct: coinType }]);
  return read(reader, address, tag, version, (r) => {
    const name = r.string();
    const symbol = r.string();
    const decimals = r.u8();
    const supply =
      r.option((o): CoinSupplyState => {
        const aggregator = o.option((a) => {
          const handle = a.address();
          const key = a.address();
          a.u128();
          return { handle, key };
        });
        const integer = o.option((i) => {
          const value = i.u128();
          i.u128();
          return value;
        });
        if (aggregator !== undefined) return { kind: 'aggregator', ...aggregator };
        return { kind: 'integer', value: integer ?? 0n };
      }) ?? ({ kind: 'untracked' } as const);
    return { name, symbol, decimals, supply };
  });
}

/** `0x1::fungible_asset::FungibleStore`. */
export interface FungibleStoreState {
  readonly metadata: Uint8Array;
  readonly balance: bigint;
  readonly frozen: boolean;
}

/** Reads the FungibleStore of the object at `store`. */
export function readFungibleStore(
  reader: StateReader,
  store: Uint8Array,
  version: bigint,
): FungibleStoreState | undefined {
  return read(reader, store, structTag('0x1', 'fungible_asset', 'FungibleStore'), version, (r) => ({
    metadata: r.address(),
    balance: r.u64(),
    frozen: r.bool(),
  }));
}

/** Reads `ConcurrentFungibleBalance.balance` (an `Aggregator<u64>`: value, max_value) of a store. */
export function readConcurrentBalance(reader: StateReader, store: Uint8Array, version: bigint): bigint | undefined {
  return read(reader, store, structTag('0x1', 'fungible_asset', 'ConcurrentFungibleBalance'), version, (r) => {
    const value = r.u64();
    r.u64();
    return value;
  });
}

/** `0x1::fungible_asset::Metadata`. */
export interface FaMetadataState {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly iconUri: string;
  readonly projectUri: string;
}

/** Reads the Metadata of the object at `metadata`. */
export function readFaMetadata(
  reader: StateReader,
  metadata: Uint8Array,
  version: bigint,
): FaMetadataState | undefined {
  return read(reader, metadata, structTag('0x1', 'fungible_asset', 'Metadata'), version, (r) => ({
    name: r.string(),
    symbol: r.string(),
    decimals: r.u8(),
    iconUri: r.string(),
    projectUri: r.string(),
  }));
}

/** Reads `ConcurrentSupply.current.value` (an `Aggregator<u128>`). */
export function readConcurrentSupply(reader: StateReader, metadata: Uint8Array, version: bigint): bigint | undefined {
  return read(reader, metadata, structTag('0x1', 'fungible_asset', 'ConcurrentSupply'), version, (r) => {
    const value = r.u128();
    r.u128();
    return value;
  });
}

/** Reads `Supply.current` (`Supply { current: u128, maximum: Option<u128> }`). */
export function readSupply(reader: StateReader, metadata: Uint8Array, version: bigint): bigint | undefined {
  return read(reader, metadata, structTag('0x1', 'fungible_asset', 'Supply'), version, (r) => {
    const current = r.u128();
    r.option((o) => o.u128());
    return current;
  });
}

/** `0x1::object::ObjectCore`: the owner (the rest is not needed by any view answered here). */
export function readObjectOwner(reader: StateReader, object: Uint8Array, version: bigint): Uint8Array | undefined {
  return read(reader, object, structTag('0x1', 'object', 'ObjectCore'), version, (r) => {
    r.u64();
    const owner = r.address();
    r.bool();
    skipEventHandle(r);
    return owner;
  });
}

/** `0x1::account::Account`: the sequence number. */
export function readSequenceNumber(reader: StateReader, address: Uint8Array, version: bigint): bigint | undefined {
  return read(reader, address, structTag('0x1', 'account', 'Account'), version, (r) => {
    r.bytes();
    const sequenceNumber = r.u64();
    r.u64();
    skipEventHandle(r);
    skipEventHandle(r);
    r.option((o) => o.address());
    r.option((o) => o.address());
    return sequenceNumber;
  });
}

/** `0x1::type_info::TypeInfo`. */
export interface TypeInfoState {
  readonly accountAddress: Uint8Array;
  readonly moduleName: Uint8Array;
  readonly structName: Uint8Array;
}

/** Reads `0x1::coin::PairedCoinType.type` of a metadata object. */
export function readPairedCoinType(
  reader: StateReader,
  metadata: Uint8Array,
  version: bigint,
): TypeInfoState | undefined {
  return read(reader, metadata, structTag('0x1', 'coin', 'PairedCoinType'), version, (r) => ({
    accountAddress: r.address(),
    moduleName: r.bytes(),
    structName: r.bytes(),
  }));
}

/** Reads the table handle of `0x1::coin::CoinConversionMap.coin_to_fungible_asset_map` (at 0x1). */
export function readCoinConversionMap(
  reader: StateReader,
  framework: Uint8Array,
  version: bigint,
): Uint8Array | undefined {
  return read(reader, framework, structTag('0x1', 'coin', 'CoinConversionMap'), version, (r) => r.address());
}

/** Reads the bit vector of `0x1::features::Features` (at 0x1). */
export function readFeatures(reader: StateReader, framework: Uint8Array, version: bigint): Uint8Array | undefined {
  return read(reader, framework, structTag('0x1', 'features', 'Features'), version, (r) => r.bytes());
}

/** `std::features::is_enabled`: bit `feature % 8` of byte `feature / 8`; absent bytes are off. */
export function isFeatureEnabled(features: Uint8Array | undefined, feature: number): boolean {
  if (features === undefined) return false;
  const byte = features[Math.floor(feature / 8)];
  return byte !== undefined && (byte & (1 << (feature % 8))) !== 0;
}
