/**
 * `uniqueAccounts`: the accounts of a capture, normalised and de-duplicated before any read.
 */
import { describe, expect, it } from 'vitest';
import { uniqueAccounts } from '../../electron/service/capture/capture-accounts.ts';
import { AddressError } from '../../shared/codec-error.ts';

describe('uniqueAccounts', () => {
  it('keeps each account once, canonical, in the order first given, and lists the repeats as given', () => {
    const long = `0x${'1'.padStart(64, '0')}`;
    expect(uniqueAccounts(['0xCAFE', '0x1', 'cafe', '0x01', long, '0xbeef', '0x1'])).toEqual({
      accounts: ['0xcafe', '0x1', '0xbeef'],
      repeats: [
        { given: 'cafe', account: '0xcafe' },
        { given: '0x01', account: '0x1' },
        { given: long, account: '0x1' },
        { given: '0x1', account: '0x1' },
      ],
    });
  });

  it('refuses an invalid address (AddressError)', () => {
    expect(() => uniqueAccounts(['0x1', '0xzz'])).toThrow(AddressError);
    expect(() => uniqueAccounts(['0X1'])).toThrow(AddressError);
  });
});
