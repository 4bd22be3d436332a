/**
 * Strict UTF-8 for BCS strings. Move's `String` must hold valid UTF-8 (the node rejects anything
 * else), and the error has to name the byte, which `TextDecoder` cannot do, hence the validator.
 */

import { charScratch } from '../hex.ts';

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// Short ASCII strings (identifiers, keys, memos) are built with String.fromCharCode over a reused
// plain array; TextDecoder's per-call cost (a Buffer per call in Node) only pays off above this.
const SHORT_ASCII = 64;

/**
 * Decodes `bytes[start..end)` as strict UTF-8; `undefined` when it is not valid UTF-8 (then use
 * findInvalidUtf8 for the position). A leading U+FEFF is kept, as Rust's `String::from_utf8` does.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string | undefined {
  const length = end - start;
  if (length <= SHORT_ASCII) {
    const codes = charScratch(length);
    let i = 0;
    for (; i < length; i += 1) {
      const b = bytes[start + i] ?? 0;
      if (b >= 0x80) break;
      codes[i] = b;
    }
    if (i === length) return String.fromCharCode.apply(null, codes);
  }
  try {
    return strictDecoder.decode(bytes.subarray(start, end));
  } catch {
    return undefined;
  }
}

/** Is `b` a continuation byte within [lo, hi]? */
function inRange(b: number | undefined, lo: number, hi: number): boolean {
  return b !== undefined && b >= lo && b <= hi;
}

/**
 * Offset of the first byte of the first ill-formed sequence in `bytes[start..end)` (Unicode
 * table 3-7: no overlongs, no surrogates, nothing above U+10FFFF, no truncated sequences),
 * or -1 when the range is valid UTF-8.
 */
export function findInvalidUtf8(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const b1 = i + 1 < end ? bytes[i + 1] : undefined;
    const b2 = i + 2 < end ? bytes[i + 2] : undefined;
    const b3 = i + 3 < end ? bytes[i + 3] : undefined;
    let size = 0;
    if (b >= 0xc2 && b <= 0xdf) size = inRange(b1, 0x80, 0xbf) ? 2 : 0;
    else if (b === 0xe0) size = inRange(b1, 0xa0, 0xbf) && inRange(b2, 0x80, 0xbf) ? 3 : 0;
    else if (b === 0xed) size = inRange(b1, 0x80, 0x9f) && inRange(b2, 0x80, 0xbf) ? 3 : 0;
    else if (b >= 0xe1 && b <= 0xef) size = inRange(b1, 0x80, 0xbf) && inRange(b2, 0x80, 0xbf) ? 3 : 0;
    else if (b === 0xf0) size = inRange(b1, 0x90, 0xbf) && inRange(b2, 0x80, 0xbf) && inRange(b3, 0x80, 0xbf) ? 4 : 0;
    else if (b >= 0xf1 && b <= 0xf3)
      size = inRange(b1, 0x80, 0xbf) && inRange(b2, 0x80, 0xbf) && inRange(b3, 0x80, 0xbf) ? 4 : 0;
    else if (b === 0xf4) size = inRange(b1, 0x80, 0x8f) && inRange(b2, 0x80, 0xbf) && inRange(b3, 0x80, 0xbf) ? 4 : 0;
    if (size === 0) return i;
    i += size;
  }
  return -1;
}

/**
 * Number of UTF-8 bytes of `text`, or -1 when it contains a lone surrogate (not encodable as
 * UTF-8; TextEncoder would silently substitute U+FFFD, changing the value).
 */
export function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) length += 1;
    else if (c < 0x800) length += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return -1;
      length += 4;
      i += 1;
    } else if (c >= 0xdc00 && c <= 0xdfff) return -1;
    else length += 3;
  }
  return length;
}

/**
 * Writes the UTF-8 of `text` (already checked by utf8Length) into `out` at `pos`; returns the
 * position after it. Hand-rolled because `encodeInto` needs a subarray per call, which costs more
 * than the loop for the short strings Move values hold.
 */
export function encodeUtf8Into(text: string, out: Uint8Array, pos: number): number {
  let p = pos;
  for (let i = 0; i < text.length; i += 1) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[p++] = c;
    } else if (c < 0x800) {
      out[p++] = 0xc0 | (c >> 6);
      out[p++] = 0x80 | (c & 63);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
      i += 1;
      out[p++] = 0xf0 | (c >> 18);
      out[p++] = 0x80 | ((c >> 12) & 63);
      out[p++] = 0x80 | ((c >> 6) & 63);
      out[p++] = 0x80 | (c & 63);
    } else {
      out[p++] = 0xe0 | (c >> 12);
      out[p++] = 0x80 | ((c >> 6) & 63);
      out[p++] = 0x80 | (c & 63);
    }
  }
  return p;
}
