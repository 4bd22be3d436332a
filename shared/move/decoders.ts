/**
 * The decoder's fast path: each layout is compiled once into a closure tree (cached per layout
 * object), so decoding a value is straight calls with no dispatch on `kind` and struct keys
 * pre-sorted. The service decodes resources on every request; this is where the time goes.
 */
import { formatAddressAt } from '../address.ts';
import { assertNever } from '../assert-never.ts';
import type { BcsReader } from '../bcs/bcs-reader.ts';
import { BcsError } from '../codec-error.ts';
import { bytesToHex } from '../hex.ts';
import { formatStructTag } from '../type-tag.ts';
import type { MoveFieldLayout, MoveLayout } from './layout.ts';
import type { MoveJson } from './move-json.ts';

/** Reads one value of a fixed layout. */
export type Decoder = (r: BcsReader) => MoveJson;

/** The JSON key under which enum values carry their variant name (as the node renders them). */
export const VARIANT_KEY = '__variant__';

const TWO_32 = 0x1_0000_0000;
// Below 2^21 for the high word, hi * 2^32 + lo stays under 2^53: exact as a double.
const SAFE_HI = 0x20_0000;

/** Little-endian u32 at `at` (bounds already checked by take()). */
function u32At(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>> 0;
}

/**
 * Decimal text of the unsigned little-endian integer of `words` u32 words at `at`. Values that fit
 * in 53 bits (most balances, counters, timestamps) avoid BigInt entirely.
 */
function uintText(b: Uint8Array, at: number, words: number): string {
  let top = words - 1;
  while (top > 1 && u32At(b, at + 4 * top) === 0) top -= 1;
  const lo = u32At(b, at);
  const hi = top >= 1 ? u32At(b, at + 4) : 0;
  if (top <= 1 && hi < SAFE_HI) return String(hi * TWO_32 + lo);
  let value = 0n;
  for (let i = top; i >= 0; i -= 1) value = (value << 32n) | BigInt(u32At(b, at + 4 * i));
  return value.toString();
}

/**
 * Smallest BCS size of a value of `layout`, used to reject vector lengths that cannot fit in the
 * remaining input before allocating anything.
 */
export function minSize(layout: MoveLayout): number {
  switch (layout.kind) {
    case 'bool':
    case 'u8':
    case 'vector':
    case 'string':
    case 'option':
    case 'enum':
      return 1;
    case 'u16':
      return 2;
    case 'u32':
      return 4;
    case 'u64':
      return 8;
    case 'u128':
      return 16;
    case 'u256':
    case 'address':
    case 'signer':
    case 'object':
      return 32;
    case 'struct': {
      let total = 0;
      for (const field of layout.fields) total += minSize(field.layout);
      return total;
    }
    default:
      return assertNever(layout);
  }
}

/**
 * How to turn field values read in declaration order into a JSON object with keys sorted by
 * name (the node's BTreeMap order; for enums `__variant__` is sorted along with the fields).
 */
export interface ObjectPlan {
  /** Keys in output (sorted) order. */
  readonly keys: readonly string[];
  /** For each output key, the index of its value in declaration order; -1 for `__variant__`. */
  readonly source: readonly number[];
}

/** Builds the sorted-key plan for `fields` (plus `__variant__` when `withVariant`). */
export function objectPlan(fields: readonly MoveFieldLayout[], withVariant: boolean): ObjectPlan {
  const entries = fields.map((f, i) => [f.name, i] as const);
  if (withVariant) entries.push([VARIANT_KEY, -1]);
  // Plain code-unit order = byte order for the ASCII identifiers Move allows (not localeCompare).
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { keys: entries.map((e) => e[0]), source: entries.map((e) => e[1]) };
}

/**
 * Creates the output object. `__proto__` is a valid Move identifier; plain assignment would set
 * the prototype instead of a key, so that one name is defined explicitly.
 */
