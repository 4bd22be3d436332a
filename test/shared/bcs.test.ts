import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BcsReader, decodeBcs } from '../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { BcsError, CodecError } from '../../shared/codec-error.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { U64_MAX } from '../../shared/ledger/u64.ts';

const U128_MAX = (1n << 128n) - 1n;
const U256_MAX = (1n << 256n) - 1n;

/** Runs `run`, expecting a BcsError; returns it for field checks. */
function bcsError(run: () => unknown): BcsError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BcsError);
    expect(error).toBeInstanceOf(CodecError);
    return error as BcsError;
  }
  throw new Error('expected a BcsError');
}

const read = (hex: string) => new BcsReader(hexToBytes(hex));

describe('BcsReader', () => {
  it('reads little-endian integers of every width', () => {
    const r = read('ff' + '3412' + '78563412' + '0100000000000080' + '01'.padEnd(32, '0') + 'ff'.repeat(32));
    expect(r.u8()).toBe(0xff);
    expect(r.u16()).toBe(0x1234);
    expect(r.u32()).toBe(0x12345678);
    expect(r.u64()).toBe(0x8000000000000001n);
    expect(r.u128()).toBe(1n);
    expect(r.u256()).toBe(U256_MAX);
    expect(r.remaining).toBe(0);
    r.assertFinished();
  });

  it('reads bool, bytes, string, address, vector, option, variant', () => {
    const r = read('01' + '00' + '020a0b' + '03616263' + '00'.repeat(31) + '01' + '020102' + '00' + '0107' + '8001');
    expect(r.bool()).toBe(true);
    expect(r.bool()).toBe(false);
    expect(Array.from(r.bytes())).toEqual([10, 11]);
    expect(r.string()).toBe('abc');
    expect(bytesToHex(r.address())).toBe(`0x${'00'.repeat(31)}01`);
    expect(r.vector((x) => x.u8())).toEqual([1, 2]);
    expect(r.option((x) => x.u8())).toBeUndefined();
    expect(r.option((x) => x.u8())).toBe(7);
    expect(r.variantIndex()).toBe(128);
    expect(r.offset).toBe(r.input.length);
  });

  it('keeps a leading U+FEFF and decodes multi-byte UTF-8', () => {
    expect(read('03efbbbf').string()).toBe('\ufeff');
    expect(read('09c3a9e282acf09f9880').string()).toBe('é€😀');
  });

  it.each([
    ['00', 0],
    ['7f', 127],
    ['8001', 128],
    ['ff7f', 16383],
    ['808001', 16384],
    ['ffffffff0f', 0xffff_ffff],
  ])('reads canonical ULEB128 %s = %d', (hex, value) => {
    const r = read(hex);
    expect(r.uleb128()).toBe(value);
    r.assertFinished();
  });
});

