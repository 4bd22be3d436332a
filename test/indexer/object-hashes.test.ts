/**
 * The processors' object addresses and state-key hashes (electron/indexer/processors/object-hashes.ts) over the
 * platform's SHA3-256 (the pass's, electron/indexer/indexer-state.ts) and over the portable one equal the formulas
 * of shared/object-address.ts and shared/ledger/state-keys.ts.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nativeSha3 } from '../../electron/indexer/indexer-state.ts';
import {
  accessPathKeyHash,
  pairedMetadataAddress,
  primaryStoreAddress,
} from '../../electron/indexer/processors/object-hashes.ts';
import { parseAddress } from '../../shared/address.ts';
import { accessPathStateKeyHash, resourceStateKey } from '../../shared/ledger/state-keys.ts';
import * as shared from '../../shared/object-address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';

const states = { native: { sha3: nativeSha3 }, portable: {} };

describe.each(Object.entries(states))('object hashes (%s SHA3-256)', (_, state) => {
  it('primary store addresses', () => {
    const owners = [parseAddress('0x1'), parseAddress('0xcafe'), ...Array.from({ length: 20 }, () => randomBytes(32))];
    const assets = [parseAddress('0xa'), ...Array.from({ length: 3 }, () => randomBytes(32))];
    for (const owner of owners)
      for (const metadata of assets)
        expect(primaryStoreAddress(state, owner, metadata)).toEqual(shared.primaryStoreAddress(owner, metadata));
  });

  it('paired metadata addresses, APT and other coins', () => {
    for (const type of [
      '0x1::aptos_coin::AptosCoin',
      '0xcafe::usdc::USDC',
      '0x00000000000000000000000000000000000000000000000000000000000000f2::a::B',
    ])
      expect(pairedMetadataAddress(state, parseStructTag(type))).toEqual(
        shared.pairedMetadataAddress(parseStructTag(type)),
      );
  });

  it('state-key hashes', () => {
    for (const type of ['0x1::object::ObjectGroup', '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>']) {
      const key = resourceStateKey(randomBytes(32), parseStructTag(type));
      expect(accessPathKeyHash(state, key)).toBe(accessPathStateKeyHash(key));
    }
  });
});
