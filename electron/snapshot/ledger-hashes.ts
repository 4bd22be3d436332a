/**
 * The node's hashes that a snapshot can recompute from its own rows (docs/snapshot-format.md, "Hashes"):
 * a transaction's `state_change_hash` (of its write set), `event_root_hash` (the accumulator of its events) and the
 * event hash itself. Each is sha3-256 of the hasher's seed (sha3-256 of `APTOS::<Name>`) followed by the BCS bytes.
 * The writer stores them; `snapshot verify` recomputes them from the state rows and event rows of each version.
 */
import { createHash } from 'node:crypto';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { parseTypeTag, writeTypeTag } from '../../shared/type-tag.ts';

const seeds = new Map<string, Buffer>();

/** sha3-256(sha3-256("APTOS::" + name) ‖ bytes): the node's CryptoHasher for a type named `name`. */
export function aptosHash(name: string, ...parts: readonly Uint8Array[]): Uint8Array {
  let seed = seeds.get(name);
  if (!seed) {
    seed = createHash('sha3-256').update(`APTOS::${name}`).digest();
    seeds.set(name, seed);
  }
  const hash = createHash('sha3-256').update(seed);
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** The node's hash of an empty event list ("ACCUMULATOR_PLACEHOLDER_HASH" in ASCII, zero-padded). */
export const ACCUMULATOR_PLACEHOLDER_HASH = (() => {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode('ACCUMULATOR_PLACEHOLDER_HASH'));
  return bytes;
})();

const typeTagBytes = new Map<string, Uint8Array>();

/** BCS of the TypeTag written as `typeText` (cached: few types recur). */
function typeTagBcs(typeText: string): Uint8Array {
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

/** One event as the node hashes it: a handle (v1) event names its stream; a module (v2) event does not. */
export type HashedEvent =
  | {
      readonly address: Uint8Array;
      readonly creationNumber: number;
      readonly sequenceNumber: number;
      readonly typeTag: string;
      readonly data: Uint8Array;
    }
  | { readonly address: null; readonly typeTag: string; readonly data: Uint8Array };

/** BCS of `ContractEvent`: V1 (0) {EventKey{creation_number, address}, sequence_number, type_tag, data}, V2 (1). */
export function contractEventBcs(event: HashedEvent): Uint8Array {
  const writer = new BcsWriter();
  if (event.address === null) writer.variantIndex(1);
  else writer.variantIndex(0).u64(event.creationNumber).address(event.address).u64(event.sequenceNumber);
  writer.fixedBytes(typeTagBcs(event.typeTag));
  return writer.bytes(event.data).toBytes();
}

/**
 * The root of the accumulator over the events' hashes (`event_root_hash`): the placeholder for none, the event's hash
 * for one, else a binary tree whose internal nodes hash left ‖ right with the EventAccumulator hasher and whose
 * missing right subtrees are the placeholder.
 */
export function eventRootHash(events: readonly HashedEvent[]): Uint8Array {
  if (events.length === 0) return ACCUMULATOR_PLACEHOLDER_HASH;
  let level = events.map((event) => aptosHash('ContractEvent', contractEventBcs(event)));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] ?? ACCUMULATOR_PLACEHOLDER_HASH;
      const right = level[i + 1] ?? ACCUMULATOR_PLACEHOLDER_HASH;
      next.push(aptosHash('EventAccumulator', left, right));
    }
    level = next;
  }
  return level[0] ?? ACCUMULATOR_PLACEHOLDER_HASH;
}

/**
 * One entry of a write set: the state key (node encoding), the value written (null: deleted), and whether it existed.
 */
export interface WriteSetEntry {
  readonly stateKey: Uint8Array;
  readonly value: Uint8Array | null;
  /** Whether the key had a value before this version (Modification) or not (Creation). */
  readonly existed: boolean;
}

/**
 * `state_change_hash`: the WriteSet hasher over BCS of `WriteSet::V0` — a map sorted by the state keys' bytes, each
 * value a write op without storage metadata: Creation (0) or Modification (1) with the bytes, Deletion (2).
 */
export function stateChangeHash(entries: readonly WriteSetEntry[]): Uint8Array {
  const sorted = [...entries].sort((a, b) => Buffer.compare(a.stateKey, b.stateKey));
  const writer = new BcsWriter().variantIndex(0).uleb128(sorted.length);
  for (const entry of sorted) {
    writer.fixedBytes(entry.stateKey);
    if (entry.value === null) writer.variantIndex(2);
    else writer.variantIndex(entry.existed ? 1 : 0).bytes(entry.value);
  }
  return aptosHash('WriteSet', writer.toBytes());
}
