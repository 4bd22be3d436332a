/**
 * A write set as the node hashes it (`state_change_hash`): BCS of `WriteSet::V0`, a map sorted by the state keys'
 * bytes whose values are the node's persisted write ops — `Creation` 0, `Modification` 1 (with the value), `Deletion`
 * 2, and the same with the slot's storage-fee metadata, `CreationWithMetadata` 3 / `ModificationWithMetadata` 4
 * (value, then metadata) and `DeletionWithMetadata` 5 (metadata). The metadata is kept as the node's bytes
 * (`PersistedStateValueMetadata`: V0 {deposit, creation time} or V1 {slot deposit, bytes deposit, creation time}).
 * A capture stores each entry's op and metadata (`captured_write_sets`), so the node's bytes, and so its hash, are
 * rebuilt from the file (docs/snapshot-format.md, "Captured snapshots").
 */
import { BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { compareBytes } from '../../../shared/bcs/ledger-bcs.ts';
import { aptosHash } from '../ledger-hashes.ts';

/** One entry of a node's write set: the state key's bytes, the value (null: deleted), the op and its metadata. */
export interface NodeWriteOp {
  readonly stateKey: Uint8Array;
  readonly value: Uint8Array | null;
  /** The write op's variant, 0–5. */
  readonly op: number;
  /** BCS of the op's `PersistedStateValueMetadata` (ops 3–5), else null. */
  readonly metadata: Uint8Array | null;
}

/** Whether write op `op` carries a value (creations and modifications, with or without metadata). */
export const opHasValue = (op: number): boolean => op === 0 || op === 1 || op === 3 || op === 4;
/** Whether write op `op` carries metadata. */
export const opHasMetadata = (op: number): boolean => op >= 3 && op <= 5;

/**
 * BCS of `WriteSet::V0` of `entries` (sorted here by key bytes), or a reason when an entry is not a valid op (a value
 * on a deletion, metadata missing or present where the op says otherwise, two entries of one key).
 */
export function nodeWriteSetBcs(entries: readonly NodeWriteOp[]): Uint8Array | string {
  const sorted = [...entries].sort((a, b) => compareBytes(a.stateKey, b.stateKey));
  const writer = new BcsWriter().variantIndex(0).uleb128(sorted.length);
  let previous: Uint8Array | undefined;
  for (const entry of sorted) {
    if (previous !== undefined && compareBytes(previous, entry.stateKey) === 0) return 'a state key written twice';
    previous = entry.stateKey;
    if (!Number.isInteger(entry.op) || entry.op < 0 || entry.op > 5) return `write op ${entry.op} is not 0..5`;
    if (opHasValue(entry.op) !== (entry.value !== null))
      return `write op ${entry.op} with a value that does not fit it`;
    if (opHasMetadata(entry.op) !== (entry.metadata !== null))
      return `write op ${entry.op} with metadata that does not fit it`;
    writer.fixedBytes(entry.stateKey).variantIndex(entry.op);
    if (entry.value !== null) writer.bytes(entry.value);
    if (entry.metadata !== null) writer.fixedBytes(entry.metadata);
  }
  return writer.toBytes();
}

/** The node's `state_change_hash` of `entries`, or a reason when they do not make a write set. */
export function nodeStateChangeHash(entries: readonly NodeWriteOp[]): Uint8Array | string {
  const bytes = nodeWriteSetBcs(entries);
  return typeof bytes === 'string' ? bytes : aptosHash('WriteSet', bytes);
}

/**
 * A kept transaction's write set packed into one byte array (each entry: ULEB128-length state key, the op, then the
 * ULEB128-length value and metadata when the op has them), in the node's JSON order. A capture holds its kept write
 * sets until the file is written; packed, an entry costs its bytes and a few more, not a handful of objects each —
 * ten transactions of 120,000 entries held as objects took over a GiB (docs/benchmarks.md).
 */
export class PackedWriteSet implements Iterable<NodeWriteOp> {
  readonly #packed: Uint8Array;
  /** How many entries. */
  readonly length: number;
  /** Bytes of the entries' state keys and values (what the capture's byte limit counts). */
  readonly bytes: number;

  /** Packs `entries` (kept in their order). */
  constructor(entries: readonly NodeWriteOp[]) {
    const writer = new BcsWriter();
    let bytes = 0;
    for (const entry of entries) {
      writer.bytes(entry.stateKey).u8(entry.op);
      if (entry.value !== null) writer.bytes(entry.value);
      if (entry.metadata !== null) writer.bytes(entry.metadata);
      bytes += entry.stateKey.length + (entry.value?.length ?? 0);
    }
    this.#packed = writer.toBytes();
    this.length = entries.length;
    this.bytes = bytes;
  }

  /** The entries, unpacked one at a time. */
  *[Symbol.iterator](): Iterator<NodeWriteOp> {
    const reader = new BcsReader(this.#packed);
    for (let i = 0; i < this.length; i += 1) {
      const stateKey = reader.bytes();
      const op = reader.u8();
      const value = opHasValue(op) ? reader.bytes() : null;
      yield { stateKey, value, op, metadata: opHasMetadata(op) ? reader.bytes() : null };
    }
  }
}
