/**
 * The state value of a resource group (docs/snapshot-format.md), as the node stores it under one state key per
 * group: BCS `BTreeMap<StructTag, vector<u8>>` — a ULEB128 count, then per member its struct tag (address, module,
 * name, type arguments) and its bytes (ULEB128 length first). Decoded strictly, as the node's BCS does: keys
 * strictly increasing in serialized byte order (so no duplicates), no trailing bytes, valid identifiers. Shared by
 * the store's `/resources` expansion, the view logic, the generator, capture and verify.
 */
import { BcsReader } from './bcs/bcs-reader.ts';
import { BcsWriter } from './bcs/bcs-writer.ts';
import { BcsError } from './codec-error.ts';
import { encodeStructTag, readStructTag, type StructTag } from './type-tag.ts';

/** One member of a group: its type and its BCS bytes. */
export interface GroupMember {
  readonly tag: StructTag;
  readonly bytes: Uint8Array;
}

// Smallest member: address (32) + module and name (1 length byte + 1 char each) + 0 type args + 0-length bytes.
const MIN_MEMBER_SIZE = 32 + 2 + 2 + 1 + 1;

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** A decoded member with its struct tag's BCS (a view into the group's bytes). */
interface KeyedMember {
  readonly member: GroupMember;
  readonly key: Uint8Array;
}

/** The members of a group's state value with their keys, in stored order; strict as {@link decodeResourceGroup}. */
function decodeKeyedMembers(bytes: Uint8Array): KeyedMember[] {
  const r = new BcsReader(bytes);
  const count = r.count('resource group members', MIN_MEMBER_SIZE);
  const members: KeyedMember[] = [];
  let previousKey: Uint8Array | undefined;
  for (let i = 0; i < count; i += 1) {
    const start = r.offset;
    const tag = readStructTag(r);
    const key = bytes.subarray(start, r.offset);
    if (previousKey !== undefined && compareBytes(previousKey, key) >= 0) {
      throw new BcsError(start, 'group members in strictly increasing key order', 'a duplicate or out-of-order key');
    }
    previousKey = key;
    members.push({ member: { tag, bytes: r.bytes() }, key });
  }
  r.assertFinished();
  return members;
}

/** Decodes a group's state value into its members (in stored order). Throws BcsError on anything non-canonical. */
export function decodeResourceGroup(bytes: Uint8Array): GroupMember[] {
  return decodeKeyedMembers(bytes).map(({ member }) => member);
}

/** A writer reused by encodeResourceGroup (which never re-enters itself). */
const SCRATCH = new BcsWriter(1024);

/**
 * Encodes members as a group state value (canonical: sorted by serialized key; a repeated member is refused).
 * For the generator, capture and tests.
 */
export function encodeResourceGroup(members: readonly GroupMember[]): Uint8Array {
  const keyed = members.map((m) => ({ key: encodeStructTag(m.tag), bytes: m.bytes }));
  keyed.sort((a, b) => compareBytes(a.key, b.key));
  const w = SCRATCH.reset();
  w.uleb128(keyed.length);
  keyed.forEach(({ key, bytes }, i) => {
    const previous = keyed[i - 1];
    if (previous && compareBytes(previous.key, key) === 0) throw new Error('a resource group member repeats');
    w.fixedBytes(key).bytes(bytes);
  });
  return w.toBytes();
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Members in the order the node's API lists them: its `BTreeMap<StructTag, _>` iterates in StructTag order —
 * address bytes, then module and name as strings (not length-first, as their BCS is), then type arguments
 * (compared here by their BCS, which only matters for generic members, none of which the framework has).
 */
export function membersInTagOrder(members: readonly GroupMember[]): GroupMember[] {
  return sortedByTag(members.map((member) => ({ member, key: encodeStructTag(member.tag) })));
}

/**
 * {@link decodeResourceGroup} then {@link membersInTagOrder}, ordering by the tags' bytes as read from the group
 * instead of encoding them again (a transaction's changes and the `/resources` pages list every group this way).
 */
export function decodeResourceGroupInTagOrder(bytes: Uint8Array): GroupMember[] {
  return sortedByTag(decodeKeyedMembers(bytes));
}

function sortedByTag(keyed: KeyedMember[]): GroupMember[] {
  keyed.sort(
    (a, b) =>
      compareBytes(a.key.subarray(0, 32), b.key.subarray(0, 32)) ||
      compareText(a.member.tag.module, b.member.tag.module) ||
      compareText(a.member.tag.name, b.member.tag.name) ||
      compareBytes(a.key, b.key),
  );
  return keyed.map(({ member }) => member);
}
