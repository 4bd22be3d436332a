/**
 * Pure rules of the frame: where each kind of search result leads (keeping or setting the pinned
 * version), and how a typed version stands against the retained range.
 */
import { describe, expect, it } from 'vitest';
import { searchTarget } from '../../../renderer/features/frame/search-targets.ts';
import { formatUsec } from '../../../renderer/lib/format-time.ts';
import { versionStanding } from '../../../renderer/features/frame/version-range.ts';

describe('search targets', () => {
  it('a version pins the current path; other results open their page keeping the pin', () => {
    expect(searchTarget({ kind: 'version', version: '42', block_height: '7' }, '/accounts/0x1/events', '10').path).toBe(
      '/accounts/0x1/events?ledger_version=42',
    );
    expect(searchTarget({ kind: 'account', address: '0x00000a' }, '/', '10').path).toBe(
      '/accounts/0xa?ledger_version=10',
    );
    expect(searchTarget({ kind: 'account', address: '0xa' }, '/', undefined).path).toBe('/accounts/0xa');
    const table = { kind: 'table', handle: '0x0abc', key_type: 'u64', value_type: 'address', owner: null } as const;
    expect(searchTarget(table, '/', undefined)).toEqual({
      kind: 'table',
      label: 'Table 0x0abc',
      detail: 'u64 → address',
      path: '/tables/0xabc',
    });
    expect(searchTarget({ kind: 'module', address: '0x1', name: 'coin', exists: true }, '/', undefined).path).toBe(
      '/accounts/0x1/modules',
    );
    const tag = searchTarget(
      {
        kind: 'struct_tag',
        type: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
        module_exists: true,
        struct_exists: false,
      },
      '/',
      '5',
    );
    expect(tag.path).toBe('/accounts/0x1/modules?ledger_version=5');
    expect(tag.detail).toBe('module has no such struct');
  });
});

describe('search targets of the ledger and objects', () => {
  it('a block opens its page, a transaction hash the transaction page by version, keeping the pin', () => {
    const block = {
      kind: 'block',
      height: '123',
      first_version: '900',
      last_version: '905',
      timestamp_usec: '1717200652123456',
    } as const;
    expect(searchTarget(block, '/gas', undefined)).toEqual({
      kind: 'block',
      label: 'Block 123',
      detail: 'versions 900–905',
      path: '/blocks/123',
    });
    expect(searchTarget(block, '/gas', '950').path).toBe('/blocks/123?ledger_version=950');
    const hash = `0x${'ab'.repeat(32)}`;
    expect(searchTarget({ kind: 'transaction', hash, version: '77' }, '/accounts/0x1', undefined)).toEqual({
      kind: 'transaction',
      label: `Transaction ${hash}`,
      detail: 'version 77',
      path: '/txn/77',
    });
    expect(searchTarget({ kind: 'transaction', hash, version: '77' }, '/', '80').path).toBe(
      '/txn/77?ledger_version=80',
    );
  });

  it("an object and a fungible asset's metadata open the page of their address, in the short form", () => {
    const object = searchTarget({ kind: 'object', address: '0x000abc', owner: '0x1' }, '/', '5');
    expect(object).toEqual({
      kind: 'object',
      label: 'Object 0x000abc',
      detail: 'owned by 0x1',
      path: '/accounts/0xabc?ledger_version=5',
    });
    const asset = { kind: 'fungible_asset', address: '0xa', name: 'Aptos Coin', symbol: 'APT', decimals: 8 } as const;
    expect(searchTarget(asset, '/gas', undefined)).toEqual({
      kind: 'fungible_asset',
      label: 'Fungible asset APT',
      detail: 'Aptos Coin · 8 decimals · metadata 0xa',
      path: '/assets/0xa',
    });
    expect(searchTarget({ ...asset, decimals: 1 }, '/', undefined).detail).toBe(
      'Aptos Coin · 1 decimal · metadata 0xa',
    );
  });

  it('a token opens its token page in the short form, keeping the pin; an unknown collection is said so', () => {
    const token = {
      kind: 'token',
      address: `0x${'0'.repeat(60)}abcd`,
      name: 'Sample #2',
      collection: 'Sample',
    } as const;
    expect(searchTarget(token, '/', '7')).toEqual({
      kind: 'token',
      label: 'Token Sample #2',
      detail: 'Sample · data, owner history, activities',
      path: '/tokens/0xabcd?ledger_version=7',
    });
    expect(searchTarget({ ...token, name: '', collection: '' }, '/', undefined)).toMatchObject({
      label: `Token 0x${'0'.repeat(60)}abcd`,
      detail: 'collection unknown · data, owner history, activities',
      path: '/tokens/0xabcd',
    });
  });
});

describe('version standing', () => {
  it('classifies below, inside and above [oldest, latest], and non-numbers', () => {
    expect(versionStanding('9', 10n, 20n)).toEqual({ kind: 'pruned', oldest: 10n });
    expect(versionStanding(' 10 ', 10n, 20n)).toEqual({ kind: 'retained', version: 10n });
    expect(versionStanding('20', 10n, 20n)).toEqual({ kind: 'retained', version: 20n });
    expect(versionStanding('21', 10n, 20n)).toEqual({ kind: 'future', latest: 20n });
    expect(versionStanding('18446744073709551615', 10n, 20n)).toEqual({ kind: 'future', latest: 20n });
    // Beyond u64 is no ledger version at all (the API answers 400), not one that is "not yet".
    expect(versionStanding('18446744073709551616', 10n, 20n)).toEqual({ kind: 'invalid' });
    expect(versionStanding('1e3', 10n, 20n)).toEqual({ kind: 'invalid' });
    expect(versionStanding('', 10n, 20n)).toEqual({ kind: 'invalid' });
  });

  it('formats a block time in microseconds as UTC', () => {
    expect(formatUsec('1717200652123456')).toBe('2024-06-01 00:10:52 UTC');
  });
});
