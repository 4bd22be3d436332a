/**
 * BCS writer over a growable buffer. The snapshot generator writes millions of values, so the
 * writer appends into one Uint8Array that doubles when full (amortised O(1), no per-value arrays)
 * and can be reset and reused. Out-of-range values throw BcsError (offset = write position).
 */
import { ADDRESS_LENGTH } from '../address.ts';
import { BcsError } from '../codec-error.ts';
import { encodeUtf8Into, utf8Length } from './utf8.ts';
import { quoteString } from '../quote-input.ts';
import { U64_MAX } from '../ledger/u64.ts';

const U128_MAX = (1n << 128n) - 1n;
const U256_MAX = (1n << 256n) - 1n;
const TWO_32 = 0x1_0000_0000;

/** Appends BCS encodings; `toBytes()` returns what was written. */
export class BcsWriter {
  #buf: Uint8Array;
  /** Made when a bigint is first written: a DataView (or reading `.buffer`) moves a small array off V8's heap. */
  #view: DataView | undefined;
  #pos = 0;

  /**
   * `initialCapacity` is a hint; the buffer grows as needed. The default stays within V8's on-heap typed arrays (64
   * bytes): most writers encode one short value (a state key, an argument), and an off-heap buffer costs several
   * times as much to allocate (the generator makes hundreds of thousands).
   */
  constructor(initialCapacity = 64) {
    this.#buf = new Uint8Array(Math.max(16, initialCapacity));
  }

