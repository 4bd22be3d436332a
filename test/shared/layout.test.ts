import { describe, expect, it } from 'vitest';
import { LayoutError } from '../../shared/codec-error.ts';
import type { AbiLookup, MoveModuleAbi } from '../../shared/move/abi.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag, structTag } from '../../shared/type-tag.ts';
import { FRAMEWORK, frameworkLookup } from './fixtures.ts';

const resolve = (text: string, lookup: AbiLookup = frameworkLookup()) => resolveLayout(parseTypeTag(text), lookup);

describe('resolveLayout', () => {
  it('substitutes generic parameters and keeps declaration order', () => {
    const layout = resolve('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>');
    expect(layout.kind).toBe('struct');
    if (layout.kind !== 'struct') return;
    expect(layout.fields.map((f) => f.name)).toEqual(['coin', 'frozen', 'deposit_events', 'withdraw_events']);
    expect(layout.tag).toEqual(
      structTag('0x1', 'coin', 'CoinStore', [{ kind: 'struct', struct: structTag('0x1', 'aptos_coin', 'AptosCoin') }]),
    );
    const coin = layout.fields[0]?.layout;
    expect(coin).toEqual({
      kind: 'struct',
      tag: structTag('0x1', 'coin', 'Coin', [{ kind: 'struct', struct: structTag('0x1', 'aptos_coin', 'AptosCoin') }]),
      fields: [{ name: 'value', layout: { kind: 'u64' } }],
    });
  });

  it('recognizes String, Option and Object by name, and primitives and vectors', () => {
    expect(resolve('0x1::string::String')).toEqual({ kind: 'string' });
    expect(resolve('0x1::option::Option<vector<u8>>')).toEqual({
      kind: 'option',
      element: { kind: 'vector', element: { kind: 'u8' } },
    });
    expect(resolve('0x1::object::Object<0x1::m::Unknown>')).toEqual({
      kind: 'object',
      tag: structTag('0x1', 'object', 'Object', [parseTypeTag('0x1::m::Unknown')]),
    });
    expect(resolve('u256')).toEqual({ kind: 'u256' });
    expect(resolve('signer')).toEqual({ kind: 'signer' });
    // No lookup needed for these.
    expect(resolveLayout(parseTypeTag('0x1::option::Option<0x1::string::String>'), () => undefined)).toEqual({
      kind: 'option',
      element: { kind: 'string' },
    });
  });

  it('builds enum layouts from is_enum / variants', () => {
    const layout = resolve('0xcafe::shapes::Shape');
    expect(layout.kind).toBe('enum');
    if (layout.kind !== 'enum') return;
    expect(layout.variants.map((v) => [v.name, v.fields.map((f) => f.name)])).toEqual([
      ['Circle', ['radius']],
      ['Rect', ['w', 'h']],
      ['Empty', []],
    ]);
  });

  it('caches per lookup and tag text', () => {
    const lookup = frameworkLookup();
    const a = resolve('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>', lookup);
    const b = resolve('0x0001::coin::CoinStore< 0x1::aptos_coin::AptosCoin >', lookup);
    expect(b).toBe(a);
    expect(resolve('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>')).not.toBe(a);
  });

  it.each([
    ['0x2::nothing::Here', 'module 0x2::nothing not found'],
    ['0x1::coin::Missing', 'struct Missing not found in module 0x1::coin'],
    ['0x1::coin::CoinStore', 'expected 1 type argument, got 0'],
    ['0x1::coin::DepositEvent<u8>', 'expected 0 type arguments, got 1'],
    ['0x1::string::String<u8>', 'expected 0 type arguments, got 1'],
    ['0x1::option::Option', 'expected 1 type argument, got 0'],
    ['0xcafe::shapes::Native', 'native struct has no field layout'],
    ['0xcafe::shapes::Loop', 'layout nested deeper than 128 levels'],
    ['0xcafe::shapes::Empty', 'struct ABI without fields'],
    ['0xcafe::shapes::BadField', 'field x: type tag: at position'],
  ])('rejects %s (%s)', (text, message) => {
    expect(() => resolve(text)).toThrow(LayoutError);
    expect(() => resolve(text)).toThrow(message);
  });

  it('turns malformed ABI JSON into LayoutError, not TypeError', () => {
    const broken =
      (structs: unknown): AbiLookup =>
      () =>
        ({ address: '0x1', name: 'm', friends: [], exposed_functions: [], structs }) as unknown as MoveModuleAbi;
    const base = { name: 'S', is_native: false, abilities: [], generic_type_params: [] };
    expect(() => resolve('0x1::m::S', broken(undefined))).toThrow(LayoutError);
    expect(() => resolve('0x1::m::S', broken([{ ...base, fields: undefined }]))).toThrow(LayoutError);
    expect(() => resolve('0x1::m::S', broken([{ ...base, fields: [{ name: 'a' }] }]))).toThrow(LayoutError);
    expect(() => resolve('0x1::m::S', broken([{ ...base, fields: [], is_enum: true }]))).toThrow(LayoutError);
    expect(() => resolve('0x1::m::S', broken([{ ...base, generic_type_params: undefined, fields: [] }]))).toThrow(
      LayoutError,
    );
  });

  it('resolves every framework struct of the fixtures that has a layout', () => {
    const lookup = frameworkLookup();
    const ok = [
      '0x1::guid::GUID',
      '0x1::event::EventHandle<u8>',
      '0x1::coin::CoinInfo<u8>',
      '0x1::account::CapabilityOffer<u8>',
      '0xcafe::shapes::Holder',
    ];
    for (const text of ok) expect(() => resolve(text, lookup)).not.toThrow();
    expect(FRAMEWORK.length).toBeGreaterThan(0);
  });
});
