/**
 * JSON -> BCS for Move values, by the "JSON in" rules the node applies to table keys
 * (docs/node-behaviour.md §3). Also what the snapshot generator uses to write state, so it is strict
 * (a value that does not fit its type is a MoveValueError naming the path, never silently coerced).
 *
 * Big integers (u64, u128, u256) are decimal strings: digits only, no sign, no spaces, no
 * fraction. Leading zeros are accepted ("007" is 7), as the node's Rust `from_str` does; a leading
 * `+`, which Rust would also take, is refused, as our specification asks.
 */
import { parseAddress } from '../address.ts';
import { assertNever } from '../assert-never.ts';
import { BcsWriter } from '../bcs/bcs-writer.ts';
import { CodecError, MoveValueError } from '../codec-error.ts';
import { hexToBytes } from '../hex.ts';
import type { MoveFieldLayout, MoveLayout } from './layout.ts';
import { quoteInput, quoteString } from '../quote-input.ts';
import { isDecimalText } from '../ledger/u64.ts';

const MAX_BITS = { u64: 64n, u128: 128n, u256: 256n } as const;
const SMALL_MAX = { u8: 0xff, u16: 0xffff, u32: 0xffff_ffff } as const;

/** Encodes `json` as a Move value of `layout`; throws MoveValueError (with the JSON path) when it does not fit. */
export function encodeMoveValue(json: unknown, layout: MoveLayout): Uint8Array {
  // One writer reused for every value (encoding never re-enters this function): the generator encodes hundreds of
  // thousands of values, and a new buffer for each was a good part of its time.
  const w = SCRATCH.reset();
  writeMoveValue(w, json, layout);
  return w.toBytes();
}

const SCRATCH = new BcsWriter(1024);

/**
 * Appends the BCS of `json` as a value of `layout`. `path` (JSONPath-like, `$` = root) prefixes
 * error messages; callers embedding a value in a bigger document can pass their own.
 */
export function writeMoveValue(w: BcsWriter, json: unknown, layout: MoveLayout, path = '$'): void {
  write(w, json, layout, new PathStack(path));
}

/**
 * The JSON path being encoded, kept as a stack of segments and turned into text only when an
 * error is thrown: building `$.a[3].b` strings for every value would dominate the encoder's cost.
 */
class PathStack {
  readonly #root: string;
  readonly #parts: (string | number)[] = [];

  constructor(root: string) {
    this.#root = root;
  }

  push(part: string | number): void {
    this.#parts.push(part);
  }

  pop(): void {
    this.#parts.pop();
  }

  /** The path with `extra` segments appended, as text (`$.items[2].key`). */
  text(...extra: (string | number)[]): string {
    let out = this.#root;
    for (const part of [...this.#parts, ...extra]) out += typeof part === 'number' ? `[${part}]` : `.${part}`;
    return out;
  }
}

/** Short description of a JSON value for error messages (type and a bounded preview). */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'bigint') return `bigint ${value}`;
  return `${typeof value} ${typeof value === 'string' ? quoteString(value, 60) : quoteInput(String(value), 60)}`;
}

function fail(path: PathStack, expected: string, value: unknown): never {
  throw new MoveValueError(path.text(), `expected ${expected}, found ${describe(value)}`);
}

