/**
 * The indexer pass's remembered primary-store address is the framework's formula of shared/object-address.ts for
 * every owner and metadata address, asked once or again (with other arrays of the same bytes).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { primaryStore } from '../../electron/indexer/processors/fungible-asset-activities.ts';
import { parseAddress } from '../../shared/address.ts';
import { primaryStoreAddress } from '../../shared/object-address.ts';

describe('primaryStore', () => {
  it('equals primaryStoreAddress, asked once or again', () => {
    const owners = [parseAddress('0x1'), parseAddress('0xcafe'), ...Array.from({ length: 50 }, () => randomBytes(32))];
    const assets = [parseAddress('0xa'), ...Array.from({ length: 5 }, () => randomBytes(32))];
    for (const owner of owners)
      for (const metadata of assets) {
        const expected = primaryStoreAddress(owner, metadata);
        expect(primaryStore({}, owner, metadata)).toEqual(expected);
        expect(primaryStore({}, Uint8Array.from(owner), Uint8Array.from(metadata))).toEqual(expected);
      }
  });
});
