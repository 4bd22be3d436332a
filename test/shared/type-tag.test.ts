import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsReader, decodeBcs } from '../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { BcsError, TypeTagError } from '../../shared/codec-error.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import {
  encodeStructTag,
  encodeTypeTag,
  formatStructTag,
  formatTypeTag,
  parseAbiType,
  parseStructTag,
  parseTypeTag,
  readStructTag,
  readTypeTag,
  structTag,
  structTagEquals,
  typeTagEquals,
  writeStructTag,
  type TypeTag,
} from '../../shared/type-tag.ts';
import { typeTagArb } from './arbitraries.ts';

const vectors = (depth: number, inner: string): string => 'vector<'.repeat(depth) + inner + '>'.repeat(depth);
const nested = (depth: number, inner: string): string => '0x1::m::S<'.repeat(depth) + inner + '>'.repeat(depth);

function typeTagError(run: () => unknown): TypeTagError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeTagError);
    return error as TypeTagError;
  }
  throw new Error('expected a TypeTagError');
}

describe('type tag parsing and canonical printing', () => {
  it.each(['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer'])('parses primitive %s', (name) => {
    expect(parseTypeTag(name)).toEqual({ kind: name });
    expect(formatTypeTag(parseTypeTag(name))).toBe(name);
  });

  it.each([
    ['vector<u8>', 'vector<u8>'],
    ['vector<vector<address>>', 'vector<vector<address>>'],
    ['0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>', '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'],
    ['0x0001::coin::CoinStore<0x01::aptos_coin::AptosCoin>', '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'],
    [`0x${'0'.repeat(63)}1::account::Account`, '0x1::account::Account'],
    ['0xA550C18::m::S', '0xa550c18::m::S'],
    ['0x1::table::Table<address,vector<u8>>', '0x1::table::Table<address, vector<u8>>'],
    [
      'vector<0x1::option::Option<vector<0x2a::m::S<u64, bool>>>>',
      'vector<0x1::option::Option<vector<0x2a::m::S<u64, bool>>>>',
    ],
    // Arbitrary whitespace between tokens (spaces, tabs, newlines, CR, form feed).
    [
      '  0x1 :: coin ::\tCoinStore <\n0x1::aptos_coin::AptosCoin\r\n>\f ',
      '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
    ],
    ['vector < vector<u8 > >', 'vector<vector<u8>>'],
    // The node's parser takes an empty argument list and a trailing comma.
    ['0x1::m::S<>', '0x1::m::S'],
    ['0x1::m::S<u8, u16,>', '0x1::m::S<u8, u16>'],
    ['0x1::_m::_S_1', '0x1::_m::_S_1'],
  ])('parses %j and prints %j', (text, canonical) => {
    expect(formatTypeTag(parseTypeTag(text))).toBe(canonical);
  });

  it('builds the expected structure', () => {
    expect(parseTypeTag('vector<0x1::m::S<u8>>')).toEqual({
      kind: 'vector',
      element: { kind: 'struct', struct: { address: '0x1', module: 'm', name: 'S', typeArgs: [{ kind: 'u8' }] } },
    });
    expect(parseStructTag(' 0x1::m::S ')).toEqual(structTag('0x1', 'm', 'S'));
  });

  it.each([
    ['', 0, 'expected a type'],
    ['&u8', 0, 'reference types are not allowed'],
    ['&mut u8', 0, 'reference types are not allowed'],
    ['vector<&u8>', 7, 'reference types are not allowed'],
    ['0x1::m::S<&u64>', 10, 'reference types are not allowed'],
    ['0X1::m::S', 0, 'expected a type'],
    ['1::m::S', 0, 'expected a type'],
    ['0x::m::S', 0, 'struct address must have 1 to 64 hex digits'],
    [`0x${'1'.repeat(65)}::m::S`, 0, 'struct address must have 1 to 64 hex digits'],
    ['0x1::m', 6, 'expected "::"'],
    ['0x1::m::', 8, 'expected a struct name'],
    ['0x1::1m::S', 5, 'expected a module name'],
    ['0x1: :m::S', 3, 'expected "::"'],
    ['0x1::m::S<u8', 12, 'expected "," or ">"'],
    ['0x1::m::S<,>', 10, 'expected a type'],
    ['vector<u8', 9, 'expected ">"'],
    ['vector', 6, 'expected "<"'],
    ['u8 u8', 3, 'unexpected "u8" after the type'],
    ['T0', 0, 'unknown type "T0"'],
    ['String', 0, 'unknown type "String"'],
    ['u7', 0, 'unknown type "u7"'],
    ['0x1%3A%3Aaccount%3A%3AAccount', 3, 'expected "::"'],
    ['0x1::m::S>', 9, 'unexpected'],
  ])('rejects %j at position %d', (text, position, message) => {
    const e = typeTagError(() => parseTypeTag(text));
    expect(e.position).toBe(position);
    expect(e.message).toContain(message);
  });

  it('parseStructTag rejects non-struct types and percent-encoded text (decoding is the caller’s job)', () => {
    expect(() => parseStructTag('u8')).toThrow(TypeTagError);
    expect(() => parseStructTag('vector<0x1::m::S>')).toThrow(TypeTagError);
    expect(() => parseStructTag('0x1%3A%3Aaccount%3A%3AAccount')).toThrow(TypeTagError);
    expect(formatStructTag(parseStructTag(decodeURIComponent('0x1%3A%3Aaccount%3A%3AAccount')))).toBe(
      '0x1::account::Account',
    );
  });

  it('prints generic arguments joined by ", "', () => {
    const tag = structTag('0x0001', 'pool', 'Pool', [{ kind: 'u8' }, { kind: 'vector', element: { kind: 'address' } }]);
    expect(formatStructTag(tag)).toBe('0x1::pool::Pool<u8, vector<address>>');
  });
});

