/**
 * A Move value as the node shows it (JSON out: shared/move/decode.ts) turned into the JSON the encoder takes (JSON in:
 * shared/move/encode.ts), so a captured transaction's values can be written back as BCS. The two differ in two
 * places only: an `Object<T>` is shown as `{"inner": address}` and taken as the address, and an enum is shown as
 * `{"__variant__": name, ...fields}` and taken as `{name: {...fields}}`. Anything else passes through; a value of
 * the wrong shape is left for the encoder to refuse with its path.
 */
import { assertNever } from '../../../shared/assert-never.ts';
import type { MoveFieldLayout, MoveLayout } from '../../../shared/move/layout.ts';

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldsIn(
  json: Readonly<Record<string, unknown>>,
  fields: readonly MoveFieldLayout[],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...json };
  for (const field of fields)
    if (Object.hasOwn(json, field.name)) out[field.name] = jsonIn(json[field.name], field.layout);
  return out;
}

/** The JSON-in form of `json`, a JSON-out value of `layout`. */
export function jsonIn(json: unknown, layout: MoveLayout): unknown {
  switch (layout.kind) {
    case 'bool':
    case 'u8':
    case 'u16':
    case 'u32':
    case 'u64':
    case 'u128':
    case 'u256':
    case 'address':
    case 'signer':
    case 'string':
      return json;
    case 'object':
      return isRecord(json) && typeof json.inner === 'string' ? json.inner : json;
    case 'vector':
      return Array.isArray(json) ? json.map((element: unknown) => jsonIn(element, layout.element)) : json;
    case 'option':
      return isRecord(json) && Array.isArray(json.vec)
        ? { vec: json.vec.map((element: unknown) => jsonIn(element, layout.element)) }
        : json;
    case 'struct':
      return isRecord(json) ? fieldsIn(json, layout.fields) : json;
    case 'enum': {
      if (!isRecord(json) || typeof json.__variant__ !== 'string') return json;
      const { __variant__: name, ...fields } = json;
      const variant = layout.variants.find((candidate) => candidate.name === name);
      return { [name]: variant ? fieldsIn(fields, variant.fields) : fields };
    }
    default:
      return assertNever(layout);
  }
}
