/**
 * Object address derivations (shared/object-address.ts) against a real mainnet primary store and,
 * as an independent oracle, the official TypeScript SDK's own helpers.
 */
import {
  AccountAddress,
  createObjectAddress as sdkObject,
  createUserDerivedObjectAddress as sdkDerived,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { formatAddress, formatAddressLong, parseAddress } from '../../../shared/address.ts';
import {
  createObjectAddress,
  createUserDerivedObjectAddress,
  pairedMetadataAddress,
  primaryStoreAddress,
} from '../../../shared/object-address.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';

// Mainnet transaction 3556737308: its write set holds the FungibleStore of metadata 0xa (APT)
// owned (ObjectCore.owner) by 0x31de…08a0 at this address.
const MAINNET_OWNER = '0x31deb490728ae8e1a89675ee4c1877af8e5849c526d2c9a64238c49d8ece08a0';
const MAINNET_APT_STORE = '0x60d8ef2e962b1d1b4f602c72e23eed6fbba86eefb41853a7688073fc918d912';

function randomAddress(seed: number): Uint8Array {
  const bytes = new Uint8Array(32);
  let x = seed * 2654435761;
  for (let i = 0; i < 32; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

describe('object addresses', () => {
  it('derives the real mainnet primary APT store of 0x31de…', () => {
    const store = primaryStoreAddress(parseAddress(MAINNET_OWNER), parseAddress('0xa'));
    expect(formatAddress(store)).toBe(MAINNET_APT_STORE);
  });

  it('pairs APT with 0xa and other coins with the named object of 0xa seeded by the type name', () => {
    expect(formatAddress(pairedMetadataAddress(parseStructTag('0x1::aptos_coin::AptosCoin')))).toBe('0xa');
    const usdc = '0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa::asset::USDC';
    const expected = sdkObject(AccountAddress.from('0xa'), usdc).toString();
    expect(formatAddressLong(pairedMetadataAddress(parseStructTag(usdc)))).toBe(expected);
    // The seed is the type name in short form: a coin written with a long address is the same coin.
    const longApt = `0x${'0'.repeat(63)}1::aptos_coin::AptosCoin`;
    expect(formatAddress(pairedMetadataAddress(parseStructTag(longApt)))).toBe('0xa');
    const shortSeed = sdkObject(AccountAddress.from('0xa'), '0x3::m::C').toString();
    expect(formatAddressLong(pairedMetadataAddress(parseStructTag(`0x${'0'.repeat(63)}3::m::C`)))).toBe(shortSeed);
  });

  it('agrees with the SDK on 200 named and derived addresses', () => {
    for (let i = 0; i < 100; i += 1) {
      const creator = randomAddress(i + 1);
      const other = randomAddress(i + 1000);
      const seed = new TextEncoder().encode(`seed-${i}`);
      expect(formatAddressLong(createObjectAddress(creator, seed))).toBe(
        sdkObject(AccountAddress.from(creator), seed).toString(),
      );
      expect(formatAddressLong(createUserDerivedObjectAddress(creator, other))).toBe(
        sdkDerived(AccountAddress.from(creator), AccountAddress.from(other)).toString(),
      );
    }
  });

  it('uses distinct scheme bytes: named and derived addresses of the same inputs differ', () => {
    const a = randomAddress(7);
    const b = randomAddress(8);
    expect(formatAddress(createObjectAddress(a, b))).not.toBe(formatAddress(createUserDerivedObjectAddress(a, b)));
  });

  it('refuses addresses that are not 32 bytes', () => {
    expect(() => createObjectAddress(new Uint8Array(31), new Uint8Array(1))).toThrow(/32 bytes/);
    expect(() => createUserDerivedObjectAddress(new Uint8Array(32), new Uint8Array(33))).toThrow(/32 bytes/);
  });
});