describe('BCS strictness (each error names offset and expectation)', () => {
  it('rejects non-canonical ULEB128 0x80 0x00', () => {
    const e = bcsError(() => read('8000').uleb128());
    expect(e.offset).toBe(0);
    expect(e.expected).toBe('canonical ULEB128');
    expect(e.message).toBe('BCS: at byte 0: expected canonical ULEB128, found 0x80 0x00 (non-canonical)');
  });

  it('rejects other redundant encodings (0xff 0x80 0x00)', () => {
    const e = bcsError(() => read('01ff8000').vector((r) => r.uleb128()));
    expect(e.offset).toBe(1);
    expect(e.expected).toBe('canonical ULEB128');
  });

  it('rejects ULEB128 above u32::MAX (0xff 0xff 0xff 0xff 0x10)', () => {
    const e = bcsError(() => read('ffffffff10').uleb128());
    expect(e.offset).toBe(0);
    expect(e.expected).toBe('ULEB128 at most 4294967295');
    expect(e.message).toBe(
      'BCS: at byte 0: expected ULEB128 at most 4294967295, found 0xff 0xff 0xff 0xff 0x10 (overflow)',
    );
    expect(bcsError(() => read('ffffffff8001').uleb128()).expected).toBe('ULEB128 at most 4294967295');
  });

  it('rejects a truncated ULEB128', () => {
    const e = bcsError(() => read('0180').vector((r) => r.uleb128()));
    expect(e.offset).toBe(2);
    expect(e.expected).toBe('ULEB128 byte');
    expect(bcsError(() => read('80').uleb128()).message).toBe(
      'BCS: at byte 1: expected ULEB128 byte, found end of input (after 0x80)',
    );
  });

  it('rejects bool 0x02', () => {
    const e = bcsError(() => read('0102').vector((r) => r.bool()));
    expect(e.offset).toBe(1);
    expect(e.expected).toBe('bool 0 or 1');
    expect(e.message).toBe('BCS: at byte 1: expected bool 0 or 1, found 0x02');
  });

  it('rejects option tag 0x02', () => {
    const e = bcsError(() => read('02').option((r) => r.u8()));
    expect(e.offset).toBe(0);
    expect(e.expected).toBe('option tag 0 or 1');
    expect(e.message).toBe('BCS: at byte 0: expected option tag 0 or 1, found 0x02');
  });

  it('rejects invalid UTF-8 0xc3 0x28', () => {
    const e = bcsError(() => read('02c328').string());
    expect(e.offset).toBe(1);
    expect(e.expected).toBe('valid UTF-8');
    expect(e.message).toBe('BCS: at byte 1: expected valid UTF-8, found 0xc3 0x28');
  });

  it.each([
    ['overlong', '02c0af', 1],
    ['surrogate', '03eda080', 1],
    ['above U+10FFFF', '04f4908080', 1],
    ['truncated sequence', '02e282', 1],
    ['after ASCII', '0361e282', 2],
    ['lone continuation (long string)', `28${'61'.repeat(39)}80`, 40],
  ])('rejects invalid UTF-8 (%s)', (_name, hex, offset) => {
    const e = bcsError(() => read(hex).string());
    expect(e.offset).toBe(offset);
    expect(e.expected).toBe('valid UTF-8');
  });

  it('rejects truncated input', () => {
    const e = bcsError(() => read('0102').u64());
    expect(e.offset).toBe(0);
    expect(e.expected).toBe('u64 (8 bytes)');
    expect(e.message).toBe('BCS: at byte 0: expected u64 (8 bytes), found end of input (2 bytes left)');
    expect(bcsError(() => read('').u8()).expected).toBe('u8 (1 bytes)');
    expect(bcsError(() => read('00'.repeat(31)).address()).expected).toBe('address (32 bytes)');
    // A string whose length exceeds the input fails at its length prefix.
    const s = bcsError(() => read('0461').string());
    expect(s.offset).toBe(0);
    expect(s.expected).toBe('string length fitting the 1 bytes left');
  });

  it('rejects lengths that cannot fit the remaining input before allocating', () => {
    const e = bcsError(() => read('ffffffff0f00').vector((r) => r.u8()));
    expect(e.offset).toBe(0);
    expect(e.message).toBe('BCS: at byte 0: expected vector length fitting the 1 bytes left, found length 4294967295');
    expect(bcsError(() => read('0300').bytes()).offset).toBe(0);
  });

  it('rejects trailing bytes', () => {
    const e = bcsError(() => decodeBcs(hexToBytes('0100'), (r) => r.bool()));
    expect(e.offset).toBe(1);
    expect(e.expected).toBe('end of input');
    expect(e.message).toBe('BCS: at byte 1: expected end of input, found 1 trailing byte');
    expect(decodeBcs(hexToBytes('01'), (r) => r.bool())).toBe(true);
  });

  it('reads from a subarray at its own offsets', () => {
    const whole = hexToBytes('ff0102ff');
    const r = new BcsReader(whole.subarray(1, 3));
    expect(r.u16()).toBe(0x0201);
    r.assertFinished();
  });
});

