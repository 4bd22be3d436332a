/**
 * The main process's fast paths for a transaction's changes (electron/snapshot/state-keys.ts,
 * shared/resource-group.ts) give what the portable kernel gives: node:crypto's sha3-256 the same state key hashes
 * (mainnet's recorded ones, and inputs around the hash's 136-byte block), the cached state key decoding the same
 * decoding for every kind and each key its own address, a malformed key refused every time, and resource group
 * members in the node's tag order when ordered by the tag bytes read from the group.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import {
  decodeStateKey,
  moduleStateKey,
  portableSha3Hex,
  resourceGroupStateKey,
  resourceStateKey,
  stateKeyHash,
  tableItemStateKey,
} from '../../shared/ledger/state-keys.ts';
import {
  decodeResourceGroup,
  decodeResourceGroupInTagOrder,
  encodeResourceGroup,
  membersInTagOrder,
} from '../../shared/resource-group.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { decodeStateKeyCached, nodeSha3Hex } from '../../electron/snapshot/state-keys.ts';

const recorded = JSON.parse(
  readFileSync(new URL('../support/mainnet-user-transaction-3556737308.json', import.meta.url), 'utf8'),
) as { readonly changes: readonly { address: string; state_key_hash: string; data: { type: string } }[] };

describe("node:crypto's sha3-256 for state key hashes", () => {
  it("gives mainnet's recorded state key hashes", () => {
    const address = '0x95a0fd88b11286d4790c253b39c6678b798c54b54b63bfd2bfe042411ee2e3e8';
    const key = resourceStateKey(parseAddress(address), parseStructTag('0x1::account::Account'));
    const change = recorded.changes.find((c) => c.address === address && c.data.type === '0x1::account::Account');
    expect(change).toBeDefined();
    expect(stateKeyHash(key, decodeStateKey(key), nodeSha3Hex)).toBe(change?.state_key_hash);
  });

  it('equals the portable hash on inputs of every length around the block size', () => {
    for (const length of [0, 1, 31, 32, 135, 136, 137, 271, 272, 300]) {
      const input = Uint8Array.from({ length }, (_, i) => (i * 37 + length) & 0xff);
      expect(nodeSha3Hex(input)).toBe(portableSha3Hex(input));
    }
    const table = tableItemStateKey(parseAddress('0x1234'), Uint8Array.of(7, 8, 9));
    expect(stateKeyHash(table, decodeStateKey(table), nodeSha3Hex)).toBe(stateKeyHash(table));
  });
});

describe('cached state key decoding', () => {
  const alice = parseAddress('0xa11ce');
  const bob = parseAddress('0xb0b');
  const coin = parseStructTag('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>');
  const group = parseStructTag('0x1::object::ObjectGroup');

  it('decodes every kind of key as decodeStateKey does, twice (miss, then hit)', () => {
    const keys = [
      resourceStateKey(alice, coin),
      resourceGroupStateKey(alice, group),
      moduleStateKey(alice, 'coin'),
      tableItemStateKey(alice, Uint8Array.of(1, 2, 3)),
    ];
    for (const key of keys) {
      expect(decodeStateKeyCached(key)).toEqual(decodeStateKey(key));
      expect(decodeStateKeyCached(key)).toEqual(decodeStateKey(key));
    }
  });

  it('gives each key its own address when the path after it is the same', () => {
    const first = decodeStateKeyCached(resourceStateKey(alice, coin));
    const second = decodeStateKeyCached(resourceStateKey(bob, coin));
    expect(first).toEqual(decodeStateKey(resourceStateKey(alice, coin)));
    expect(second).toEqual(decodeStateKey(resourceStateKey(bob, coin)));
    expect(first.kind === 'resource' && first.address).toBe('0xa11ce');
    expect(second.kind === 'resource' && second.address).toBe('0xb0b');
  });

  it('refuses a key with trailing bytes every time, as decodeStateKey does', () => {
    const key = Uint8Array.of(...resourceStateKey(alice, coin), 0);
    expect(() => decodeStateKey(key)).toThrow();
    expect(() => decodeStateKeyCached(key)).toThrow();
    expect(() => decodeStateKeyCached(key)).toThrow();
  });
});

describe('resource group members in tag order', () => {
  it('orders decoded members by module and name as text (BCS orders shorter names first)', () => {
    const members = ['0x1::m::b', '0x1::m::aa', '0x1::l::zz'].map((text) => ({
      tag: parseStructTag(text),
      bytes: Uint8Array.of(1),
    }));
    const decoded = decodeResourceGroup(encodeResourceGroup(members));
    // Stored (BCS) order: length-first, so `b` comes before `aa`.
    expect(decoded.map((m) => m.tag.name)).toEqual(['zz', 'b', 'aa']);
    const names = (list: readonly { tag: { module: string; name: string } }[]): string[] =>
      list.map((m) => `${m.tag.module}::${m.tag.name}`);
    expect(names(membersInTagOrder(decoded))).toEqual(['l::zz', 'm::aa', 'm::b']);
    // Decoding and ordering by the stored tag bytes gives the same members in the same order.
    const group = encodeResourceGroup(members);
    expect(decodeResourceGroupInTagOrder(group)).toEqual(membersInTagOrder(decodeResourceGroup(group)));
    expect(() => decodeResourceGroupInTagOrder(Uint8Array.of(...group, 0))).toThrow();
  });
});
