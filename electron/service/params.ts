/**
 * Parsing of path and query parameters by the node's rules (docs/node-behaviour.md §1): what does not
 * parse is 400 `web_framework_error`; what parses but is refused (nesting deeper than 8,
 * `limit=0` where not allowed) is 400 `invalid_input`.
 */
import { parseAddress } from '../../shared/address.ts';
import { assertNever } from '../../shared/assert-never.ts';
import {
  isIdentifier,
  isPrimitiveTag,
  MAX_TYPE_TAG_NESTING,
  parseAbiType,
  parseStructTag,
  parseTypeTag,
  type StructTag,
  type TypeTag,
} from '../../shared/type-tag.ts';
import { readDecimal, U16_MAX, U64_MAX } from '../../shared/ledger/u64.ts';
import { hexToBytes } from '../../shared/hex.ts';
import { describeError, invalidInput, unparsable, type ApiError } from './http-errors.ts';
import { quoteInput } from '../../shared/quote-input.ts';

/** Percent-decodes one path segment; a malformed escape is 400 `web_framework_error`. */
export function decodePathSegment(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw unparsable(`invalid percent-encoding in path segment "${quoteInput(raw)}"`);
  }
}

/** Where a parameter comes from, as error messages name it. */
export type ParamKind = 'path' | 'query' | 'header';

/** Parses an address path/query parameter (with or without `0x`). */
export function parseAddressParam(text: string, name: string, kind: ParamKind = 'path'): Uint8Array {
  try {
    return parseAddress(text);
  } catch (error) {
    // The codec's message already quotes the text ("invalid address "zz": expected …").
    throw unparsable(`failed to parse ${kind} parameter "${name}": ${describeError(error)}`);
  }
}

/** Parses a decimal u64 (digits only, at most 2^64-1). */
export function parseU64(text: string, name: string, kind: ParamKind = 'path'): bigint {
  const value = readDecimal(text, U64_MAX);
  if (typeof value === 'bigint') return value;
  const problem = value === 'not_decimal' ? 'is not a decimal u64' : 'is out of range for u64';
  throw unparsable(`failed to parse ${kind} parameter "${name}": "${quoteInput(text)}" ${problem}`);
}

/** Parses a `limit` value (a query parameter) as a u16. */
export function parseU16(text: string, name: string): number {
  const value = readDecimal(text, BigInt(U16_MAX));
  if (typeof value === 'bigint') return Number(value);
  const problem = value === 'not_decimal' ? 'is not a decimal u16' : 'is out of range for u16';
  throw unparsable(`failed to parse query parameter "${name}": "${quoteInput(text)}" ${problem}`);
}

/** A page size whose default and largest value are the snapshot's node settings (declared ones are applied). */
export function pageSize(limit: number | undefined, defaultLimit: number, maxLimit: number): number {
  return Math.min(limit ?? defaultLimit, maxLimit);
}

const HASH = /^(0x)?[0-9a-fA-F]{64}$/;

/** Parses a 32-byte hex hash path parameter (with or without `0x`). */
export function parseHashParam(text: string, name: string): Uint8Array {
  if (!HASH.test(text))
    throw unparsable(`failed to parse path parameter "${name}": "${quoteInput(text)}" is not a 32-byte hex hash`);
  return hexToBytes(text.startsWith('0x') ? text : `0x${text}`);
}

/** Parses a bool query parameter as the node does (`true` or `false`). */
export function parseBoolParam(text: string, name: string): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw unparsable(`failed to parse query parameter "${name}": "${quoteInput(text)}" is not a bool`);
}

/** Checks a Move identifier (module, struct or field name) given in a path. */
export function parseIdentifierParam(text: string, name: string): string {
  if (!isIdentifier(text))
    throw unparsable(`failed to parse path parameter "${name}": "${quoteInput(text)}" is not a valid Move identifier`);
  return text;
}

/** Whether a struct tag breaks the node's nesting rule (the tag at `level`, its type arguments one below). */
function structTagTooDeep(tag: StructTag, level = 0): boolean {
  return level > MAX_TYPE_TAG_NESTING || tag.typeArgs.some((arg) => typeTagTooDeep(arg, level + 1));
}

/** Whether a type tag breaks the node's nesting rule (a vector's element and a struct's tag one level down). */
function typeTagTooDeep(tag: TypeTag, level = 0): boolean {
  if (level > MAX_TYPE_TAG_NESTING) return true;
  if (isPrimitiveTag(tag)) return false;
  switch (tag.kind) {
    case 'vector':
      return typeTagTooDeep(tag.element, level + 1);
    case 'struct':
      return structTagTooDeep(tag.struct, level + 1);
    default:
      return assertNever(tag);
  }
}

/**
 * Whether text refused by the API parser failed only on the nesting limit: it parses once the
 * limit is lifted (the ABI parser has only a stack guard) and breaks the rule.
 */
function tooDeep(text: string, asStruct: boolean): boolean {
  let tag: TypeTag;
  try {
    tag = parseAbiType(text, []);
  } catch {
    return false;
  }
  if (!asStruct) return typeTagTooDeep(tag);
  return tag.kind === 'struct' && structTagTooDeep(tag.struct);
}

/** Whether struct tag text fails only on the node's nesting limit (then 400 `invalid_input`, not unparsable). */
export function structTagTooDeepText(text: string): boolean {
  return tooDeep(text, true);
}

function nestingError(text: string): ApiError {
  return invalidInput(`type tag "${quoteInput(text)}" is nested deeper than ${MAX_TYPE_TAG_NESTING} levels`);
}

/** Parses a struct tag path parameter, raw or percent-decoded already (bad text: 400 `web_framework_error`). */
export function parseStructTagParam(text: string, name: string): StructTag {
  try {
    return parseStructTag(text);
  } catch (error) {
    if (tooDeep(text, true)) throw nestingError(text);
    throw unparsable(
      `failed to parse path parameter "${name}": invalid struct tag "${quoteInput(text)}": ${describeError(error)}`,
    );
  }
}

/** Most type tags {@link parseTypeTagInput} keeps parsed. */
const PARSED_INPUTS_LIMIT = 1024;
const parsedInputs = new Map<string, TypeTag>();

/**
 * Parses a type tag given in a request body (bad text: 400 `invalid_input`). Parsed tags are kept by text (a client
 * asks with the same few key and value types over and over; a tag is immutable), which also lets the layout and
 * printing caches keyed by the tag object find it.
 */
export function parseTypeTagInput(text: string, name: string): TypeTag {
  const known = parsedInputs.get(text);
  if (known !== undefined) return known;
  try {
    const tag = parseTypeTag(text);
    if (parsedInputs.size >= PARSED_INPUTS_LIMIT) parsedInputs.clear();
    parsedInputs.set(text, tag);
    return tag;
  } catch (error) {
    if (tooDeep(text, false)) throw nestingError(text);
    throw invalidInput(`invalid ${name} "${quoteInput(text)}": ${describeError(error)}`);
  }
}