describe('BcsWriter', () => {
  it('writes every kind', () => {
    const w = new BcsWriter(1)
      .u8(0xff)
      .u16(0x1234)
      .u32(0x12345678)
      .u64(0x8000000000000001n)
      .u64(5)
      .u128(1n)
      .u256(U256_MAX)
      .uleb128(128)
      .bool(true)
      .fixedBytes(new Uint8Array([9]))
      .bytes(new Uint8Array([1, 2]))
      .string('é')
      .address(new Uint8Array(32))
      .vector([1, 2], (x, v) => x.u8(v))
      .option(undefined, (x, v: number) => x.u8(v))
      .option(7, (x, v) => x.u8(v))
      .variantIndex(3);
    expect(bytesToHex(w.toBytes(), false)).toBe(
      'ff' +
        '3412' +
        '78563412' +
        '0100000000000080' +
        '0500000000000000' +
        '01'.padEnd(32, '0') +
        'ff'.repeat(32) +
        '8001' +
        '01' +
        '09' +
        '020102' +
        '02c3a9' +
        '00'.repeat(32) +
        '020102' +
        '00' +
        '0107' +
        '03',
    );
    expect(w.length).toBe(w.toBytes().length);
    expect(w.reset().length).toBe(0);
  });

  it('writes the top bits of u16, u32 and a safe-integer u64 byte by byte, across growth and bigints', () => {
    // The number paths write bytes themselves (no DataView): each byte of the largest values must land.
    const w = new BcsWriter(16)
      .u16(0xfedc)
      .u32(0xfedcba98)
      .u64(Number.MAX_SAFE_INTEGER)
      .u64(2 ** 32 + 1);
    w.u128(2n ** 127n)
      .u32(0x80000001)
      .u64(0xffffffff);
    expect(bytesToHex(w.toBytes(), false)).toBe(
      'dcfe' +
        '98badcfe' +
        'ffffffffffff1f00' +
        '0100000001000000' +
        '00'.repeat(15) +
        '80' +
        '01000080' +
        'ffffffff00000000',
    );
    const r = new BcsReader(w.toBytes());
    expect([r.u16(), r.u32(), r.u64(), r.u64()]).toEqual([0xfedc, 0xfedcba98, 2n ** 53n - 1n, 2n ** 32n + 1n]);
  });

  it('grows its buffer across many writes', () => {
    const w = new BcsWriter(16);
    for (let i = 0; i < 10_000; i += 1) w.u32(i);
    const r = new BcsReader(w.toBytes());
    for (let i = 0; i < 10_000; i += 1) expect(r.u32()).toBe(i);
  });

  it('writes fixed-width integers into the grown buffer, not the one it replaced', () => {
    const w = new BcsWriter(16).u64(1n);
    w.fixedBytes(new Uint8Array(40).fill(0xaa)).u16(0x0102).u64(0x0304n);
    expect(bytesToHex(w.toBytes().subarray(48))).toBe('0x02010403000000000000');
  });

  it.each([
    ['u8 256', (w: BcsWriter) => w.u8(256), 'u8 integer 0..255'],
    ['u8 -1', (w: BcsWriter) => w.u8(-1), 'u8 integer 0..255'],
    ['u8 1.5', (w: BcsWriter) => w.u8(1.5), 'u8 integer 0..255'],
    ['u16 65536', (w: BcsWriter) => w.u16(65536), 'u16 integer 0..65535'],
    ['u32 2^32', (w: BcsWriter) => w.u32(2 ** 32), 'u32 integer 0..4294967295'],
    ['u64 -1', (w: BcsWriter) => w.u64(-1n), `u64 0..${U64_MAX}`],
    ['u64 2^64', (w: BcsWriter) => w.u64(U64_MAX + 1n), `u64 0..${U64_MAX}`],
    ['u64 unsafe number', (w: BcsWriter) => w.u64(2 ** 60), 'u64 safe integer or bigint'],
    ['u128 2^128', (w: BcsWriter) => w.u128(U128_MAX + 1n), `u128 0..${U128_MAX}`],
    ['u256 2^256', (w: BcsWriter) => w.u256(U256_MAX + 1n), `u256 0..${U256_MAX}`],
    ['uleb128 2^32', (w: BcsWriter) => w.uleb128(2 ** 32), 'ULEB128 integer 0..4294967295'],
    ['address of 31 bytes', (w: BcsWriter) => w.address(new Uint8Array(31)), 'address of 32 bytes'],
    ['lone surrogate', (w: BcsWriter) => w.string('a\ud800'), 'string without lone surrogates (valid UTF-8)'],
  ])('rejects %s', (_name, write, expected) => {
    const w = new BcsWriter().u8(1);
    const e = bcsError(() => write(w));
    expect(e.offset).toBe(1);
    expect(e.expected).toBe(expected);
  });
});

