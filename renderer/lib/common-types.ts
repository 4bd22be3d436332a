/**
 * Type tags offered in type fields (the inspector's "decode as", a table's key and value types)
 * when nothing else is known about the bytes.
 */

/** Primitive and framework types offered when nothing else is known. */
export const COMMON_TYPES: readonly string[] = [
  'u8',
  'u16',
  'u32',
  'u64',
  'u128',
  'u256',
  'bool',
  'address',
  'vector<u8>',
  '0x1::string::String',
];
