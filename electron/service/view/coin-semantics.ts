/**
 * `0x1::coin`'s view functions over state, step by step as coin.move (current framework) runs them.
 * Unlike the balance endpoint, the Move code finds a coin's paired fungible asset in the table
 * `CoinConversionMap.coin_to_fungible_asset_map` at 0x1 (keyed by the coin's TypeInfo), not by
 * address derivation, so a coin that was never paired has no fungible half here.
 */
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { decodeBcs } from '../../../shared/bcs/bcs-reader.ts';
import { pairedMetadataAddress, primaryStoreAddress } from '../../../shared/object-address.ts';
import { formatStructTag, formatTypeTag, type StructTag } from '../../../shared/type-tag.ts';
import { storeBalance } from './balances.ts';
import {
  isFeatureEnabled,
  readCoinConversionMap,
  readCoinInfo,
  readCoinStore,
  readFeatures,
  readFungibleStore,
  type CoinInfoState,
} from './framework-state.ts';
import {
  EAPT_PAIRING_IS_NOT_ENABLED,
  ECOIN_CONVERSION_MAP_NOT_FOUND,
  ECOIN_INFO_NOT_PUBLISHED,
  EMIGRATION_FRAMEWORK_NOT_ENABLED,
  EOPTION_NOT_SET,
  FEATURE,
} from './framework-aborts.ts';
import { faSupply } from './fa-semantics.ts';
import type { StateReader } from './state-reader.ts';
import { missingData, moveAbort, ViewError } from './view-error.ts';
import { U64_MAX } from '../../../shared/ledger/u64.ts';

/** The framework account (0x1), where CoinConversionMap and Features live. */
export const FRAMEWORK = parseAddress('0x1');
const U128_MAX = (1n << 128n) - 1n;
const TEXT = new TextEncoder();

/** BCS of `type_info::type_of<C>()`: address, module name bytes, struct name (with type arguments) bytes. */
export function typeInfoKey(coinType: StructTag): Uint8Array {
  let structName = coinType.name;
  if (coinType.typeArgs.length > 0) structName += `<${coinType.typeArgs.map(formatTypeTag).join(', ')}>`;
  return new BcsWriter(64)
    .address(parseAddress(coinType.address))
    .bytes(TEXT.encode(coinType.module))
    .bytes(TEXT.encode(structName))
    .toBytes();
}

/** `coin::paired_metadata<C>()`: the metadata address from CoinConversionMap, if paired. */
export function pairedMetadataView(reader: StateReader, coinType: StructTag, version: bigint): Uint8Array | undefined {
  const handle = readCoinConversionMap(reader, FRAMEWORK, version);
  if (handle === undefined) return undefined;
  if (reader.tableItem === undefined) {
    throw new ViewError(
      400,
      'invalid_input',
      'this source holds no table items, so 0x1::coin::CoinConversionMap ' +
        '(where a coin finds its paired fungible asset) cannot be read',
    );
  }
  const value = reader.tableItem(handle, typeInfoKey(coinType), version);
  return value === undefined ? undefined : decodeBcs(value, (r) => r.address());
}

function coinInfoOrMissing(
  reader: StateReader,
  coinType: StructTag,
  version: bigint,
  functionName: string,
): CoinInfoState {
  const address = parseAddress(coinType.address);
  const info = readCoinInfo(reader, address, coinType, version);
  if (info === undefined) {
    throw missingData(
      `0x1::coin::${functionName}`,
      `0x1::coin::CoinInfo<${formatStructTag(coinType)}>`,
      coinType.address,
    );
  }
  return info;
}

/** `coin::name|symbol|decimals<C>()`: borrows CoinInfo<C> at C's address (MISSING_DATA when absent). */
export function coinInfoView(
  reader: StateReader,
  coinType: StructTag,
  version: bigint,
  functionName: string,
): CoinInfoState {
  return coinInfoOrMissing(reader, coinType, version, functionName);
}