describe('integer round trips at the edges (properties)', () => {
  const edge = (max: bigint) =>
    fc.oneof(
      fc
        .constantFrom(
          0n,
          1n,
          max,
          max - 1n,
          max >> 1n,
          (max >> 1n) + 1n,
          (1n << 53n) - 1n,
          1n << 53n,
          0xffff_ffffn,
          0x1_0000_0000n,
        )
        .filter((v) => v <= max),
      fc.bigInt({ min: 0n, max }),
    );
  const smallEdge = (max: number) =>
    fc.oneof(
      fc.constantFrom(0, 1, max, max - 1, 127, 128, 255, 256).filter((v) => v <= max),
      fc.integer({ min: 0, max }),
    );
  const run = { numRuns: 1000 };

  it('u8, u16, u32', () => {
    fc.assert(
      fc.property(smallEdge(0xff), smallEdge(0xffff), smallEdge(0xffff_ffff), (a, b, c) => {
        const r = new BcsReader(new BcsWriter().u8(a).u16(b).u32(c).toBytes());
        expect([r.u8(), r.u16(), r.u32()]).toEqual([a, b, c]);
        r.assertFinished();
      }),
      run,
    );
  });

  it('u64 (bigint and safe-number inputs), u128, u256', () => {
    fc.assert(
      fc.property(edge(U64_MAX), edge(U128_MAX), edge(U256_MAX), (a, b, c) => {
        const w = new BcsWriter().u64(a).u128(b).u256(c);
        if (a <= BigInt(Number.MAX_SAFE_INTEGER)) w.u64(Number(a));
        const r = new BcsReader(w.toBytes());
        expect(r.u64()).toBe(a);
        expect(r.u128()).toBe(b);
        expect(r.u256()).toBe(c);
        if (a <= BigInt(Number.MAX_SAFE_INTEGER)) expect(r.u64()).toBe(a);
        r.assertFinished();
      }),
      run,
    );
  });

  it('ULEB128: minimal length, round trip, and every padded form rejected', () => {
    const ulebEdge = fc.oneof(
      fc.constantFrom(0, 127, 128, 16383, 16384, 2 ** 21 - 1, 2 ** 21, 2 ** 28 - 1, 2 ** 28, 2 ** 32 - 1),
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    );
    fc.assert(
      fc.property(ulebEdge, (v) => {
        const bytes = new BcsWriter().uleb128(v).toBytes();
        const minimal = v === 0 ? 1 : Math.ceil(Math.log2(v + 1) / 7);
        expect(bytes.length).toBe(minimal);
        expect(decodeBcs(bytes, (r) => r.uleb128())).toBe(v);
        if (bytes.length < 5) {
          // Same value with a redundant continuation + zero byte: non-canonical.
          const padded = new Uint8Array([...bytes.slice(0, -1), (bytes.at(-1) ?? 0) | 0x80, 0]);
          expect(bcsError(() => decodeBcs(padded, (r) => r.uleb128())).expected).toBe('canonical ULEB128');
        }
      }),
      run,
    );
  });
});
