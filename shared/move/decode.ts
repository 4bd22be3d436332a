/**
 * BCS -> JSON for Move values, by the node's rules (docs/node-behaviour.md §3): u8..u32 as numbers,
 * u64..u256 as decimal strings, addresses short, `vector<u8>` as `0x` hex, String as text, Option
 * as `{"vec": [...]}`, Object as `{"inner": address}`, structs with keys sorted by name, enums as
 * `{"__variant__": name, ...fields}`. Strict: malformed bytes and trailing bytes throw BcsError.
 */
import { assertNever } from '../assert-never.ts';
import { BcsReader, decodeBcs } from '../bcs/bcs-reader.ts';
import { BcsError } from '../codec-error.ts';
import { formatStructTag } from '../type-tag.ts';
import { buildObject, decoderFor, minSize, objectPlan, VARIANT_KEY, type ObjectPlan } from './decoders.ts';
import type { MoveFieldLayout, MoveLayout } from './layout.ts';
import type { MoveJson } from './move-json.ts';

/**
 * Where one node of the decoded JSON came from: its path from the root (object keys and array
 * indices; `[]` for the root) and its bytes `[start, end)` in the input. For a hex/byte viewer.
 */
export interface ValueSpan {
  readonly path: readonly (string | number)[];
  readonly start: number;
  readonly end: number;
}

/** Decodes a whole input as one value of `layout` (trailing bytes are an error). */
export function decodeMoveValue(bytes: Uint8Array, layout: MoveLayout): MoveJson {
  return decodeBcs(bytes, decoderFor(layout));
}

/** Reads one value of `layout` from `r`, for decoders of larger structures (events, listings). */
export function readMoveValue(r: BcsReader, layout: MoveLayout): MoveJson {
  return decoderFor(layout)(r);
}

/**
 * Like decodeMoveValue, plus one span per JSON node in pre-order (parent before children,
 * children in BCS order). `{"vec": [v]}` has nodes for the object, `["vec"]` and `["vec", 0]`;
 * an enum has a node `["__variant__"]` for its tag bytes. Slower than decodeMoveValue: use it for
 * inspection, not for serving.
 */
export function decodeMoveValueWithSpans(
  bytes: Uint8Array,
  layout: MoveLayout,
): { readonly value: MoveJson; readonly spans: readonly ValueSpan[] } {
  const r = new BcsReader(bytes);
  const spans: ValueSpan[] = [];
  const value = readSpanned(r, layout, [], spans);
  r.assertFinished();
  return { value, spans };
}

interface MutableSpan {
  readonly path: readonly (string | number)[];
  readonly start: number;
  end: number;
}

// Plans for the spanned path are cached separately from the compiled decoders (same content),
// one map per kind so a fields list shared by a struct and a variant gets the right plan.
const structPlans = new WeakMap<readonly MoveFieldLayout[], ObjectPlan>();
const variantPlans = new WeakMap<readonly MoveFieldLayout[], ObjectPlan>();
const ADDRESS_LAYOUT: MoveLayout = { kind: 'address' };

function planFor(fields: readonly MoveFieldLayout[], withVariant: boolean): ObjectPlan {
  const plans = withVariant ? variantPlans : structPlans;
  let plan = plans.get(fields);
  if (plan === undefined) {
    plan = objectPlan(fields, withVariant);
    plans.set(fields, plan);
  }
  return plan;
}

/** Records a span around `read()`: pushed first (pre-order), its end filled in afterwards. */
function spanned<T>(r: BcsReader, path: readonly (string | number)[], spans: ValueSpan[], read: () => T): T {
  const span: MutableSpan = { path, start: r.offset, end: r.offset };
  spans.push(span);
  const value = read();
  span.end = r.offset;
  return value;
}

function readFields(
  r: BcsReader,
  fields: readonly MoveFieldLayout[],
  path: readonly (string | number)[],
  spans: ValueSpan[],
): MoveJson[] {
  return fields.map((field) => readSpanned(r, field.layout, [...path, field.name], spans));
}

function readSpanned(
  r: BcsReader,
  layout: MoveLayout,
  path: readonly (string | number)[],
  spans: ValueSpan[],
): MoveJson {
  return spanned(r, path, spans, (): MoveJson => {
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
        return decoderFor(layout)(r);
      case 'object': {
        const inner = spanned(r, [...path, 'inner'], spans, () => decoderFor(ADDRESS_LAYOUT)(r));
        return { inner };
      }
      case 'option': {
        const vec = spanned(r, [...path, 'vec'], spans, () => {
          const value = r.option(() => readSpanned(r, layout.element, [...path, 'vec', 0], spans));
          return value === undefined ? [] : [value];
        });
        return { vec };
      }
      case 'vector': {
        if (layout.element.kind === 'u8') return decoderFor(layout)(r);
        const n = r.count('vector', minSize(layout.element));
        const out = new Array<MoveJson>(n);
        for (let i = 0; i < n; i += 1) out[i] = readSpanned(r, layout.element, [...path, i], spans);
        return out;
      }
      case 'struct':
        return buildObject(planFor(layout.fields, false), readFields(r, layout.fields, path, spans), '');
      case 'enum': {
        const at = r.offset;
        const index = spanned(r, [...path, VARIANT_KEY], spans, () => r.variantIndex());
        const variant = layout.variants[index];
        if (variant === undefined) {
          throw new BcsError(
            at,
            `variant index below ${layout.variants.length} for ${formatStructTag(layout.tag)}`,
            `${index}`,
          );
        }
        return buildObject(planFor(variant.fields, true), readFields(r, variant.fields, path, spans), variant.name);
      }
      default:
        return assertNever(layout);
    }
  });
}
