/**
 * The ledger's unsigned integers, once for every layer: the u64 bounds, and reading decimal text (a
 * version, a height, a sequence number, a page size) by the node's rules — ASCII digits only, leading
 * zeros allowed, bounded by the type's largest value. The service turns the verdicts into its error
 * records (electron/service/params.ts); the renderer tells a version from other search text with it.
 */

/** Largest u64 (2^64 - 1). */
export const U64_MAX = (1n << 64n) - 1n;
/** Largest u64, as the JSON API writes it (u64s travel as decimal strings). */
export const U64_MAX_TEXT = '18446744073709551615';
/** Largest u16 (the type of every `limit` parameter). */
export const U16_MAX = 0xffff;

const DECIMAL = /^[0-9]+$/;

/**
 * Whether `text` is decimal digits only (ASCII, any length): a number whose bound is checked apart (a CLI option's
 * range, a u128, a header's seconds) or none.
 */
export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text);
}

/** Why decimal text is not a value of the type: not digits, or above the largest value. */
export type DecimalProblem = 'not_decimal' | 'out_of_range';

/** Reads decimal text bounded by `max`: the value, or why it is not one. */
export function readDecimal(text: string, max: bigint): bigint | DecimalProblem {
  if (!DECIMAL.test(text)) return 'not_decimal';
  // By value, so leading zeros are accepted ("0000005" is 5), as the node accepts them.
  const value = BigInt(text);
  return value > max ? 'out_of_range' : value;
}

/** The u64 that decimal text names, or undefined when it is not one. */
export function decimalU64(text: string): bigint | undefined {
  const value = readDecimal(text, U64_MAX);
  return typeof value === 'bigint' ? value : undefined;
}

/**
 * Whether `text` is a decimal u64 as the JSON API writes one (digits, at most {@link U64_MAX}), without making a
 * bigint: the reply schemas check every u64 of a reply with it (shared/api/wire/scalars.ts).
 */
export function isU64Text(text: string): boolean {
  if (!DECIMAL.test(text)) return false;
  let start = 0;
  while (start < text.length - 1 && text.charCodeAt(start) === 48) start += 1;
  const digits = text.length - start;
  if (digits !== U64_MAX_TEXT.length) return digits < U64_MAX_TEXT.length;
  // Same length: decimal order is text order.
  return text.slice(start) <= U64_MAX_TEXT;
}

/** Whether a bigint fits a u64. */
export function isU64(value: bigint): boolean {
  return value >= 0n && value <= U64_MAX;
}
