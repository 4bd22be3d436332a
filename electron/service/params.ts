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
import { describeError, invalidInput, unparsable, type ApiError } from './http-errors.ts';
import { quoteInput } from '../../shared/quote-input.ts';

/** Largest u64. */
export const U64_MAX = (1n << 64n) - 1n;
/** Largest u16 (the type of every `limit` parameter). */
export const U16_MAX = 0xffff;

const DECIMAL = /^[0-9]+$/;

/** Percent-decodes one path segment; a malformed escape is 400 `web_framework_error`. */
export function decodePathSegment(raw: string): string {
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
  if (!DECIMAL.test(text))
    throw unparsable(`failed to parse ${kind} parameter "${name}": "${quoteInput(text)}" is not a decimal u64`);
  const value = BigInt(text);
  if (value > U64_MAX)
    throw unparsable(`failed to parse ${kind} parameter "${name}": "${quoteInput(text)}" is out of range for u64`);
  return value;
}

/** An optional u64 query parameter: undefined when absent. */
export function optionalU64(query: URLSearchParams, name: string): bigint | undefined {
  const text = query.get(name);
  return text === null ? undefined : parseU64(text, name, 'query');
}

/** Parses a `limit` value (a query parameter) as a u16. */
export function parseU16(text: string, name: string): number {
  if (!DECIMAL.test(text))
    throw unparsable(`failed to parse query parameter "${name}": "${quoteInput(text)}" is not a decimal u16`);
  // By value, so leading zeros are accepted as for u64s ("0000005" is 5).
  const value = BigInt(text);
  if (value > BigInt(U16_MAX))
    throw unparsable(`failed to parse query parameter "${name}": "${quoteInput(text)}" is out of range for u16`);
  return Number(value);
}

/** What `limit=0` means on an endpoint: refused (events, resources) or an empty page (summaries). */
export type ZeroLimit = 'reject' | 'empty';

/** The page size of a listing: `limit` parsed as u16, defaulted, clamped to the maximum. 0 = empty page. */
export function pageLimit(query: URLSearchParams, defaultLimit: number, maxLimit: number, zero: ZeroLimit): number {
  const text = query.get('limit');
  const limit = text === null ? defaultLimit : parseU16(text, 'limit');
  if (limit === 0) {
    if (zero === 'reject') throw invalidInput('Limit must be greater than 0');
    return 0;
  }
  return Math.min(limit, maxLimit);
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

/** Parses a type tag given in a request body (bad text: 400 `invalid_input`). */
export function parseTypeTagInput(text: string, name: string): TypeTag {
  try {
    return parseTypeTag(text);
  } catch (error) {
    if (tooDeep(text, false)) throw nestingError(text);
    throw invalidInput(`invalid ${name} "${quoteInput(text)}": ${describeError(error)}`);
  }
}
