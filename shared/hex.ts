/**
 * Hex text <-> bytes. Hot path of the decoder (`vector<u8>` values, addresses), so both directions
 * use precomputed tables and avoid per-byte allocations.
 */
import { HexError } from './codec-error.ts';
import { quoteString } from './quote-input.ts';

/** `HEX_PAIRS[b]` is the two lower-case hex digits of byte `b` (for short renderings such as error messages). */
export const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** ASCII code -> hex digit value, or -1. Indexed by char code (< 128 only). */
const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i += 1) DIGIT_VALUE[0x30 + i] = i;
for (let i = 0; i < 6; i += 1) {
  DIGIT_VALUE[0x61 + i] = 10 + i;
  DIGIT_VALUE[0x41 + i] = 10 + i;
}

/** Lower-case ASCII codes of the hex digits, for building long hex strings without concatenation. */
const DIGIT_CODE = new Uint8Array([...'0123456789abcdef'].map((c) => c.charCodeAt(0)));

// Outputs up to this many characters (addresses, hashes, small vectors) are built with
// String.fromCharCode over a reused plain array: several times faster than concatenating table
// strings, and faster than TextDecoder, whose per-call cost dominates short outputs in Node.
const APPLY_MAX_CHARS = 130;
const scratchBySize: number[][] = [];
const latin1 = new TextDecoder('latin1');

/** A reused plain array of exactly `size` slots (fromCharCode.apply takes its length). */
export function charScratch(size: number): number[] {
  let scratch = scratchBySize[size];
  if (scratch === undefined) {
    scratch = new Array<number>(size).fill(0);
    scratchBySize[size] = scratch;
  }
  return scratch;
}

/**
 * Value of the hex digit with char code `code`, or -1 when it is not a hex digit (either case).
 * Exported for the address and type-tag parsers, which share the table.
 */
export function hexDigitValue(code: number): number {
  return code < 128 ? (DIGIT_VALUE[code] ?? -1) : -1;
}

/**
 * Hex of `bytes[start..end)` with optional `0x`, dropping the first digit when it is `0` and
 * `trimFirstZero` is set (the short address form needs exactly that).
 */
export function hexOfRange(
  bytes: Uint8Array,
  start: number,
  end: number,
  prefix: boolean,
  trimFirstZero: boolean,
): string {
  const length = end - start;
  const skip = trimFirstZero && length > 0 && (bytes[start] ?? 0) < 16 ? 1 : 0;
  const offset = prefix ? 2 : 0;
  const size = offset + length * 2 - skip;
  const small = size <= APPLY_MAX_CHARS;
  const codes: number[] | Uint8Array = small ? charScratch(size) : new Uint8Array(size);
  if (prefix) {
    codes[0] = 0x30;
    codes[1] = 0x78;
  }
  let j = offset;
  let i = start;
  if (skip === 1) {
    codes[j++] = DIGIT_CODE[(bytes[i++] ?? 0) & 15] ?? 0;
  }
  for (; i < end; i += 1, j += 2) {
    const b = bytes[i] ?? 0;
    codes[j] = DIGIT_CODE[b >>> 4] ?? 0;
    codes[j + 1] = DIGIT_CODE[b & 15] ?? 0;
  }
  return small ? String.fromCharCode.apply(null, codes as number[]) : latin1.decode(codes as Uint8Array);
}

/**
 * Lower-case hex of `bytes` (of `bytes[start..end)` when given), with a `0x` prefix unless
 * `prefix` is false. Empty input gives `0x` (or `""`), as the node prints empty `vector<u8>`.
 */
export function bytesToHex(bytes: Uint8Array, prefix = true, start = 0, end = bytes.length): string {
  return hexOfRange(bytes, start, end, prefix, false);
}

/**
 * Bytes of a hex string: `0x` prefix optional (lower-case `x` only, as the node's
 * HexEncodedBytes), an even number of digits of either case. Anything else throws HexError
 * naming the position.
 */
export function hexToBytes(text: string): Uint8Array {
  const start = text.startsWith('0x') ? 2 : 0;
  const digits = text.length - start;
  if (digits % 2 !== 0) {
    throw new HexError(`hex: odd number of digits (${digits}) in ${quoteString(text)}`);
  }
  const out = new Uint8Array(digits / 2);
  for (let i = start, j = 0; i < text.length; i += 2, j += 1) {
    const hi = hexDigitValue(text.charCodeAt(i));
    const lo = hexDigitValue(text.charCodeAt(i + 1));
    if (hi < 0 || lo < 0) {
      const at = hi < 0 ? i : i + 1;
      throw new HexError(`hex: invalid digit ${JSON.stringify(text[at])} at position ${at}`);
    }
    out[j] = (hi << 4) | lo;
  }
  return out;
}
