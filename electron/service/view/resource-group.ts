/**
 * The state value of a resource group: BCS `BTreeMap<StructTag, vector<u8>>` — a ULEB128 count,
 * then per member its struct tag (address, module, name, type arguments) and its bytes (ULEB128
 * length first). Decoded strictly, as the node's BCS does: keys strictly increasing in serialized
 * byte order (so no duplicates), no trailing bytes, valid identifiers.
 */
import { BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { BcsError } from '../../../shared/codec-error.ts';
import { encodeStructTag, readStructTag, type StructTag } from '../../../shared/type-tag.ts';

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

/** Decodes a group's state value into its members (in stored order). Throws BcsError on anything non-canonical. */
export function decodeResourceGroup(bytes: Uint8Array): GroupMember[] {
  const r = new BcsReader(bytes);
  const count = r.count('resource group members', MIN_MEMBER_SIZE);
  const members: GroupMember[] = [];
  let previousKey: Uint8Array | undefined;
  for (let i = 0; i < count; i += 1) {
    const start = r.offset;
    const tag = readStructTag(r);
    const key = bytes.subarray(start, r.offset);
    if (previousKey !== undefined && compareBytes(previousKey, key) >= 0) {
      throw new BcsError(start, 'group members in strictly increasing key order', 'a duplicate or out-of-order key');
    }
    previousKey = key;
    members.push({ tag, bytes: r.bytes() });
  }
  r.assertFinished();
  return members;
}

/** Encodes members as a group state value (canonical: sorted by serialized key). For generators and tests. */
export function encodeResourceGroup(members: readonly GroupMember[]): Uint8Array {
  const keyed = members.map((m) => ({ key: encodeStructTag(m.tag), bytes: m.bytes }));
  keyed.sort((a, b) => compareBytes(a.key, b.key));
  const w = new BcsWriter(256);
  w.uleb128(keyed.length);
  for (const { key, bytes } of keyed) w.fixedBytes(key).bytes(bytes);
  return w.toBytes();
}
