/**
 * Pure rules of the Modules tab's "Run a view" form and of type-parameter substitution: which input a parameter
 * type gets and how typed text becomes the JSON argument the node reads; `Tn` replaced by the call's type arguments.
 */
import { describe, expect, it } from 'vitest';
import { callerParameters, inputKind, parseArgument } from '../../../renderer/features/modules/view-arguments.ts';
import { substituteTypeParams } from '../../../renderer/lib/type-params.ts';

describe('view arguments', () => {
  it('types each parameter by its ABI type', () => {
    expect(inputKind('u8')).toBe('integer');
    expect(inputKind('&u256')).toBe('integer');
    expect(inputKind('bool')).toBe('bool');
    expect(inputKind('address')).toBe('address');
    expect(inputKind('0x1::object::Object<0x1::fungible_asset::Metadata>')).toBe('address');
    expect(inputKind('0x1::string::String')).toBe('string');
    expect(inputKind('vector<u8>')).toBe('bytes');
    expect(inputKind('vector<address>')).toBe('json');
    expect(inputKind('0x1::option::Option<u64>')).toBe('json');
  });

  it('turns typed text into the JSON the node reads, or says why not', () => {
    expect(parseArgument('u32', '42')).toEqual({ value: 42 });
    expect(parseArgument('u64', '18446744073709551615')).toEqual({ value: '18446744073709551615' });
    expect(parseArgument('u8', '256')).toEqual({ error: 'u8: larger than 8 bits' });
    expect(parseArgument('u64', '-1')).toEqual({ error: 'u64: expected a decimal number' });
    expect(parseArgument('bool', 'true')).toEqual({ value: true });
    expect(parseArgument('address', ' 0x1 ')).toEqual({ value: '0x1' });
    expect(parseArgument('address', 'zz')).toHaveProperty('error');
    expect(parseArgument('0x1::string::String', ' keep spaces ')).toEqual({ value: ' keep spaces ' });
    expect(parseArgument('vector<u8>', '0xcafe')).toEqual({ value: '0xcafe' });
    expect(parseArgument('vector<u8>', '0xcaf')).toHaveProperty('error');
    expect(parseArgument('vector<u64>', '["1", "2"]')).toEqual({ value: ['1', '2'] });
    expect(parseArgument('vector<u64>', '[1,')).toHaveProperty('error');
  });

  it('leaves the signer out of the arguments', () => {
    expect(callerParameters(['&signer', 'address', 'u64'])).toEqual(['address', 'u64']);
    expect(callerParameters(['address'])).toEqual(['address']);
  });
});

describe('type parameters', () => {
  it("replaces Tn by the call's type arguments, nowhere else", () => {
    const metadata = '0x1::fungible_asset::Metadata';
    expect(substituteTypeParams('0x1::object::Object<T0>', [metadata])).toBe(`0x1::object::Object<${metadata}>`);
    expect(substituteTypeParams('&vector<T1>', ['u8', 'address'])).toBe('&vector<address>');
    expect(substituteTypeParams('0x1::m::T0', [metadata])).toBe('0x1::m::T0');
    expect(substituteTypeParams('T10', ['a'])).toBe('T10');
    expect(substituteTypeParams('0x1::object::Object<T0>', [])).toBe('0x1::object::Object<T0>');
  });
});
