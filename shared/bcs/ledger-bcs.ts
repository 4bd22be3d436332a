/**
 * BCS of the node's ledger records a transaction produces (docs/snapshot-format.md, "Hashes"; docs/api.md,
 * "BCS of transactions"): `ContractEvent` and `WriteSet`. The snapshot hashes these bytes (`event_root_hash`,
 * `state_change_hash`) and the read service sends them inside `TransactionOnChainData`, so both use these encoders.
 */
import { parseTypeTag, writeTypeTag } from '../type-tag.ts';
import { BcsWriter } from './bcs-writer.ts';

/** Variant indices of `ContractEvent`. */
const EVENT_V1 = 0;
const EVENT_V2 = 1;
/** Variant index of `WriteSet::V0`. */
const WRITE_SET_V0 = 0;
/** Variant indices of the node's persisted `WriteOp` without storage metadata. */
const WRITE_CREATION = 0;
const WRITE_MODIFICATION = 1;
const WRITE_DELETION = 2;

const typeTagBytes = new Map<string, Uint8Array>();

/** BCS of the TypeTag written as `typeText` (cached: few types recur). */
export function typeTagBcs(typeText: string): Uint8Array {
  let bytes = typeTagBytes.get(typeText);
  if (!bytes) {
    const writer = new BcsWriter();
    writeTypeTag(writer, parseTypeTag(typeText));
    bytes = writer.toBytes();
    if (typeTagBytes.size > 4096) typeTagBytes.clear();
    typeTagBytes.set(typeText, bytes);
  }
  return bytes;
}

/** One event as the node serializes it: a handle (v1) event names its stream; a module (v2) event does not. */
export type LedgerEvent =
  | {
      readonly address: Uint8Array;
      readonly creationNumber: number | bigint;
      readonly sequenceNumber: number | bigint;
      readonly typeTag: string;
      readonly data: Uint8Array;
    }
  | { readonly address: null; readonly typeTag: string; readonly data: Uint8Array };

/**
 * Writes `ContractEvent`: V1 (0) {EventKey{creation_number, address}, sequence_number, type_tag, data},
 * V2 (1) {type_tag, data}.
 */
export function writeContractEvent(writer: BcsWriter, event: LedgerEvent): BcsWriter {
  if (event.address === null) writer.variantIndex(EVENT_V2);
  else writer.variantIndex(EVENT_V1).u64(event.creationNumber).address(event.address).u64(event.sequenceNumber);
  return writer.fixedBytes(typeTagBcs(event.typeTag)).bytes(event.data);
}

/** BCS of one `ContractEvent` (what the ContractEvent hasher hashes). */
export function contractEventBcs(event: LedgerEvent): Uint8Array {
  return writeContractEvent(SCRATCH.reset(), event).toBytes();
}

/** One writer reused by the two functions above and below, which never re-enter each other: no buffer per call. */
const SCRATCH = new BcsWriter(4096);

/**
 * One entry of a write set: the state key (the node's `StateKey` BCS), the value written (null: deleted), and
 * whether the key had a value before this version (Modification) or not (Creation).
 */
export interface WriteSetEntry {
  readonly stateKey: Uint8Array;
  readonly value: Uint8Array | null;
  readonly existed: boolean;
}

/** Lexicographic order of byte strings (the order of a BCS map's serialized keys). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * Writes `WriteSet::V0`: a map sorted by the state keys' bytes, each value a write op without storage metadata —
 * Creation (0) or Modification (1) with the bytes, Deletion (2). (The node's ops carry the slot's storage-fee
 * metadata, variants 3–5, which a snapshot does not keep: docs/api.md, deviations.)
 */
export function writeWriteSet(writer: BcsWriter, entries: readonly WriteSetEntry[]): BcsWriter {
  const sorted = [...entries].sort((a, b) => compareBytes(a.stateKey, b.stateKey));
  writer.variantIndex(WRITE_SET_V0).uleb128(sorted.length);
  for (const entry of sorted) {
    writer.fixedBytes(entry.stateKey);
    if (entry.value === null) writer.variantIndex(WRITE_DELETION);
    else writer.variantIndex(entry.existed ? WRITE_MODIFICATION : WRITE_CREATION).bytes(entry.value);
  }
  return writer;
}

/** BCS of `WriteSet::V0` of `entries` (what the WriteSet hasher hashes). */
export function writeSetBcs(entries: readonly WriteSetEntry[]): Uint8Array {
  return writeWriteSet(SCRATCH.reset(), entries).toBytes();
}
