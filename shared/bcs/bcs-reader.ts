/**
 * Strict BCS reader. The node's own decoder (serde + bcs crate) rejects non-canonical ULEB128,
 * bool bytes other than 0/1, invalid UTF-8, truncated input and trailing bytes; so do we, and every
 * error is a BcsError naming the byte offset, so a bad snapshot value can be located exactly.
 */
import { ADDRESS_LENGTH } from '../address.ts';
import { BcsError } from '../codec-error.ts';
import { HEX_PAIRS } from '../hex.ts';
import { decodeUtf8, findInvalidUtf8 } from './utf8.ts';

const U32_MAX = 0xffff_ffff;

/** Renders up to 8 bytes as `0x80 0x00` for error messages. */
function showBytes(bytes: Uint8Array, start: number, end: number): string {
  const parts: string[] = [];
  for (let i = start; i < end && i < start + 8; i += 1) parts.push(`0x${HEX_PAIRS[bytes[i] ?? 0]}`);
  if (end - start > 8) parts.push('...');
  return parts.length === 0 ? 'nothing' : parts.join(' ');
}

/** Bounds of one reader, for input from a client (a request body) rather than from a trusted file. */
export interface BcsReaderLimits {
  /**
   * Elements all `vector()` calls of this reader may read together: a count that would pass it fails before its
   * first element, so a body of millions of one-byte elements is refused instead of built.
   */
  readonly maxElements?: number;
}

/** Sequential reader over one BCS-encoded input. */
export class BcsReader {
  readonly #bytes: Uint8Array;
  /** Made on the first fixed-width integer: most readers (state keys, struct tags, short values) read none. */
  #dataView: DataView | undefined;
  #pos = 0;
  #elementsLeft: number;
  readonly #maxElements: number;

  /** Reads `bytes` from offset 0. The array is not copied: do not mutate it while reading. */
  constructor(bytes: Uint8Array, limits: BcsReaderLimits = {}) {
    this.#bytes = bytes;
    this.#maxElements = limits.maxElements ?? Number.POSITIVE_INFINITY;
    this.#elementsLeft = this.#maxElements;
  }

  get #view(): DataView {
    return (this.#dataView ??= new DataView(this.#bytes.buffer, this.#bytes.byteOffset, this.#bytes.byteLength));
  }

  /** Offset of the next byte to read (also the offset reported by the next error). */
  get offset(): number {
    return this.#pos;
  }

  /** Bytes not read yet. */
  get remaining(): number {
    return this.#bytes.length - this.#pos;
  }

  /** The whole input, for zero-copy consumers of take() (decoders that format in place). */
  get input(): Uint8Array {
    return this.#bytes;
  }

  /**
   * Consumes `n` bytes and returns their start offset in `input` (no copy). `what` names the
   * value for the truncation error. Lets decoders hex/format bytes straight from the input.
   */
  take(n: number, what: string): number {
    const start = this.#pos;
    if (n > this.#bytes.length - start) {
      throw new BcsError(start, `${what} (${n} bytes)`, `end of input (${this.#bytes.length - start} bytes left)`);
    }
    this.#pos = start + n;
    return start;
  }

  /** One unsigned byte. */
  u8(): number {
    const at = this.take(1, 'u8');
    return this.#bytes[at] ?? 0;
  }

  /** Little-endian u16. */
  u16(): number {
    return this.#view.getUint16(this.take(2, 'u16'), true);
  }

  /** Little-endian u32. */
  u32(): number {
    return this.#view.getUint32(this.take(4, 'u32'), true);
  }

  /** Little-endian u64 as a bigint. */
  u64(): bigint {
    return this.#view.getBigUint64(this.take(8, 'u64'), true);
  }

  /** Little-endian u128 as a bigint (two u64 limbs). */
  u128(): bigint {
    const at = this.take(16, 'u128');
    const lo = this.#view.getBigUint64(at, true);
    const hi = this.#view.getBigUint64(at + 8, true);
    return (hi << 64n) | lo;
  }

  /** Little-endian u256 as a bigint (four u64 limbs). */
  u256(): bigint {
    const at = this.take(32, 'u256');
    const v = this.#view;
    return (
      (v.getBigUint64(at + 24, true) << 192n) |
      (v.getBigUint64(at + 16, true) << 128n) |
      (v.getBigUint64(at + 8, true) << 64n) |
      v.getBigUint64(at, true)
    );
  }

