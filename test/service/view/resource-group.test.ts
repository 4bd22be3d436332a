/**
 * Resource groups: the strict decoding of a group's state value and `withResourceGroups`, which
 * answers for a member from its group (the 0xa group as on mainnet, built with real BCS).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressBytesArb, identifierArb, typeTagArb } from '../../shared/arbitraries.ts';
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import { BcsError } from '../../../shared/codec-error.ts';
import { encodeStructTag, formatStructTag, parseStructTag, structTag } from '../../../shared/type-tag.ts';
import { decodeResourceGroup, encodeResourceGroup } from '../../../shared/resource-group.ts';
import { FRAMEWORK_GROUP_MEMBERS, OBJECT_GROUP } from '../../../electron/service/view/resource-group-members.ts';
import { withResourceGroups } from '../../../electron/service/view/state-reader.ts';
import { chainState, OWNER_STORE } from './chain-state.ts';
import { encodeResource, MemoryState } from './memory-state.ts';

const tag = parseStructTag;
const V = 10n;

describe('resource group state values', () => {
  it('decodes the 0xa group into its six members with their exact bytes', () => {
    const raw = chainState().resource(parseAddress('0xa'), OBJECT_GROUP, V);
    expect(raw).toBeDefined();
    const members = decodeResourceGroup(raw ?? new Uint8Array());
    expect(members.map((m) => formatStructTag(m.tag)).sort()).toEqual([
      '0x1::coin::PairedCoinType',
      '0x1::coin::PairedFungibleAssetRefs',
      '0x1::fungible_asset::ConcurrentSupply',
      '0x1::fungible_asset::Metadata',
      '0x1::object::ObjectCore',
      '0x1::primary_fungible_store::DeriveRefPod',
    ]);
    const metadata = members.find((m) => m.tag.name === 'Metadata');
    expect(metadata?.bytes).toEqual(
      encodeResource('0x1::fungible_asset::Metadata', {
        name: 'Aptos Coin',
        symbol: 'APT',
        decimals: 8,
        icon_uri: '',
        project_uri: '',
      }),
    );
  });

  it('writes members in serialized key order, which is not StructTag order', () => {
    // StructTag order puts `aptos_coin` before `coin`; BCS compares serialized keys, where the length
    // prefix decides first (0x04 "coin" < 0x0a "aptos_coin"), so the node's bytes list `coin` first.
    const bytes = encodeResourceGroup([
      { tag: tag('0x1::aptos_coin::X'), bytes: new Uint8Array([1]) },
      { tag: tag('0x1::coin::X'), bytes: new Uint8Array([2]) },
    ]);
    expect(decodeResourceGroup(bytes).map((m) => m.tag.module)).toEqual(['coin', 'aptos_coin']);
  });

  const member = (t: string, bytes: number[]) => {
    const w = new BcsWriter();
    w.fixedBytes(encodeStructTag(tag(t))).bytes(new Uint8Array(bytes));
    return w.toBytes();
  };
  const group = (count: number, ...parts: Uint8Array[]) => {
    const w = new BcsWriter().uleb128(count);
    for (const p of parts) w.fixedBytes(p);
    return w.toBytes();
  };

  it('refuses malformed groups: trailing bytes, duplicates, disorder, bad counts, truncation, bad identifiers', () => {
    const a = member('0x1::coin::A', [1]);
    const b = member('0x1::coin::B', [2]);
    expect(decodeResourceGroup(group(2, a, b))).toHaveLength(2);
    const bad: Record<string, Uint8Array> = {
      trailing: new Uint8Array([...group(2, a, b), 0]),
      duplicate: group(2, a, a),
      disorder: group(2, b, a),
      'count too large': group(3, a, b),
      truncated: group(2, a, b).subarray(0, 50),
      'bad identifier': group(
        1,
        member('0x1::coin::A', [1]).map((x, i) => (i === 33 ? 0x2d : x)),
      ),
    };
    for (const [what, bytes] of Object.entries(bad)) {
      expect(() => decodeResourceGroup(bytes), what).toThrow(BcsError);
    }
  });
});

describe('withResourceGroups', () => {
  it('answers a member from its group and an ordinary resource from its own key', () => {
    const raw = chainState();
    const reader = withResourceGroups(raw);
    const store = reader.resource(parseAddress(OWNER_STORE), tag('0x1::fungible_asset::FungibleStore'), V);
    expect(store).toEqual(
      encodeResource('0x1::fungible_asset::FungibleStore', { metadata: '0xa', balance: '566263899', frozen: false }),
    );
    const features = reader.resource(parseAddress('0x1'), tag('0x1::features::Features'), V);
    expect(features).toEqual(raw.resource(parseAddress('0x1'), tag('0x1::features::Features'), V));
  });

  it('answers undefined for a member missing from its group, a missing group, and the group tag itself', () => {
    const reader = withResourceGroups(chainState());
    expect(reader.resource(parseAddress(OWNER_STORE), tag('0x1::fungible_asset::Metadata'), V)).toBeUndefined();
    expect(reader.resource(parseAddress('0xdead'), tag('0x1::object::ObjectCore'), V)).toBeUndefined();
    expect(reader.resource(parseAddress('0xa'), OBJECT_GROUP, V)).toBeUndefined();
  });

  it('reads the group as of the version asked', () => {
    const raw = new MemoryState()
      .putGroup('0xb', { '0x1::fungible_asset::FungibleStore': { metadata: '0xa', balance: '5', frozen: false } }, 3n)
      .putRaw('0xb', '0x1::object::ObjectGroup', null, 8n);
    const reader = withResourceGroups(raw);
    const at = (v: bigint) => reader.resource(parseAddress('0xb'), tag('0x1::fungible_asset::FungibleStore'), v);
    expect(at(2n)).toBeUndefined();
    expect(at(3n)).toBeDefined();
    expect(at(8n)).toBeUndefined();
  });

  it('throws on a corrupt group instead of answering "absent"', () => {
    const raw = new MemoryState().putRaw('0xb', '0x1::object::ObjectGroup', new Uint8Array([1, 2, 3]));
    expect(() => withResourceGroups(raw).resource(parseAddress('0xb'), tag('0x1::object::ObjectCore'), V)).toThrow(
      BcsError,
    );
  });

  it('takes members of other groups from the caller', () => {
    const custom = structTag('0xc0', 'game', 'Group');
    const raw = new MemoryState().putRaw(
      '0xb',
      '0xc0::game::Group',
      encodeResourceGroup([{ tag: tag('0xc0::game::Hero'), bytes: new Uint8Array([9]) }]),
    );
    const plain = withResourceGroups(raw);
    expect(plain.resource(parseAddress('0xb'), tag('0xc0::game::Hero'), V)).toBeUndefined();
    const aware = withResourceGroups(raw, new Map([['0xc0::game::Hero', custom]]));
    expect(aware.resource(parseAddress('0xb'), tag('0xc0::game::Hero'), V)).toEqual(new Uint8Array([9]));
    expect(aware.resource(parseAddress('0xb'), custom, V)).toBeUndefined();
    expect(plain.resource(parseAddress('0xb'), custom, V)).toBeDefined();
  });

  it('lists the framework members it knows, all in 0x1 or 0x4', () => {
    expect(FRAMEWORK_GROUP_MEMBERS).toContain('0x1::fungible_asset::FungibleStore');
    expect(FRAMEWORK_GROUP_MEMBERS).toContain('0x4::token::Token');
    for (const m of FRAMEWORK_GROUP_MEMBERS) expect(m).toMatch(/^0x[14]::[a-z_]+::[A-Za-z]+$/);
  });
});

describe('resource group properties', () => {
  const memberArb = fc.record({
    tag: fc
      .tuple(addressBytesArb, identifierArb, identifierArb, fc.array(typeTagArb(2), { maxLength: 2 }))
      .map(([address, module, name, typeArgs]) => structTag(formatAddress(address), module, name, typeArgs)),
    bytes: fc.uint8Array({ maxLength: 40 }),
  });

  it('decodes what it encodes, members in serialized key order, for any distinct members', () => {
    fc.assert(
      fc.property(fc.uniqueArray(memberArb, { maxLength: 8, selector: (m) => formatStructTag(m.tag) }), (members) => {
        const decoded = decodeResourceGroup(encodeResourceGroup(members));
        expect(decoded.map((m) => formatStructTag(m.tag)).sort()).toEqual(
          members.map((m) => formatStructTag(m.tag)).sort(),
        );
        for (const m of members) {
          expect(decoded.find((d) => formatStructTag(d.tag) === formatStructTag(m.tag))?.bytes).toEqual(m.bytes);
        }
        const keys = decoded.map((m) => Buffer.from(encodeStructTag(m.tag)));
        for (let i = 1; i < keys.length; i += 1) expect(Buffer.compare(keys[i - 1]!, keys[i]!)).toBeLessThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('either decodes or throws BcsError on any bytes (mutated groups and random input)', () => {
    const valid = encodeResourceGroup([
      { tag: tag('0x1::object::ObjectCore'), bytes: new Uint8Array(80) },
      { tag: tag('0x1::fungible_asset::FungibleStore'), bytes: new Uint8Array(41) },
    ]);
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })).map(([i, b]) => {
        const copy = new Uint8Array(valid);
        copy[i] = b;
        return copy;
      }),
      fc.nat(valid.length).map((n) => valid.subarray(0, n)),
    );
    fc.assert(
      fc.property(inputs, (bytes) => {
        try {
          decodeResourceGroup(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(BcsError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