/** `coin::balance<C>(owner)`: CoinStore value (0 if none) + primary store of the paired metadata, if paired. */
export function coinBalanceView(reader: StateReader, owner: Uint8Array, coinType: StructTag, version: bigint): bigint {
  const paired = pairedMetadataView(reader, coinType, version);
  const coin = readCoinStore(reader, owner, coinType, version)?.value ?? 0n;
  const fa = paired === undefined ? 0n : storeBalance(reader, primaryStoreAddress(owner, paired), version);
  const total = coin + fa;
  if (total > U64_MAX) {
    throw new ViewError(400, 'invalid_input', 'ARITHMETIC_ERROR: u64 addition overflow in 0x1::coin::balance', 4017);
  }
  return total;
}

/** The value of an aggregator v1 (table item keyed by its key address), as `aggregator::read` gives it. */
function aggregatorV1(reader: StateReader, handle: Uint8Array, key: Uint8Array, version: bigint): bigint {
  if (reader.tableItem === undefined) {
    throw new ViewError(
      400,
      'invalid_input',
      'this source holds no table items, so a coin supply aggregator cannot be read',
    );
  }
  const value = reader.tableItem(handle, key, version);
  // An aggregator v1 that was never written holds 0 (the native reads a missing item as 0).
  return value === undefined ? 0n : decodeBcs(value, (r) => r.u128());
}

/** `coin::supply<C>()`: the coin's tracked supply plus its paired fungible asset's supply. */
export function coinSupplyView(reader: StateReader, coinType: StructTag, version: bigint): bigint | undefined {
  const info = coinInfoOrMissing(reader, coinType, version, 'coin_supply');
  let supply: bigint | undefined;
  switch (info.supply.kind) {
    case 'untracked':
      supply = undefined;
      break;
    case 'integer':
      supply = info.supply.value;
      break;
    case 'aggregator':
      supply = aggregatorV1(reader, info.supply.handle, info.supply.key, version);
      break;
  }
  const paired = pairedMetadataView(reader, coinType, version);
  if (paired !== undefined) {
    const faPart = faSupply(reader, paired, version);
    if (supply !== undefined) {
      if (faPart === undefined) throw moveAbort('0x1::option', EOPTION_NOT_SET);
      supply += faPart;
      if (supply > U128_MAX) {
        throw new ViewError(
          400,
          'invalid_input',
          'ARITHMETIC_ERROR: u128 addition overflow in 0x1::coin::supply',
          4017,
        );
      }
    }
  }
  return supply;
}

/**
 * `coin::is_account_registered<C>(addr)`: aborts unless C is initialized; true with a CoinStore;
 * else the paired metadata is "ensured" (created inside the view, then discarded — here only its
 * address is derived, and the aborts of that creation are reproduced) and the account can receive it
 * when feature 64 is on, or feature 65 for APT, or its primary store for it exists.
 */
export function isAccountRegisteredView(
  reader: StateReader,
  account: Uint8Array,
  coinType: StructTag,
  version: bigint,
): boolean {
  if (readCoinInfo(reader, parseAddress(coinType.address), coinType, version) === undefined) {
    throw moveAbort('0x1::coin', ECOIN_INFO_NOT_PUBLISHED);
  }
  if (readCoinStore(reader, account, coinType, version) !== undefined) return true;
  const features = readFeatures(reader, FRAMEWORK, version);
  if (!isFeatureEnabled(features, FEATURE.coinToFungibleAssetMigration)) {
    throw moveAbort('0x1::coin', EMIGRATION_FRAMEWORK_NOT_ENABLED);
  }
  if (readCoinConversionMap(reader, FRAMEWORK, version) === undefined) {
    throw moveAbort('0x1::coin', ECOIN_CONVERSION_MAP_NOT_FOUND);
  }
  let metadata = pairedMetadataView(reader, coinType, version);
  if (metadata === undefined) {
    if (formatStructTag(coinType) === '0x1::aptos_coin::AptosCoin')
      throw moveAbort('0x1::coin', EAPT_PAIRING_IS_NOT_ENABLED);
    metadata = pairedMetadataAddress(coinType);
  }
  if (isFeatureEnabled(features, FEATURE.newAccountsDefaultToFaStore)) return true;
  if (isFeatureEnabled(features, FEATURE.newAccountsDefaultToFaAptStore) && formatAddress(metadata) === '0xa')
    return true;
  return readFungibleStore(reader, primaryStoreAddress(account, metadata), version) !== undefined;
}
