/**
 * How the node names types and prints arguments in its view-request errors: `json_type_name` of a
 * parameter type (`string<u64>`, `string<address>`, `array<…>`, …) and Rust's `Debug` of the JSON
 * arguments (`[String("0x1"), Number(5)]`). Approximations of the node's text, close enough to read
 * the same; docs/api.md says so.
 */
import { assertNever } from '../../../shared/assert-never.ts';
import { previewJson } from '../../../shared/json-preview.ts';
import { formatTypeTag, isPrimitiveTag, type TypeTag } from '../../../shared/type-tag.ts';

/** The JSON shape a parameter of type `tag` takes, named as the node names it. */
export function jsonTypeName(tag: TypeTag): string {
  if (isPrimitiveTag(tag)) {
    switch (tag.kind) {
      case 'u64':
      case 'u128':
      case 'u256':
      case 'address':
        return `string<${tag.kind}>`;
      case 'signer':
        return 'string<signer>';
      default:
        return tag.kind;
    }
  }
  switch (tag.kind) {
    case 'vector':
      return tag.element.kind === 'u8' ? 'string<hex>' : `array<${jsonTypeName(tag.element)}>`;
    case 'struct': {
      const s = tag.struct;
      if (s.address === '0x1' && s.module === 'string' && s.name === 'String') return 'string';
      if (s.address === '0x1' && s.module === 'object' && s.name === 'Object') return 'string<address>';
      return formatTypeTag(tag);
    }
    default:
      return assertNever(tag);
  }
}

/** Characters of the arguments a message prints: a call's few addresses fit (66 characters each), no more. */
const DEBUG_ARGUMENTS_CHARS = 300;

/**
 * Rust `Debug` of serde_json values, as the node prints the arguments it got — cut to a short prefix and walked
 * without recursion (shared/json-preview.ts), so an argument list of millions of values or nested 10,000 deep
 * is printed in constant time and stack.
 */
export function debugJson(value: unknown): string {
  return previewJson(value, 'debug', DEBUG_ARGUMENTS_CHARS);
}
