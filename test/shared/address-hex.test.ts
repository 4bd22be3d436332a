import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_LENGTH,
  formatAddress,
  formatAddressAt,
  formatAddressLong,
  isAddress,
  normalizeAddress,
  parseAddress,
} from '../../shared/address.ts';
import { AddressError, CodecError, HexError } from '../../shared/codec-error.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';

const ONE = (() => {
  const b = new Uint8Array(32);
  b[31] = 1;
  return b;
})();

describe('addresses (docs/node-behaviour.md §1)', () => {
  // Input: optional lower-case 0x, then 1 to 64 hex digits of either case, left-padded to 32 bytes.
  it.each([
    ['0x1', '0x1'],
    ['0x001', '0x1'],
    ['1', '0x1'],
    ['0xA550C18', '0xa550c18'],
    ['0xa550c18', '0xa550c18'],
    ['a550C18', '0xa550c18'],
    ['0x0', '0x0'],
    ['0', '0x0'],
    [`0x${'f'.repeat(64)}`, `0x${'f'.repeat(64)}`],
    [`0x${'0'.repeat(63)}1`, '0x1'],
    ['0x10', '0x10'],
  ])('accepts %s (short form %s)', (input, short) => {
    expect(isAddress(input)).toBe(true);
    expect(parseAddress(input)).toHaveLength(ADDRESS_LENGTH);
    expect(normalizeAddress(input)).toBe(short);
  });

  it('treats 0x1, 0x001 and 1 as the same address', () => {
    expect(parseAddress('0x1')).toEqual(ONE);
    expect(parseAddress('0x001')).toEqual(ONE);
    expect(parseAddress('1')).toEqual(ONE);
  });

  it.each([
    [''],
    ['0x'],
    ['0X1'],
    ['00x1'],
    ['0xzz'],
    [`0x${'1'.repeat(65)}`],
    ['1'.repeat(65)],
    [' 0x1'],
    ['0x1 '],
    ['-1'],
    ['0x+1'],
  ])('rejects %j with AddressError', (input) => {
    expect(isAddress(input)).toBe(false);
    expect(() => parseAddress(input)).toThrow(AddressError);
    expect(() => normalizeAddress(input)).toThrow(CodecError);
  });

  it('prints the short form: lower-case, leading zeros stripped, 0x0 for zero', () => {
    expect(formatAddress(ONE)).toBe('0x1');
    expect(formatAddress(new Uint8Array(32))).toBe('0x0');
    expect(formatAddress(parseAddress('0xA550C18'))).toBe('0xa550c18');
    expect(formatAddress(parseAddress('0x0100'))).toBe('0x100');
    expect(formatAddress(parseAddress('0xab00'))).toBe('0xab00');
  });

  it('prints the long form with 64 digits', () => {
    expect(formatAddressLong(ONE)).toBe(`0x${'0'.repeat(63)}1`);
  });

  it('formats in place at an offset and rejects wrong lengths', () => {
    const buf = new Uint8Array(40);
    buf.set(ONE, 5);
    expect(formatAddressAt(buf, 5)).toBe('0x1');
    expect(() => formatAddressAt(buf, 9)).toThrow(AddressError);
    expect(() => formatAddress(new Uint8Array(31))).toThrow(AddressError);
    expect(() => formatAddressLong(new Uint8Array(33))).toThrow(AddressError);
  });

  it('round-trips every 32-byte address through short and long forms (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(parseAddress(formatAddress(bytes))).toEqual(bytes);
        expect(parseAddress(formatAddressLong(bytes))).toEqual(bytes);
        expect(parseAddress(formatAddress(bytes).slice(2).toUpperCase())).toEqual(bytes);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('hex', () => {
  it('prints lower-case with 0x, or bare', () => {
    expect(bytesToHex(new Uint8Array([0, 1, 0xab, 0xff]))).toBe('0x0001abff');
    expect(bytesToHex(new Uint8Array([0, 1]), false)).toBe('0001');
    expect(bytesToHex(new Uint8Array())).toBe('0x');
    expect(bytesToHex(new Uint8Array([1, 2, 3, 4]), true, 1, 3)).toBe('0x0203');
  });

  it('prints long inputs (table path) like short ones', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const expected = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
        expect(bytesToHex(bytes)).toBe(`0x${expected}`);
        expect(bytesToHex(bytes, false)).toBe(expected);
        expect(hexToBytes(expected.toUpperCase())).toEqual(bytes);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['0x', []],
    ['', []],
    ['0x0001', [0, 1]],
    ['ABcd', [0xab, 0xcd]],
  ])('parses %j', (text, bytes) => {
    expect(Array.from(hexToBytes(text))).toEqual(bytes);
  });

  it.each([['0x1'], ['abc'], ['0X12'], ['zz'], ['0x0g'], ['0x 1']])('rejects %j with HexError', (text) => {
    expect(() => hexToBytes(text)).toThrow(HexError);
  });

  it('names the position of a bad digit', () => {
    expect(() => hexToBytes('0x00zz')).toThrow('hex: invalid digit "z" at position 4');
  });
});