describe('nesting limit (MAX_RECURSIVE_TYPES_ALLOWED = 8, counted as the node API does)', () => {
  it('accepts vector nested 8 deep and rejects 9 deep', () => {
    expect(formatTypeTag(parseTypeTag(vectors(8, 'u8')))).toBe(vectors(8, 'u8'));
    const e = typeTagError(() => parseTypeTag(vectors(9, 'u8')));
    expect(e.message).toContain('type nesting deeper than 8 levels');
    expect(e.position).toBe(9 * 'vector<'.length);
  });

  it('counts a generic struct as two levels (tag, then its arguments)', () => {
    expect(() => parseTypeTag(nested(4, 'u8'))).not.toThrow();
    expect(() => parseTypeTag(nested(5, 'u8'))).toThrow(TypeTagError);
    // A struct named at level 8 puts its tag at level 9.
    expect(() => parseTypeTag(vectors(7, '0x1::m::S'))).not.toThrow();
    expect(() => parseTypeTag(vectors(8, '0x1::m::S'))).toThrow(TypeTagError);
  });

  it('starts a struct tag (resource path) at level 0', () => {
    expect(() => parseStructTag(`0x1::m::R<${vectors(7, 'u8')}>`)).not.toThrow();
    expect(() => parseStructTag(`0x1::m::R<${vectors(8, 'u8')}>`)).toThrow(TypeTagError);
    expect(() => parseStructTag(nested(4, '0x1::m::S'))).not.toThrow();
    expect(() => parseStructTag(nested(4, '0x1::m::S<u8>'))).toThrow(TypeTagError);
  });

  it('does not apply the API limit to ABI field types, which substitute T0, T1...', () => {
    const tag = parseAbiType(`${vectors(12, 'T1')}`, [{ kind: 'u8' }, { kind: 'bool' }]);
    expect(formatTypeTag(tag)).toBe(vectors(12, 'bool'));
    expect(formatTypeTag(parseAbiType('0x1::coin::Coin<T0>', [parseTypeTag('0x1::aptos_coin::AptosCoin')]))).toBe(
      '0x1::coin::Coin<0x1::aptos_coin::AptosCoin>',
    );
    expect(() => parseAbiType('T2', [{ kind: 'u8' }])).toThrow(TypeTagError);
    expect(() => parseAbiType(vectors(70, 'u8'), [])).toThrow(TypeTagError);
  });
});

describe('equality and constructors', () => {
  it('compares structurally with normalized addresses', () => {
    const a = parseTypeTag('0x01::m::S<vector<u8>, 0x2::n::T>');
    const b = {
      kind: 'struct',
      struct: structTag('0x1', 'm', 'S', [
        { kind: 'vector', element: { kind: 'u8' } },
        { kind: 'struct', struct: structTag('2', 'n', 'T') },
      ]),
    } as const;
    expect(typeTagEquals(a, b)).toBe(true);
    expect(typeTagEquals(a, parseTypeTag('0x1::m::S<vector<u8>, 0x2::n::U>'))).toBe(false);
    expect(typeTagEquals({ kind: 'u8' }, { kind: 'u16' })).toBe(false);
    expect(typeTagEquals({ kind: 'vector', element: { kind: 'u8' } }, { kind: 'u8' })).toBe(false);
    expect(structTagEquals(structTag('0x1', 'm', 'S'), structTag('0x1', 'm', 'S', [{ kind: 'u8' }]))).toBe(false);
  });

  it('rejects invalid identifiers and addresses in structTag()', () => {
    expect(() => structTag('0x1', '1m', 'S')).toThrow(TypeTagError);
    expect(() => structTag('0x1', 'm', '_')).toThrow(TypeTagError);
    expect(() => structTag('0xzz', 'm', 'S')).toThrow();
  });
});

