/**
 * BCS of TypeTag / StructTag, as in state keys (docs/node-behaviour.md §4). Variant indices:
 * bool 0, u8 1, u64 2, u128 3, address 4, signer 5, vector 6, struct 7, u16 8, u32 9, u256 10.
 * Reading enforces the node's deserialization limit: at most 8 nested vector/struct levels
 * (move-core's MAX_TYPE_TAG_NESTING), which also bounds recursion on hostile bytes.
 */
import { formatAddressAt, parseAddress } from './address.ts';
import { assertNever } from './assert-never.ts';
import type { BcsReader } from './bcs/bcs-reader.ts';
import { BcsWriter } from './bcs/bcs-writer.ts';
import { BcsError } from './codec-error.ts';
import { isIdentifier, isPrimitiveTag, type PrimitiveTypeName, type StructTag, type TypeTag } from './type-tag-core.ts';
import { quoteString } from './quote-input.ts';

/** Max nested vector/struct levels when deserializing, as the node's BCS decoder allows. */
export const MAX_BCS_TYPE_TAG_NESTING = 8;

const VARIANT_OF: Readonly<Record<PrimitiveTypeName | 'vector' | 'struct', number>> = {
  bool: 0,
  u8: 1,
  u64: 2,
  u128: 3,
  address: 4,
  signer: 5,
  vector: 6,
  struct: 7,
  u16: 8,
  u32: 9,
  u256: 10,
};

// Index = variant; undefined for the two composite variants (6, 7), handled separately.
const PRIMITIVE_OF_VARIANT: readonly (TypeTag | undefined)[] = [
  { kind: 'bool' },
  { kind: 'u8' },
  { kind: 'u64' },
  { kind: 'u128' },
  { kind: 'address' },
  { kind: 'signer' },
  undefined,
  undefined,
  { kind: 'u16' },
  { kind: 'u32' },
  { kind: 'u256' },
];

// Struct addresses are short strings; state keys repeat a handful of them (0x1 above all), so
// their 32-byte forms are memoized. Bounded so a generator writing many accounts cannot grow it.
const addressBytes = new Map<string, Uint8Array>();

function addressOf(text: string): Uint8Array {
  let bytes = addressBytes.get(text);
  if (bytes === undefined) {
    bytes = parseAddress(text);
    if (addressBytes.size >= 1024) addressBytes.clear();
    addressBytes.set(text, bytes);
  }
  return bytes;
}

/** Appends the BCS of a type tag. */
export function writeTypeTag(w: BcsWriter, tag: TypeTag): void {
  if (isPrimitiveTag(tag)) {
    w.variantIndex(VARIANT_OF[tag.kind]);
    return;
  }
  switch (tag.kind) {
    case 'vector':
      w.variantIndex(VARIANT_OF.vector);
      writeTypeTag(w, tag.element);
      return;
    case 'struct':
      w.variantIndex(VARIANT_OF.struct);
      writeStructTag(w, tag.struct);
      return;
    default:
      assertNever(tag);
  }
}

/** Appends the BCS of a struct tag: address, module, name, type arguments. */
export function writeStructTag(w: BcsWriter, tag: StructTag): void {
  w.address(addressOf(tag.address)).string(tag.module).string(tag.name).uleb128(tag.typeArgs.length);
  for (const arg of tag.typeArgs) writeTypeTag(w, arg);
}

/** BCS bytes of a struct tag (e.g. the resource part of a state key). */
export function encodeStructTag(tag: StructTag): Uint8Array {
  const w = new BcsWriter(64);
  writeStructTag(w, tag);
  return w.toBytes();
}

/** BCS bytes of a type tag. */
export function encodeTypeTag(tag: TypeTag): Uint8Array {
  const w = new BcsWriter(64);
  writeTypeTag(w, tag);
  return w.toBytes();
}

function readIdentifier(r: BcsReader, what: string): string {
  const at = r.offset;
  const text = r.string();
  if (!isIdentifier(text)) throw new BcsError(at, `${what} (a Move identifier)`, quoteString(text));
  return text;
}

function readTypeTagAt(r: BcsReader, depth: number): TypeTag {
  const at = r.offset;
  const variant = r.variantIndex();
  const primitive = PRIMITIVE_OF_VARIANT[variant];
  if (primitive !== undefined) return primitive;
  if (variant !== VARIANT_OF.vector && variant !== VARIANT_OF.struct) {
    const found = variant === 11 ? 'variant 11 (function types are not supported)' : `variant ${variant}`;
    throw new BcsError(at, 'TypeTag variant 0..10', found);
  }
  if (depth >= MAX_BCS_TYPE_TAG_NESTING) {
    throw new BcsError(at, `type tag nested at most ${MAX_BCS_TYPE_TAG_NESTING} levels`, 'a deeper vector or struct');
  }
  if (variant === VARIANT_OF.vector) return { kind: 'vector', element: readTypeTagAt(r, depth + 1) };
  return { kind: 'struct', struct: readStructTagAt(r, depth + 1) };
}

function readStructTagAt(r: BcsReader, depth: number): StructTag {
  const address = formatAddressAt(r.input, r.take(32, 'address'));
  const module = readIdentifier(r, 'module name');
  const name = readIdentifier(r, 'struct name');
  const typeArgs = r.vector((rr) => readTypeTagAt(rr, depth));
  return { address, module, name, typeArgs };
}

/** Reads a type tag (strict: unknown variants, bad identifiers and over-deep nesting throw BcsError). */
export function readTypeTag(r: BcsReader): TypeTag {
  return readTypeTagAt(r, 0);
}

/** Reads a struct tag (the form found in resource state keys). */
export function readStructTag(r: BcsReader): StructTag {
  return readStructTagAt(r, 0);
}
