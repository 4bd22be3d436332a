import { describe, expect, it } from 'vitest';
import { formatAmount, formatBaseUnits, formatUnits } from '../../../renderer/lib/format-amount.ts';
import { littleEndianU64 } from '../../../renderer/api/queries/transaction-queries.ts';

describe('formatUnits', () => {
  it('places the decimal point exactly and drops trailing zeros', () => {
    expect(formatUnits(123456789n, 8)).toBe('1.23456789');
    expect(formatUnits('150000000', 8)).toBe('1.5');
    expect(formatUnits(1n, 8)).toBe('0.00000001');
    expect(formatUnits(0n, 8)).toBe('0');
  });

  it('keeps every digit of a u64 (no float rounding) and groups the whole part', () => {
    expect(formatUnits('18446744073709551615', 8)).toBe('184,467,440,737.09551615');
    expect(formatBaseUnits('18446744073709551615')).toBe('18,446,744,073,709,551,615');
  });

  it('handles zero decimals and negative changes', () => {
    expect(formatUnits(1234n, 0)).toBe('1,234');
    expect(formatAmount(-250000000n, 8, 'APT')).toBe('-2.5 APT');
  });
});

describe('littleEndianU64', () => {
  it('reads the BCS of a balance exactly, past 2^53', () => {
    const bytes = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    expect(littleEndianU64(bytes)).toBe(18446744073709551615n);
    expect(littleEndianU64(new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0]))).toBe(1n);
  });

  it('refuses anything but 8 bytes', () => {
    expect(() => littleEndianU64(new Uint8Array(7))).toThrow('expected the 8 bytes of a u64, got 7');
  });
});