export function buildObject(
  plan: ObjectPlan,
  values: readonly MoveJson[],
  variant: string,
): { [key: string]: MoveJson } {
  const out: { [key: string]: MoveJson } = {};
  for (let i = 0; i < plan.keys.length; i += 1) {
    const key = plan.keys[i] ?? '';
    const from = plan.source[i] ?? -1;
    const value = from < 0 ? variant : (values[from] ?? null);
    if (key === '__proto__')
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}

const compiled = new WeakMap<MoveLayout, Decoder>();

/** The compiled decoder of `layout` (built on first use, then cached on the layout object). */
export function decoderFor(layout: MoveLayout): Decoder {
  let decoder = compiled.get(layout);
  if (decoder === undefined) {
    decoder = compile(layout);
    compiled.set(layout, decoder);
  }
  return decoder;
}

const readAddress: Decoder = (r) => formatAddressAt(r.input, r.take(32, 'address'));

function compile(layout: MoveLayout): Decoder {
  switch (layout.kind) {
    case 'bool':
      return (r) => r.bool();
    case 'u8':
      return (r) => r.u8();
    case 'u16':
      return (r) => r.u16();
    case 'u32':
      return (r) => r.u32();
    case 'u64':
      return (r) => uintText(r.input, r.take(8, 'u64'), 2);
    case 'u128':
      return (r) => uintText(r.input, r.take(16, 'u128'), 4);
    case 'u256':
      return (r) => uintText(r.input, r.take(32, 'u256'), 8);
    case 'address':
    case 'signer':
      return readAddress;
    case 'string':
      return (r) => r.string();
    case 'object':
      return (r) => ({ inner: readAddress(r) });
    case 'option': {
      const element = decoderFor(layout.element);
      return (r) => {
        const value = r.option(element);
        return { vec: value === undefined ? [] : [value] };
      };
    }
    case 'vector':
      return compileVector(layout.element);
    case 'struct':
      return compileStruct(layout.fields);
    case 'enum':
      return compileEnum(layout);
    default:
      return assertNever(layout);
  }
}

function compileVector(element: MoveLayout): Decoder {
  if (element.kind === 'u8') {
    return (r) => {
      const n = r.count('vector<u8>', 1);
      const at = r.take(n, 'vector<u8> bytes');
      return bytesToHex(r.input, true, at, at + n);
    };
  }
  const read = decoderFor(element);
  const size = minSize(element);
  return (r) => {
    const n = r.count('vector', size);
    const out = new Array<MoveJson>(n);
    for (let i = 0; i < n; i += 1) out[i] = read(r);
    return out;
  };
}

function isSorted(fields: readonly MoveFieldLayout[]): boolean {
  for (let i = 1; i < fields.length; i += 1) {
    if ((fields[i - 1]?.name ?? '') >= (fields[i]?.name ?? '')) return false;
  }
  return true;
}

function compileStruct(fields: readonly MoveFieldLayout[]): Decoder {
  const names = fields.map((f) => f.name);
  const reads = fields.map((f) => decoderFor(f.layout));
  const n = reads.length;
  if (names.includes('__proto__')) {
    // Rare: a field that plain assignment would turn into a prototype change.
    const plan = objectPlan(fields, false);
    return (r) =>
      buildObject(
        plan,
        reads.map((read) => read(r)),
        '',
      );
  }
  if (isSorted(fields)) {
    // Declaration order is already the output order: fill the object while reading.
    return (r) => {
      const out: { [key: string]: MoveJson } = {};
      for (let i = 0; i < n; i += 1) out[names[i] ?? ''] = (reads[i] as Decoder)(r);
      return out;
    };
  }
  // Otherwise clone a template whose keys are already in sorted order (insertion order is
  // output order), then fill it in declaration order: no intermediate array per value.
  const template: { [key: string]: MoveJson } = {};
  for (const key of objectPlan(fields, false).keys) template[key] = null;
  return (r) => {
    const out = { ...template };
    for (let i = 0; i < n; i += 1) out[names[i] ?? ''] = (reads[i] as Decoder)(r);
    return out;
  };
}

function compileEnum(layout: Extract<MoveLayout, { kind: 'enum' }>): Decoder {
  const variants = layout.variants.map((v) => ({
    name: v.name,
    reads: v.fields.map((f) => decoderFor(f.layout)),
    plan: objectPlan(v.fields, true),
  }));
  const expected = `variant index below ${variants.length} for ${formatStructTag(layout.tag)}`;
  return (r) => {
    const at = r.offset;
    const index = r.variantIndex();
    const variant = variants[index];
    if (variant === undefined) throw new BcsError(at, expected, `${index}`);
    const values = variant.reads.map((read) => read(r));
    return buildObject(variant.plan, values, variant.name);
  };
}