  /**
   * Canonical ULEB128 no larger than u32::MAX (what BCS uses for lengths and enum tags).
   * Rejects a redundant trailing zero byte (`0x80 0x00`) and overflow (`0xff 0xff 0xff 0xff 0x10`);
   * errors point at the first byte of the encoding.
   */
  uleb128(): number {
    const bytes = this.#bytes;
    const start = this.#pos;
    const first = bytes[start];
    if (first !== undefined && first < 0x80) {
      this.#pos = start + 1;
      return first;
    }
    let value = 0;
    let pos = start;
    for (let i = 0; i < 5; i += 1) {
      const b = bytes[pos];
      if (b === undefined) {
        throw new BcsError(pos, 'ULEB128 byte', `end of input (after ${showBytes(bytes, start, pos)})`);
      }
      pos += 1;
      if (i === 4 && b > 0x0f) {
        throw new BcsError(start, `ULEB128 at most ${U32_MAX}`, `${showBytes(bytes, start, pos)} (overflow)`);
      }
      value += (b & 0x7f) * 2 ** (7 * i);
      if (b < 0x80) {
        if (b === 0 && i > 0) {
          throw new BcsError(start, 'canonical ULEB128', `${showBytes(bytes, start, pos)} (non-canonical)`);
        }
        this.#pos = pos;
        return value;
      }
    }
    // Unreachable: a 5th byte either ends the number or is > 0x0f (rejected above).
    throw new BcsError(start, `ULEB128 at most ${U32_MAX}`, showBytes(bytes, start, pos));
  }

  /** A bool: exactly 0 or 1. */
  bool(): boolean {
    const at = this.take(1, 'bool');
    const b = this.#bytes[at] ?? 0;
    if (b > 1) throw new BcsError(at, 'bool 0 or 1', `0x${HEX_PAIRS[b]}`);
    return b === 1;
  }

  /** `n` raw bytes (a copy, safe to keep). */
  fixedBytes(n: number): Uint8Array {
    const at = this.take(n, 'bytes');
    return this.#bytes.slice(at, at + n);
  }

  /** ULEB128 length, then that many bytes (a copy). */
  bytes(): Uint8Array {
    return this.fixedBytes(this.count('bytes', 1));
  }

  /** ULEB128 length, then that many bytes of strict UTF-8. */
  string(): string {
    const n = this.count('string', 1);
    const at = this.take(n, 'string bytes');
    const text = decodeUtf8(this.#bytes, at, at + n);
    if (text !== undefined) return text;
    const bad = findInvalidUtf8(this.#bytes, at, at + n);
    throw new BcsError(bad, 'valid UTF-8', showBytes(this.#bytes, bad, Math.min(bad + 4, at + n)));
  }

  /** A 32-byte address (a copy). */
  address(): Uint8Array {
    const at = this.take(ADDRESS_LENGTH, 'address');
    return this.#bytes.slice(at, at + ADDRESS_LENGTH);
  }

  /**
   * A ULEB128 element count, checked against the bytes left: each element takes at least
   * `minElementSize` (>= 1) bytes, so a huge count in a small input fails at once instead of
   * looping or allocating (random or hostile input).
   */
  count(what: string, minElementSize: number): number {
    const start = this.#pos;
    const n = this.uleb128();
    const left = this.#bytes.length - this.#pos;
    if (n * Math.max(1, minElementSize) > left) {
      throw new BcsError(start, `${what} length fitting the ${left} bytes left`, `length ${n}`);
    }
    return n;
  }

  /**
   * ULEB128 count, then that many items read by `readItem`. `checkCount`, when given, sees the count before any item
   * is read (and may throw: a count the caller knows is wrong costs nothing more).
   */
  vector<T>(readItem: (r: BcsReader) => T, checkCount?: (count: number) => void): T[] {
    const start = this.#pos;
    const n = this.count('vector', 1);
    checkCount?.(n);
    if (n > this.#elementsLeft) {
      throw new BcsError(start, `at most ${this.#maxElements} vector elements in all`, `length ${n}`);
    }
    this.#elementsLeft -= n;
    const out = new Array<T>(n);
    for (let i = 0; i < n; i += 1) out[i] = readItem(this);
    return out;
  }

  /** BCS Option: tag byte 0 (none, `undefined`) or 1 (then the item); any other tag is an error. */
  option<T>(readItem: (r: BcsReader) => T): T | undefined {
    const at = this.take(1, 'option tag');
    const tag = this.#bytes[at] ?? 0;
    if (tag === 0) return undefined;
    if (tag !== 1) throw new BcsError(at, 'option tag 0 or 1', `0x${HEX_PAIRS[tag]}`);
    return readItem(this);
  }

  /** Enum variant index (ULEB128). */
  variantIndex(): number {
    return this.uleb128();
  }

  /** Throws unless the whole input has been read (trailing bytes are an error in BCS). */
  assertFinished(): void {
    const left = this.#bytes.length - this.#pos;
    if (left !== 0) {
      throw new BcsError(this.#pos, 'end of input', `${left} trailing byte${left === 1 ? '' : 's'}`);
    }
  }
}

/** Reads one value with `read` from the whole of `bytes`, then rejects trailing bytes. */
export function decodeBcs<T>(bytes: Uint8Array, read: (r: BcsReader) => T): T {
  const reader = new BcsReader(bytes);
  const value = read(reader);
  reader.assertFinished();
  return value;
}
