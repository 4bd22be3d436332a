/**
 * The state the view tests read: APT as on mainnet (the 0xa metadata object's group with the real
 * values of mainnet transaction 3556737308, and the real primary store of 0x31de…), a second coin
 * `0xc0::moon::Moon` with a CoinStore only, and a pure fungible asset at an object of 0xc0 with a
 * plain Supply — every resource encoded to BCS with the framework's field order.
 */
import { parseAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { createObjectAddress, primaryStoreAddress } from '../../../shared/object-address.ts';
import { formatAddress } from '../../../shared/address.ts';
import { typeInfoKey } from '../../../electron/service/view/coin-semantics.ts';
import { MemoryState } from './memory-state.ts';

export const OWNER = '0x31deb490728ae8e1a89675ee4c1877af8e5849c526d2c9a64238c49d8ece08a0';
export const OWNER_STORE = '0x60d8ef2e962b1d1b4f602c72e23eed6fbba86eefb41853a7688073fc918d912';
export const OWNER_FA_BALANCE = 566263899n;
export const ACCOUNT = '0x95a0fd88b11286d4790c253b39c6678b798c54b54b63bfd2bfe042411ee2e3e8';
export const APT = '0x1::aptos_coin::AptosCoin';
export const MOON = '0xc0::moon::Moon';
export const CONVERSION_TABLE = '0xfeed';
export const SUPPLY_TABLE = '0xab';
export const SUPPLY_KEY = '0xcd';
export const APT_COIN_SUPPLY = 1_000_000n;
export const APT_FA_SUPPLY = 25726501655234340n;
export const U128_MAX = ((1n << 128n) - 1n).toString();
/** Pure FA: a named object of 0xc0. */
export const STAR = formatAddress(createObjectAddress(parseAddress('0xc0'), new TextEncoder().encode('star')));

export const eventHandle = (addr: string, creationNum: string) => ({
  counter: '0',
  guid: { id: { creation_num: creationNum, addr } },
});

export const objectCore = (address: string, owner: string) => ({
  guid_creation_num: '1125899906842625',
  owner,
  allow_ungated_transfer: false,
  transfer_events: eventHandle(address, '1125899906842624'),
});

const coinStore = (address: string, value: string) => ({
  coin: { value },
  frozen: false,
  deposit_events: eventHandle(address, '2'),
  withdraw_events: eventHandle(address, '3'),
});

/** Feature bit vector with the given flags on. */
export function featureBits(flags: readonly number[]): string {
  const bytes = new Uint8Array(12);
  for (const f of flags) bytes[Math.floor(f / 8)] = (bytes[Math.floor(f / 8)] ?? 0) | (1 << (f % 8));
  return bytesToHex(bytes);
}

/** The state described in the module comment; `flags` are the features on (default 60, 64, 65). */
export function chainState(flags: readonly number[] = [60, 64, 65]): MemoryState {
  const state = new MemoryState();
  state.putGroup('0xa', {
    '0x1::coin::PairedCoinType': {
      type: { account_address: '0x1', module_name: '0x6170746f735f636f696e', struct_name: '0x4170746f73436f696e' },
    },
    '0x1::coin::PairedFungibleAssetRefs': {
      mint_ref_opt: { vec: [{ metadata: '0xa' }] },
      transfer_ref_opt: { vec: [{ metadata: '0xa' }] },
      burn_ref_opt: { vec: [{ metadata: '0xa' }] },
    },
    '0x1::fungible_asset::ConcurrentSupply': { current: { value: APT_FA_SUPPLY.toString(), max_value: U128_MAX } },
    '0x1::fungible_asset::Metadata': { name: 'Aptos Coin', symbol: 'APT', decimals: 8, icon_uri: '', project_uri: '' },
    '0x1::object::ObjectCore': { ...objectCore('0xa', '0x1'), allow_ungated_transfer: true },
    '0x1::primary_fungible_store::DeriveRefPod': { metadata_derive_ref: { self: '0xa' } },
  });
  state.putGroup(OWNER_STORE, {
    '0x1::fungible_asset::FungibleStore': { metadata: '0xa', balance: OWNER_FA_BALANCE.toString(), frozen: false },
    '0x1::object::ObjectCore': objectCore(OWNER_STORE, OWNER),
  });
  state.put(ACCOUNT, '0x1::account::Account', {
    authentication_key: ACCOUNT,
    sequence_number: '42',
    guid_creation_num: '2',
    coin_register_events: eventHandle(ACCOUNT, '0'),
    key_rotation_events: eventHandle(ACCOUNT, '1'),
    rotation_capability_offer: { for: { vec: [] } },
    signer_capability_offer: { for: { vec: [] } },
  });
  state.put('0x1', '0x1::features::Features', { features: featureBits(flags) });
  state.put('0x1', '0x1::coin::CoinConversionMap', { coin_to_fungible_asset_map: { handle: CONVERSION_TABLE } });
  state.putItem(CONVERSION_TABLE, typeInfoKey(parseStructTag(APT)), parseAddress('0xa'));
  state.put('0x1', `0x1::coin::CoinInfo<${APT}>`, {
    name: 'Aptos Coin',
    symbol: 'APT',
    decimals: 8,
    supply: {
      vec: [
        { aggregator: { vec: [{ handle: SUPPLY_TABLE, key: SUPPLY_KEY, limit: U128_MAX }] }, integer: { vec: [] } },
      ],
    },
  });
  state.putItem(SUPPLY_TABLE, parseAddress(SUPPLY_KEY), new BcsWriter(16).u128(APT_COIN_SUPPLY).toBytes());
  state.put(OWNER, `0x1::coin::CoinStore<${APT}>`, coinStore(OWNER, '1000'));
  state.put('0xc0', `0x1::coin::CoinInfo<${MOON}>`, {
    name: 'Moon',
    symbol: 'MOON',
    decimals: 6,
    supply: { vec: [{ aggregator: { vec: [] }, integer: { vec: [{ value: '5000', limit: U128_MAX }] } }] },
  });
  state.put(ACCOUNT, `0x1::coin::CoinStore<${MOON}>`, coinStore(ACCOUNT, '77'));
  state.putGroup(STAR, {
    '0x1::fungible_asset::Metadata': { name: 'Star', symbol: 'STAR', decimals: 2, icon_uri: '', project_uri: '' },
    '0x1::fungible_asset::Supply': { current: '900', maximum: { vec: ['1000'] } },
    '0x1::object::ObjectCore': objectCore(STAR, '0xc0'),
  });
  const starStore = formatAddress(primaryStoreAddress(parseAddress(ACCOUNT), parseAddress(STAR)));
  state.putGroup(starStore, {
    '0x1::fungible_asset::ConcurrentFungibleBalance': { balance: { value: '31', max_value: '18446744073709551615' } },
    '0x1::fungible_asset::FungibleStore': { metadata: STAR, balance: '0', frozen: false },
    '0x1::object::ObjectCore': objectCore(starStore, ACCOUNT),
  });
  return state;
}