/** Re-labels an error of a codec helper (address, hex, string) with the JSON path. */
function relabel(path: PathStack, error: unknown): never {
  if (error instanceof CodecError && !(error instanceof MoveValueError))
    throw new MoveValueError(path.text(), error.message);
  throw error;
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function writeBigUint(w: BcsWriter, json: unknown, kind: 'u64' | 'u128' | 'u256', path: PathStack): void {
  if (typeof json !== 'string') fail(path, `a decimal string for ${kind} (numbers are refused)`, json);
  if (!isDecimalText(json)) fail(path, `a decimal string of digits for ${kind}`, json);
  // Up to 15 digits is below 2^53: skip BigInt for the common small values.
  if (kind === 'u64' && json.length <= 15) {
    w.u64(Number(json));
    return;
  }
  const value = BigInt(json);
  if (value >> MAX_BITS[kind] !== 0n) fail(path, `a value that fits in ${kind}`, json);
  if (kind === 'u64') w.u64(value);
  else if (kind === 'u128') w.u128(value);
  else w.u256(value);
}

function writeAddress(w: BcsWriter, json: unknown, path: PathStack): void {
  if (typeof json !== 'string') fail(path, 'an address string', json);
  let bytes: Uint8Array;
  try {
    bytes = parseAddress(json);
  } catch (error) {
    relabel(path, error);
  }
  w.fixedBytes(bytes);
}

function writeFields(
  w: BcsWriter,
  json: unknown,
  fields: readonly MoveFieldLayout[],
  path: PathStack,
  what: string,
): void {
  if (!isObject(json)) fail(path, `an object for ${what}`, json);
  for (const field of fields) {
    if (!Object.hasOwn(json, field.name))
      throw new MoveValueError(path.text(field.name), `missing field ${field.name} of ${what}`);
    path.push(field.name);
    write(w, json[field.name], field.layout, path);
    path.pop();
  }
}

function write(w: BcsWriter, json: unknown, layout: MoveLayout, path: PathStack): void {
  switch (layout.kind) {
    case 'bool':
      if (typeof json !== 'boolean') fail(path, 'a boolean', json);
      w.bool(json);
      return;
    case 'u8':
    case 'u16':
    case 'u32': {
      const max = SMALL_MAX[layout.kind];
      if (typeof json !== 'number' || !Number.isInteger(json) || json < 0 || json > max) {
        fail(path, `an integer number 0..${max} for ${layout.kind}`, json);
      }
      if (layout.kind === 'u8') w.u8(json);
      else if (layout.kind === 'u16') w.u16(json);
      else w.u32(json);
      return;
    }
    case 'u64':
    case 'u128':
    case 'u256':
      writeBigUint(w, json, layout.kind, path);
      return;
    case 'address':
    case 'signer':
    case 'object':
      // Object<T> is stored as its address; its JSON input is the address itself.
      writeAddress(w, json, path);
      return;
    case 'string':
      if (typeof json !== 'string') fail(path, 'a string', json);
      try {
        w.string(json);
      } catch (error) {
        relabel(path, error);
      }
      return;
    case 'vector':
      writeVector(w, json, layout.element, path);
      return;
    case 'option': {
      if (!isObject(json) || !Object.hasOwn(json, 'vec')) fail(path, 'an object {"vec": [...]} for Option', json);
      const vec = json.vec;
      path.push('vec');
      if (!Array.isArray(vec) || vec.length > 1) fail(path, 'an array of 0 or 1 element for Option', vec);
      w.uleb128(vec.length);
      if (vec.length === 1) {
        path.push(0);
        write(w, vec[0], layout.element, path);
        path.pop();
      }
      path.pop();
      return;
    }
    case 'struct':
      writeFields(w, json, layout.fields, path, `struct ${layout.tag.name}`);
      return;
    case 'enum': {
      if (!isObject(json)) fail(path, `an object {"Variant": {...}} for enum ${layout.tag.name}`, json);
      const keys = Object.keys(json);
      const name = keys[0];
      const index = keys.length === 1 ? layout.variants.findIndex((v) => v.name === name) : -1;
      const variant = layout.variants[index];
      if (name === undefined || variant === undefined) {
        const names = layout.variants.map((v) => v.name).join(', ');
        throw new MoveValueError(
          path.text(),
          `expected exactly one key naming a variant of ${layout.tag.name} (${names}), found keys [${keys.join(', ')}]`,
        );
      }
      w.variantIndex(index);
      path.push(name);
      writeFields(w, json[name], variant.fields, path, `variant ${layout.tag.name}::${name}`);
      path.pop();
      return;
    }
    default:
      assertNever(layout);
  }
}

function writeVector(w: BcsWriter, json: unknown, element: MoveLayout, path: PathStack): void {
  if (element.kind === 'u8') {
    if (typeof json !== 'string') fail(path, 'a hex string for vector<u8>', json);
    let bytes: Uint8Array;
    try {
      bytes = hexToBytes(json);
    } catch (error) {
      relabel(path, error);
    }
    w.bytes(bytes);
    return;
  }
  if (!Array.isArray(json)) fail(path, 'an array', json);
  w.uleb128(json.length);
  for (let i = 0; i < json.length; i += 1) {
    path.push(i);
    write(w, json[i], element, path);
    path.pop();
  }
}