describe('TypeTag / StructTag BCS (docs/node-behaviour.md §4)', () => {
  it.each([
    ['bool', '00'],
    ['u8', '01'],
    ['u64', '02'],
    ['u128', '03'],
    ['address', '04'],
    ['signer', '05'],
    ['vector<u8>', '0601'],
    ['u16', '08'],
    ['u32', '09'],
    ['u256', '0a'],
    ['vector<vector<u256>>', '06060a'],
  ])('encodes %s as %s', (text, hex) => {
    expect(bytesToHex(encodeTypeTag(parseTypeTag(text)), false)).toBe(hex);
    expect(formatTypeTag(decodeBcs(hexToBytes(hex), readTypeTag))).toBe(text);
  });

  it('encodes a struct tag: address, module, name, type arguments', () => {
    const hex = bytesToHex(encodeStructTag(parseStructTag('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>')), false);
    const one = `${'00'.repeat(31)}01`;
    const utf8 = (text: string): string => bytesToHex(new TextEncoder().encode(text), false);
    expect(hex).toBe(
      `${one}04${utf8('coin')}09${utf8('CoinStore')}0107${one}0a${utf8('aptos_coin')}09${utf8('AptosCoin')}00`,
    );
    expect(formatTypeTag({ kind: 'struct', struct: decodeBcs(hexToBytes(hex), readStructTag) })).toBe(
      '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
    );
    expect(bytesToHex(encodeTypeTag(parseTypeTag('0x1::m::S')), false)).toBe(`07${one}016d015300`);
  });

  it('builds the example cursor of the module key 0x1::staking_proxy', () => {
    const address = parseAddress('0x1');
    // Path::Code(ModuleId { address, name }) = variant 0.
    const path = new BcsWriter().variantIndex(0).address(address).string('staking_proxy').toBytes();
    const key = new BcsWriter().u8(0x00).address(address).bytes(path).toBytes();
    const expected =
      '00' +
      '00'.repeat(31) +
      '01' +
      '2f' +
      '00' +
      '00'.repeat(31) +
      '01' +
      '0d' +
      bytesToHex(new TextEncoder().encode('staking_proxy'), false);
    expect(bytesToHex(key, false)).toBe(expected);
  });

  it('builds a resource key whose path is BCS(Path::Resource(StructTag))', () => {
    const address = parseAddress('0xcafe');
    const path = new BcsWriter().variantIndex(1);
    writeStructTag(path, parseStructTag('0x1::account::Account'));
    const key = new BcsWriter().u8(0x00).address(address).bytes(path.toBytes()).toBytes();
    const r = new BcsReader(key);
    expect(r.u8()).toBe(0);
    expect(bytesToHex(r.address())).toBe(`0x${'00'.repeat(30)}cafe`);
    const inner = new BcsReader(r.bytes());
    r.assertFinished();
    expect(inner.variantIndex()).toBe(1);
    expect(formatStructTag(readStructTag(inner))).toBe('0x1::account::Account');
    inner.assertFinished();
  });

  it('rejects unknown variants, function types, bad identifiers and over-deep nesting when reading', () => {
    const e11 = (() => {
      try {
        decodeBcs(hexToBytes('0b'), readTypeTag);
      } catch (error) {
        return error as BcsError;
      }
      throw new Error('no error');
    })();
    expect(e11).toBeInstanceOf(BcsError);
    expect(e11.message).toBe(
      'BCS: at byte 0: expected TypeTag variant 0..10, found variant 11 (function types are not supported)',
    );
    expect(() => decodeBcs(hexToBytes('0c'), readTypeTag)).toThrow('found variant 12');
    const one = `${'00'.repeat(31)}01`;
    expect(() => decodeBcs(hexToBytes(`${one}01310153` + '00'), readStructTag)).toThrow(
      'module name (a Move identifier)',
    );
    expect(formatTypeTag(decodeBcs(hexToBytes(`${'06'.repeat(8)}01`), readTypeTag))).toBe(vectors(8, 'u8'));
    expect(() => decodeBcs(hexToBytes(`${'06'.repeat(9)}01`), readTypeTag)).toThrow(
      'expected type tag nested at most 8 levels',
    );
    expect(() => decodeBcs(hexToBytes(`${'06'.repeat(100000)}01`), readTypeTag)).toThrow(BcsError);
  });
});

describe('type tag properties', () => {
  const whitespace = fc.array(fc.constantFrom('', '', ' ', '\t', '\n', '  ', '\r\n'), { minLength: 64, maxLength: 64 });

  it('print -> parse is the identity (also with arbitrary whitespace between tokens)', () => {
    fc.assert(
      fc.property(typeTagArb(3), whitespace, (tag, spaces) => {
        const text = formatTypeTag(tag);
        const parsed = parseTypeTag(text);
        expect(typeTagEquals(parsed, tag)).toBe(true);
        expect(formatTypeTag(parsed)).toBe(text);
        let i = 0;
        const next = (): string => spaces[i++ % spaces.length] ?? '';
        const spaced = text.replace(/::|<|>|, /g, (token) => `${next()}${token.trim()}${next()}`);
        expect(formatTypeTag(parseTypeTag(`${next()}${spaced}${next()}`))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('BCS write -> read is the identity', () => {
    fc.assert(
      fc.property(typeTagArb(3), (tag: TypeTag) => {
        const back = decodeBcs(encodeTypeTag(tag), readTypeTag);
        expect(typeTagEquals(back, tag)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
