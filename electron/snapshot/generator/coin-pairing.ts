/**
 * The framework state that pairs APT with its fungible asset at `0xa`, as on mainnet: `0x1::features::Features`
 * with the coin-to-fungible-asset migration flag (60) on, and `0x1::coin::CoinConversionMap`, whose table maps
 * `TypeInfo` of `0x1::aptos_coin::AptosCoin` to the metadata object `0xa`. With them, `0x1::coin::balance` and the
 * other coin views count an account's primary fungible store as coin.move does (docs/api.md, "View functions a
 * snapshot answers"); without them the pairing is "none" and a view sees only the `CoinStore`.
 */
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { parseAddress } from '../../../shared/address.ts';
import { derivedBytes } from './chain-options.ts';
import { APT_METADATA_BYTES } from './fungible-assets.ts';
import type { World } from './world.ts';

/** `0x1::features::Features` flag `coin_to_fungible_asset_migration`. */
const COIN_TO_FA_MIGRATION = 60;
const CONVERSION_MAP = '0x1::coin::CoinConversionMap';
const FRAMEWORK_ADDRESS = parseAddress('0x1');

/** The `features` bit vector with `flags` on (bit `n` = byte `n / 8`, mask `1 << (n % 8)`, as features.move). */
function featureBits(flags: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(Math.floor(Math.max(...flags) / 8) + 1);
  for (const flag of flags) bytes[Math.floor(flag / 8)]! |= 1 << (flag % 8);
  return bytes;
}

/** Writes the Features resource and APT's entry of the coin conversion map (format v2 genesis). */
export function writeCoinPairing(world: World, seed: number): void {
  world.resource(
    FRAMEWORK_ADDRESS,
    '0x1::features::Features',
    new BcsWriter().bytes(featureBits([COIN_TO_FA_MIGRATION])).toBytes(),
  );
  const handle = derivedBytes(seed, 'table:coin-conversion-map');
  world.resource(FRAMEWORK_ADDRESS, CONVERSION_MAP, new BcsWriter().address(handle).toBytes());
  world.writer.tableInfo(
    handle,
    '0x1::type_info::TypeInfo',
    '0x1::object::Object<0x1::fungible_asset::Metadata>',
    { address: FRAMEWORK_ADDRESS, resource: CONVERSION_MAP, field: 'coin_to_fungible_asset_map' },
    world.version,
  );
  const text = (s: string): Uint8Array => new TextEncoder().encode(s);
  const key = new BcsWriter().address(FRAMEWORK_ADDRESS).bytes(text('aptos_coin')).bytes(text('AptosCoin')).toBytes();
  world.tableItem(handle, key, new BcsWriter().address(APT_METADATA_BYTES).toBytes());
}
