/**
 * The one home of the APT store rules (renderer/lib/apt.ts), read by the header's balance from resources, the
 * Activity tab's APT column and a transaction's APT lines: a coin store's value, a fungible store's balance with its
 * concurrent fallback, and whether a store holds APT, on the node's JSON of those resources.
 */
import { describe, expect, it } from 'vitest';
import { coinStoreValue, fungibleStoreBalance, isAptFungibleStore, u64Of } from '../../../renderer/lib/apt.ts';

describe('APT store rules', () => {
  it("read a coin store's value and a u64 written as text or as an aggregator", () => {
    expect(coinStoreValue({ coin: { value: '123' }, frozen: false })).toBe(123n);
    expect(coinStoreValue(null)).toBe(0n);
    expect(u64Of('18446744073709551615')).toBe(18446744073709551615n);
    expect(u64Of({ value: '7', max_value: '18446744073709551615' })).toBe(7n);
    expect(u64Of(12)).toBe(0n);
  });

  it("take a fungible store's balance, or its concurrent balance when that is 0", () => {
    const store = (balance: string) => ({ balance, frozen: false, metadata: { inner: '0xa' } });
    const concurrent = { balance: { value: '900', max_value: '18446744073709551615' } };
    expect(fungibleStoreBalance(store('50'), concurrent)).toBe(50n);
    expect(fungibleStoreBalance(store('0'), concurrent)).toBe(900n);
    expect(fungibleStoreBalance(store('0'), null)).toBe(0n);
    expect(fungibleStoreBalance(null, null)).toBe(0n);
  });

  it("know a store of APT by its metadata, whatever the address's form", () => {
    expect(isAptFungibleStore({ balance: '1', metadata: { inner: '0xa' } })).toBe(true);
    expect(isAptFungibleStore({ balance: '1', metadata: { inner: `0x${'0'.repeat(63)}a` } })).toBe(true);
    expect(isAptFungibleStore({ balance: '1', metadata: { inner: '0xb' } })).toBe(false);
    expect(isAptFungibleStore({ balance: '1' })).toBe(false);
  });
});
