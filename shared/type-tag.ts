/**
 * Move type tags: one import point for the data types, parsing (type-tag-parse.ts), canonical
 * printing and BCS (type-tag-bcs.ts). Split in three files only to keep each small.
 */
export {
  PRIMITIVE_TYPE_NAMES,
  formatStructTag,
  formatTypeTag,
  isIdentifier,
  isPrimitiveTag,
  isPrimitiveTypeName,
  structTag,
  structTagEquals,
  typeTagEquals,
  type PrimitiveTypeName,
  type PrimitiveTypeTag,
  type StructTag,
  type TypeTag,
} from './type-tag-core.ts';
export { MAX_TYPE_TAG_NESTING, parseAbiType, parseStructTag, parseTypeTag } from './type-tag-parse.ts';
export {
  MAX_BCS_TYPE_TAG_NESTING,
  encodeStructTag,
  encodeTypeTag,
  readStructTag,
  readTypeTag,
  writeStructTag,
  writeTypeTag,
} from './type-tag-bcs.ts';
