/**
 * Resource group values as the node stores them (format v2): one state key per group, its value the BCS of
 * `BTreeMap<StructTag, Vec<u8>>` — a ULEB128 count, then each member's StructTag and its ULEB128-length-prefixed
 * bytes, in the canonical BCS map order (ascending by the serialized StructTag bytes).
 */
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { encodeStructTag, readStructTag, type StructTag } from '../../shared/type-tag.ts';

/** One member of a resource group: its struct tag and the member's BCS bytes. */
export interface GroupMember {
  readonly tag: StructTag;
  readonly bytes: Uint8Array;
}

/** BCS of a resource group holding `members` (sorted here into the canonical order; duplicate tags are refused). */
export function encodeResourceGroup(members: readonly GroupMember[]): Uint8Array {
  const entries = members
    .map((member) => ({ key: encodeStructTag(member.tag), bytes: member.bytes }))
    .sort((a, b) => Buffer.compare(a.key, b.key));
  const writer = new BcsWriter().uleb128(entries.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    if (previous && Buffer.compare(previous.key, entry.key) === 0) throw new Error('a resource group member repeats');
    writer.fixedBytes(entry.key).bytes(entry.bytes);
  });
  return writer.toBytes();
}

/**
 * The members of a resource group value, in stored order; throws on malformed bytes, trailing bytes, or members out
 * of the canonical order (which the node's deserializer refuses too).
 */
export function decodeResourceGroup(value: Uint8Array): GroupMember[] {
  const reader = new BcsReader(value);
  const count = reader.uleb128();
  const members: GroupMember[] = [];
  let previous: Uint8Array | undefined;
  for (let i = 0; i < count; i += 1) {
    const tag = readStructTag(reader);
    const key = encodeStructTag(tag);
    if (previous && Buffer.compare(previous, key) >= 0)
      throw new Error(`resource group members are not in canonical order (member ${i})`);
    previous = key;
    members.push({ tag, bytes: reader.bytes() });
  }
  reader.assertFinished();
  return members;
}
