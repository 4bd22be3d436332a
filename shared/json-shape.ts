/**
 * The shape of JSON text — how deep it nests and how many values it holds — measured by one scan of the text without
 * parsing it, so a bound can be checked before `JSON.parse` builds anything and before any recursive walk (V8's
 * `JSON.stringify` overflows the stack at about 10,000 levels; a React tree far sooner). Used for request bodies
 * (electron/service/request-limits.ts) and the JSON a snapshot stores (electron/snapshot/stored-json.ts).
 */

/** Bounds of one JSON text. */
export interface JsonShapeLimits {
  /** Nesting levels of arrays and objects. */
  readonly maxDepth: number;
  /** Values (scalars, arrays, objects, members), counted as containers plus commas. */
  readonly maxValues: number;
}

/** What went past a bound first: nesting (at `offset`, a UTF-16 index) or the number of values. */
export type JsonShapeExcess =
  | { readonly kind: 'depth'; readonly limit: number; readonly offset: number }
  | { readonly kind: 'values'; readonly limit: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/**
 * Scans `text` (outside strings) and returns the first bound it passes, or undefined when it stays within both.
 * Stops at that point, so the cost is at most one pass. Whether the text is JSON at all is for `JSON.parse` to say
 * afterwards: on malformed text the counts are still a bound on what parsing it could build.
 */
export function jsonShapeExcess(text: string, limits: JsonShapeLimits): JsonShapeExcess | undefined {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth += 1;
      // A container's first element is one more value; the following ones are counted at their commas.
      values += 1;
      if (depth > limits.maxDepth) return { kind: 'depth', limit: limits.maxDepth, offset: i };
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth -= 1;
    else if (c === COMMA) values += 1;
    if (values > limits.maxValues) return { kind: 'values', limit: limits.maxValues };
  }
  return undefined;
}

/** The excess in words: `nests deeper than 130 levels (at character 176)` / `holds more than 100000 values`. */
export function describeJsonExcess(excess: JsonShapeExcess): string {
  return excess.kind === 'depth'
    ? `nests deeper than ${excess.limit} levels (at character ${excess.offset})`
    : `holds more than ${excess.limit} values`;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether `bytes` are a JSON object or array in text (what a node sends when it ignores `Accept: application/x-bcs`,
 * or an error record): the first and last non-blank bytes are `{…}` or `[…]` and the whole parses. BCS of a ledger
 * value practically never does (it would have to be valid UTF-8 JSON from its first byte to its last), so bytes
 * labelled BCS that do are refused rather than decoded as garbage.
 */
export function isJsonText(bytes: Uint8Array): boolean {
  let start = 0;
  let end = bytes.length - 1;
  while (start <= end && WHITESPACE.has(bytes[start] ?? 0)) start += 1;
  while (end >= start && WHITESPACE.has(bytes[end] ?? 0)) end -= 1;
  const first = bytes[start];
  const last = bytes[end];
  if (!((first === OPEN_OBJECT && last === CLOSE_OBJECT) || (first === OPEN_ARRAY && last === CLOSE_ARRAY))) {
    return false;
  }
  try {
    JSON.parse(UTF8.decode(bytes));
    return true;
  } catch {
    return false;
  }
}
