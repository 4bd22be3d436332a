/**
 * Reads the on-chain minimum gas unit price from the BCS of `0x1::gas_schedule::GasScheduleV2`
 * (`feature_version: u64, entries: vector<GasEntry { key: String, val: u64 }>`), as the node's
 * gas estimator does. Decoding by hand avoids resolving a layout on every estimate.
 */
import { decodeBcs } from '../../shared/bcs/bcs-reader.ts';

/** Name of the gas-schedule entry holding the minimum gas unit price. */
const MIN_PRICE_ENTRY = 'txn.min_price_per_gas_unit';

/** The `txn.min_price_per_gas_unit` entry of a GasScheduleV2 value, or 0 when it has none. */
export function readMinGasUnitPrice(gasScheduleBcs: Uint8Array): bigint {
  return decodeBcs(gasScheduleBcs, (reader) => {
    reader.u64();
    const entries = reader.vector((r) => ({ key: r.string(), val: r.u64() }));
    return entries.find((entry) => entry.key === MIN_PRICE_ENTRY)?.val ?? 0n;
  });
}
