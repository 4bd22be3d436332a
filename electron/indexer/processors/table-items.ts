/**
 * `table_items` (one row per table item a transaction wrote or deleted, decoded with the table's types as the
 * snapshot's `table_info` knows them) and `table_metadatas` (those types per handle).
 */
import { formatAddressLong } from '../../../shared/address.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { decodeMoveValue } from '../../../shared/move/decode.ts';
import type { MoveJson } from '../../../shared/move/move-json.ts';
import { emit, type IndexerRows, type IndexerState, type IndexerTransaction } from './processor-input.ts';
import type { WrittenKey } from './written-state.ts';
import { layoutOf } from './transaction-rows.ts';

/** A table item's key or value decoded by `type` with the ABIs at `version`; null when unknown or undecodable. */
export function decoded(
  state: Pick<IndexerState, 'abiLookup'>,
  version: bigint,
  type: string | undefined,
  bytes: Uint8Array,
): MoveJson | null {
  if (type === undefined) return null;
  try {
    return decodeMoveValue(bytes, layoutOf(state.abiLookup(version), type));
  } catch {
    return null;
  }
}

function jsonOrNull(value: MoveJson | null): string | null {
  return value === null ? null : JSON.stringify(value);
}

/** The `table_items` rows of one transaction; `write_set_change_index` is the write's place in its write set. */
export function tableItemRows(
  input: IndexerTransaction,
  written: readonly WrittenKey[],
  state: IndexerState,
  rows: IndexerRows,
): void {
  const version = input.transaction.version;
  const ops = input.writeSet ?? [];
  for (const key of written) {
    if (key.kind !== 'table_item') continue;
    const types = state.tableTypes(key.handle);
    const value = key.op.value;
    emit(rows, 'table_items', {
      transaction_version: version,
      write_set_change_index: ops.indexOf(key.op),
      key: bytesToHex(key.key),
      table_handle: formatAddressLong(key.handle),
      // Hosted stores the key's hex when it cannot decode it; so do we (decoded_key is never null there).
      decoded_key: JSON.stringify(decoded(state, version, types?.keyType, key.key) ?? bytesToHex(key.key)),
      decoded_value: value === undefined ? null : jsonOrNull(decoded(state, version, types?.valueType, value)),
    });
  }
}

/** The `table_metadatas` row of one table. */
export function tableMetadataRow(
  handle: Uint8Array,
  types: { readonly keyType: string; readonly valueType: string },
  rows: IndexerRows,
): void {
  emit(rows, 'table_metadatas', {
    handle: formatAddressLong(handle),
    key_type: types.keyType,
    value_type: types.valueType,
  });
}