  #dataView(): DataView {
    this.#view ??= new DataView(this.#buf.buffer, this.#buf.byteOffset, this.#buf.byteLength);
    return this.#view;
  }

  /** Writes the low 32 bits of `v` little-endian at `at`. */
  #u32At(at: number, v: number): void {
    const buf = this.#buf;
    buf[at] = v & 0xff;
    buf[at + 1] = (v >>> 8) & 0xff;
    buf[at + 2] = (v >>> 16) & 0xff;
    buf[at + 3] = (v >>> 24) & 0xff;
  }

  /** Number of bytes written so far. */
  get length(): number {
    return this.#pos;
  }

  /** Makes room for `n` more bytes; returns the position to write them at. */
  #reserve(n: number): number {
    const pos = this.#pos;
    if (pos + n > this.#buf.length) {
      let size = this.#buf.length * 2;
      while (size < pos + n) size *= 2;
      const next = new Uint8Array(size);
      next.set(this.#buf.subarray(0, pos));
      this.#buf = next;
      this.#view = undefined;
    }
    this.#pos = pos + n;
    return pos;
  }

  #checkInt(v: number, max: number, what: string): void {
    if (!Number.isInteger(v) || v < 0 || v > max) {
      throw new BcsError(this.#pos, `${what} integer 0..${max}`, String(v));
    }
  }

  #checkBig(v: bigint | number, max: bigint, what: string): bigint {
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v)) throw new BcsError(this.#pos, `${what} safe integer or bigint`, String(v));
      v = BigInt(v);
    }
    if (v < 0n || v > max) throw new BcsError(this.#pos, `${what} 0..${max}`, String(v));
    return v;
  }

  /** One byte. */
  u8(v: number): this {
    this.#checkInt(v, 0xff, 'u8');
    const at = this.#reserve(1);
    this.#buf[at] = v;
    return this;
  }

  /** Little-endian u16. */
  u16(v: number): this {
    this.#checkInt(v, 0xffff, 'u16');
    const at = this.#reserve(2);
    this.#buf[at] = v & 0xff;
    this.#buf[at + 1] = v >>> 8;
    return this;
  }

  /** Little-endian u32. */
  u32(v: number): this {
    this.#checkInt(v, 0xffff_ffff, 'u32');
    const at = this.#reserve(4);
    this.#u32At(at, v);
    return this;
  }

  /** Little-endian u64 from a bigint or a safe integer (numbers skip the BigInt conversion). */
  u64(v: bigint | number): this {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) {
      const at = this.#reserve(8);
      this.#u32At(at, v % TWO_32);
      this.#u32At(at + 4, Math.floor(v / TWO_32));
      return this;
    }
    const big = this.#checkBig(v, U64_MAX, 'u64');
    const at = this.#reserve(8);
    this.#dataView().setBigUint64(at, big, true);
    return this;
  }

  /** Little-endian u128 (two u64 limbs). */
  u128(v: bigint | number): this {
    const big = this.#checkBig(v, U128_MAX, 'u128');
    const at = this.#reserve(16);
    const view = this.#dataView();
    view.setBigUint64(at, big & U64_MAX, true);
    view.setBigUint64(at + 8, big >> 64n, true);
    return this;
  }

  /** Little-endian u256 (four u64 limbs). */
  u256(v: bigint | number): this {
    const big = this.#checkBig(v, U256_MAX, 'u256');
    const at = this.#reserve(32);
    const view = this.#dataView();
    for (let i = 0; i < 4; i += 1) {
      view.setBigUint64(at + 8 * i, (big >> BigInt(64 * i)) & U64_MAX, true);
    }
    return this;
  }

  /** Canonical ULEB128 of 0..u32::MAX (lengths, enum tags). */
  uleb128(v: number): this {
    this.#checkInt(v, 0xffff_ffff, 'ULEB128');
    if (v < 0x80) {
      const at = this.#reserve(1);
      this.#buf[at] = v;
      return this;
    }
    // At most 5 bytes for a u32: size it, reserve once, then write.
    let n = 1;
    for (let rest = v; rest >= 0x80; rest = Math.floor(rest / 0x80)) n += 1;
    let at = this.#reserve(n);
    let rest = v;
    while (rest >= 0x80) {
      this.#buf[at++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.#buf[at] = rest;
    return this;
  }

  /** A bool as 0 or 1. */
  bool(v: boolean): this {
    const at = this.#reserve(1);
    this.#buf[at] = v ? 1 : 0;
    return this;
  }

  /** Raw bytes, no length. */
  fixedBytes(b: Uint8Array): this {
    const at = this.#reserve(b.length);
    this.#buf.set(b, at);
    return this;
  }

  /** ULEB128 length, then the bytes. */
  bytes(b: Uint8Array): this {
    return this.uleb128(b.length).fixedBytes(b);
  }

  /** ULEB128 byte length, then UTF-8. A lone surrogate (not encodable) throws BcsError. */
  string(s: string): this {
    const n = utf8Length(s);
    if (n < 0) throw new BcsError(this.#pos, 'string without lone surrogates (valid UTF-8)', quoteString(s));
    this.uleb128(n);
    const at = this.#reserve(n);
    encodeUtf8Into(s, this.#buf, at);
    return this;
  }

  /** A 32-byte address, no length. */
  address(b: Uint8Array): this {
    if (b.length !== ADDRESS_LENGTH) {
      throw new BcsError(this.#pos, `address of ${ADDRESS_LENGTH} bytes`, `${b.length} bytes`);
    }
    return this.fixedBytes(b);
  }

  /** ULEB128 count, then each item written by `writeItem`. */
  vector<T>(items: readonly T[], writeItem: (w: BcsWriter, item: T) => void): this {
    this.uleb128(items.length);
    for (const item of items) writeItem(this, item);
    return this;
  }

  /** BCS Option: tag 0 for `undefined`, else tag 1 and the item. */
  option<T>(item: T | undefined, writeItem: (w: BcsWriter, item: T) => void): this {
    if (item === undefined) return this.u8(0);
    this.u8(1);
    writeItem(this, item);
    return this;
  }

  /** Enum variant index (ULEB128). */
  variantIndex(i: number): this {
    return this.uleb128(i);
  }

  /** A copy of the bytes written so far (the writer stays usable). */
  toBytes(): Uint8Array {
    return this.#buf.slice(0, this.#pos);
  }

  /** Forgets what was written, keeping the buffer: reuse one writer across many values. */
  reset(): this {
    this.#pos = 0;
    return this;
  }
}
