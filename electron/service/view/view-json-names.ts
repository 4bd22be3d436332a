/**
 * How the node names types and prints arguments in its view-request errors: `json_type_name` of a
 * parameter type (`string<u64>`, `string<address>`, `array<…>`, …) and Rust's `Debug` of the JSON
 * arguments (`[String("0x1"), Number(5)]`). Approximations of the node's text, close enough to read
 * the same; docs/api.md says so.
 */
import { assertNever } from '../../../shared/assert-never.ts';
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

/** Rust `Debug` of serde_json values, as the node prints the arguments it got. */
export function debugJson(value: unknown): string {
  if (value === null || value === undefined) return 'Null';
  if (typeof value === 'boolean') return `Bool(${value})`;
  if (typeof value === 'number') return `Number(${value})`;
  if (typeof value === 'string') return `String(${JSON.stringify(value)})`;
  if (Array.isArray(value)) return `[${value.map(debugJson).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${debugJson(v)}`);
    return `Object {${entries.join(', ')}}`;
  }
  return String(value);
}
