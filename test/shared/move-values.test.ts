import { describe, expect, it } from 'vitest';
import { BcsError, MoveValueError } from '../../shared/codec-error.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { decodeMoveValue } from '../../shared/move/decode.ts';
import { encodeMoveValue } from '../../shared/move/encode.ts';
import { resolveLayout, type MoveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag } from '../../shared/type-tag.ts';
import { frameworkLookup } from './fixtures.ts';

const layoutOf = (type: string): MoveLayout => resolveLayout(parseTypeTag(type), frameworkLookup());
const one = `${'00'.repeat(31)}01`;

/** Decodes hex with the layout of `type`. */
const out = (type: string, hex: string) => decodeMoveValue(hexToBytes(hex), layoutOf(type));
/** Encodes JSON-in with the layout of `type`, as bare hex. */
const enc = (type: string, json: unknown) => bytesToHex(encodeMoveValue(json, layoutOf(type)), false);

function valueError(run: () => unknown): MoveValueError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MoveValueError);
    return error as MoveValueError;
  }
  throw new Error('expected a MoveValueError');
}

describe('Move values <-> JSON (docs/node-behaviour.md §3)', () => {
  it('bool: true/false both ways; other JSON refused', () => {
    expect(out('bool', '01')).toBe(true);
    expect(out('bool', '00')).toBe(false);
    expect(enc('bool', true)).toBe('01');
    expect(enc('bool', false)).toBe('00');
    for (const bad of [1, 0, 'true', null]) valueError(() => enc('bool', bad));
  });

  it('u8, u16, u32: JSON numbers both ways', () => {
    expect(out('u8', 'ff')).toBe(255);
    expect(out('u16', 'ffff')).toBe(65535);
    expect(out('u32', 'ffffffff')).toBe(4294967295);
    expect(enc('u8', 255)).toBe('ff');
    expect(enc('u16', 0x1234)).toBe('3412');
    expect(enc('u32', 4294967295)).toBe('ffffffff');
  });

  it.each([
    ['u8', 256],
    ['u8', -1],
    ['u8', 1.5],
    ['u8', '1'],
    ['u16', 65536],
    ['u32', 4294967296],
    ['u32', Number.NaN],
    ['u32', null],
  ])('refuses %s %j', (type, json) => {
    expect(valueError(() => enc(type, json)).path).toBe('$');
  });

  it('u64, u128, u256: decimal strings both ways', () => {
    expect(out('u64', 'ffffffffffffffff')).toBe('18446744073709551615');
    expect(out('u64', '0100000000000000')).toBe('1');
    expect(out('u64', 'ffffffffffff1f00')).toBe('9007199254740991');
    expect(out('u64', '0000000000002000')).toBe('9007199254740992');
    expect(out('u128', 'ff'.repeat(16))).toBe(((1n << 128n) - 1n).toString());
    expect(out('u128', `01${'00'.repeat(15)}`)).toBe('1');
    expect(out('u256', 'ff'.repeat(32))).toBe(((1n << 256n) - 1n).toString());
    expect(out('u256', `${'00'.repeat(31)}80`)).toBe((1n << 255n).toString());
    expect(enc('u64', '18446744073709551615')).toBe('ff'.repeat(8));
    expect(enc('u128', '340282366920938463463374607431768211455')).toBe('ff'.repeat(16));
    expect(enc('u256', ((1n << 256n) - 1n).toString())).toBe('ff'.repeat(32));
  });

  it('accepts leading zeros in big integers, as Rust u64::from_str does', () => {
    expect(enc('u64', '007')).toBe('0700000000000000');
    expect(enc('u64', `${'0'.repeat(30)}18446744073709551615`)).toBe('ff'.repeat(8));
  });

  it.each([
    ['u64', 5, 'expected a decimal string for u64 (numbers are refused), found number 5'],
    ['u64', '-1', 'expected a decimal string of digits for u64, found string "-1"'],
    ['u64', '1.0', 'expected a decimal string of digits for u64'],
    ['u64', '', 'expected a decimal string of digits for u64'],
    ['u64', '+1', 'expected a decimal string of digits for u64'],
    ['u64', ' 1', 'expected a decimal string of digits for u64'],
    ['u64', '1e3', 'expected a decimal string of digits for u64'],
    ['u64', '0x10', 'expected a decimal string of digits for u64'],
    ['u64', '18446744073709551616', 'expected a value that fits in u64'],
    ['u128', '340282366920938463463374607431768211456', 'expected a value that fits in u128'],
    ['u256', (1n << 256n).toString(), 'expected a value that fits in u256'],
  ])('refuses %s %j', (type, json, message) => {
    expect(valueError(() => enc(type, json)).message).toContain(message);
  });

  it('address, signer: short form out; any valid address form in', () => {
    expect(out('address', one)).toBe('0x1');
    expect(out('signer', `${'00'.repeat(28)}0a550c18`)).toBe('0xa550c18');
    expect(out('address', '00'.repeat(32))).toBe('0x0');
    for (const form of ['0x1', '0x001', '1', `0x${one}`]) expect(enc('address', form)).toBe(one);
    expect(enc('signer', '0xA550C18')).toBe(`${'00'.repeat(28)}0a550c18`);
    for (const bad of ['', '0x', '0X1', 'zz', 1]) valueError(() => enc('address', bad));
  });

  it('vector<u8>: 0x + hex out (never trimmed, empty is 0x); hex in with optional 0x', () => {
    expect(out('vector<u8>', '020001')).toBe('0x0001');
    expect(out('vector<u8>', '00')).toBe('0x');
    expect(enc('vector<u8>', '0x0001')).toBe('020001');
    expect(enc('vector<u8>', 'ABcd')).toBe('02abcd');
    expect(enc('vector<u8>', '0x')).toBe('00');
    expect(enc('vector<u8>', '')).toBe('00');
    for (const bad of ['0x1', '0X00', 'zz', [1, 2]]) valueError(() => enc('vector<u8>', bad));
  });

  it('vector<T>: arrays both ways', () => {
    expect(out('vector<u64>', '020100000000000000' + '0200000000000000')).toEqual(['1', '2']);
    expect(out('vector<vector<u8>>', '020101' + '00')).toEqual(['0x01', '0x']);
    expect(enc('vector<u16>', [1, 2])).toBe('0201000200');
    expect(enc('vector<bool>', [])).toBe('00');
    expect(valueError(() => enc('vector<u16>', [1, 'x'])).path).toBe('$[1]');
    valueError(() => enc('vector<u16>', { 0: 1 }));
  });

  it('0x1::string::String: a JSON string both ways; strict UTF-8', () => {
    expect(out('0x1::string::String', '06' + bytesToHex(new TextEncoder().encode('héllo'), false))).toBe('héllo');
    expect(enc('0x1::string::String', 'héllo')).toBe('06' + bytesToHex(new TextEncoder().encode('héllo'), false));
    expect(enc('0x1::string::String', '')).toBe('00');
    expect(() => out('0x1::string::String', '02c328')).toThrow(BcsError);
    expect(() => out('0x1::string::String', '02c328')).toThrow('BCS: at byte 1: expected valid UTF-8, found 0xc3 0x28');
    expect(valueError(() => enc('0x1::string::String', 'a\udc00')).message).toContain('lone surrogates');
    valueError(() => enc('0x1::string::String', 5));
  });

  it('0x1::option::Option<T>: {"vec": []} / {"vec": [v]} both ways', () => {
    expect(out('0x1::option::Option<u64>', '00')).toEqual({ vec: [] });
    expect(out('0x1::option::Option<u64>', '01' + '0500000000000000')).toEqual({ vec: ['5'] });
    expect(enc('0x1::option::Option<u64>', { vec: [] })).toBe('00');
    expect(enc('0x1::option::Option<u64>', { vec: ['5'] })).toBe('010500000000000000');
    expect(() => out('0x1::option::Option<u64>', '02')).toThrow('expected option tag 0 or 1, found 0x02');
    expect(valueError(() => enc('0x1::option::Option<u64>', { vec: ['1', '2'] })).path).toBe('$.vec');
    valueError(() => enc('0x1::option::Option<u64>', {}));
    valueError(() => enc('0x1::option::Option<u64>', null));
    expect(valueError(() => enc('0x1::option::Option<u64>', { vec: [1] })).path).toBe('$.vec[0]');
  });

  it('0x1::object::Object<T>: {"inner": "0x.."} out; an address string in', () => {
    expect(out('0x1::object::Object<0xcafe::shapes::Shape>', one)).toEqual({ inner: '0x1' });
    expect(enc('0x1::object::Object<0xcafe::shapes::Shape>', '0x1')).toBe(one);
    valueError(() => enc('0x1::object::Object<0xcafe::shapes::Shape>', { inner: '0x1' }));
  });

  it('0x1::table::Table<K, V>: an ordinary struct {"handle": "0x.."}', () => {
    expect(out('0x1::table::Table<u64, address>', one)).toEqual({ handle: '0x1' });
    expect(enc('0x1::table::Table<u64, address>', { handle: '1' })).toBe(one);
  });

  it('other structs: keys sorted by name (BCS in declaration order); extra keys ignored on input', () => {
    const type = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';
    const hex =
      '0a00000000000000' +
      '00' +
      '0200000000000000' +
      '0200000000000000' +
      one +
      '0000000000000000' +
      '0300000000000000' +
      one;
    const value = out(type, hex);
    expect(JSON.stringify(value)).toBe(
      '{"coin":{"value":"10"},' +
        '"deposit_events":{"counter":"2","guid":{"id":{"addr":"0x1","creation_num":"2"}}},"frozen":false,' +
        '"withdraw_events":{"counter":"0","guid":{"id":{"addr":"0x1","creation_num":"3"}}}}',
    );
    expect(enc(type, { ...(value as object), unknown_key: [1, 2, 3] })).toBe(hex);
  });

  it('names the path of a missing or wrong field', () => {
    const type = '0xcafe::shapes::Holder';
    const good = { items: [{ key: 'a', value: '1', flag: true }], owner: '0x1' };
    expect(enc(type, good)).toBe('01' + '0161' + '0100000000000000' + '01' + one);
    const items = [good.items[0], good.items[0], { value: '3', flag: false }];
    const e = valueError(() => enc(type, { items, owner: '0x1' }));
    expect(e.path).toBe('$.items[2].key');
    expect(e.message).toBe('$.items[2].key: missing field key of struct Item');
    expect(valueError(() => enc(type, { items: [{ key: 'a', value: 1, flag: true }], owner: '0x1' })).path).toBe(
      '$.items[0].value',
    );
    expect(valueError(() => enc(type, 'x')).path).toBe('$');
    // Inherited properties are not fields.
    expect(valueError(() => enc('0x1::guid::ID', Object.create({ creation_num: '1', addr: '0x1' }))).path).toBe(
      '$.creation_num',
    );
  });

  it('enums: {"__variant__": name, ...fields} out; {"Name": {...fields}} in', () => {
    const type = '0xcafe::shapes::Shape';
    expect(out(type, '00' + '0700000000000000')).toEqual({ __variant__: 'Circle', radius: '7' });
    expect(JSON.stringify(out(type, '01' + '02000000' + '03000000'))).toBe('{"__variant__":"Rect","h":3,"w":2}');
    expect(out(type, '02')).toEqual({ __variant__: 'Empty' });
    expect(enc(type, { Circle: { radius: '7' } })).toBe('000700000000000000');
    expect(enc(type, { Rect: { w: 2, h: 3 } })).toBe('010200000003000000');
    expect(enc(type, { Empty: {} })).toBe('02');
    expect(() => out(type, '03')).toThrow(
      'BCS: at byte 0: expected variant index below 3 for 0xcafe::shapes::Shape, found 3',
    );
    expect(() => out(type, '8000')).toThrow('canonical ULEB128');
    expect(valueError(() => enc(type, { Square: {} })).message).toContain('(Circle, Rect, Empty)');
    valueError(() => enc(type, { Circle: { radius: '1' }, Empty: {} }));
    valueError(() => enc(type, { __variant__: 'Empty' }));
    expect(valueError(() => enc(type, { Rect: { w: 2 } })).path).toBe('$.Rect.h');
  });

  it('sorts enum keys with __variant__ in byte order (upper case < "_" < lower case)', () => {
    const layout: MoveLayout = {
      kind: 'enum',
      tag: { address: '0x1', module: 'm', name: 'E', typeArgs: [] },
      variants: [
        {
          name: 'V',
          fields: [
            { name: 'b', layout: { kind: 'u8' } },
            { name: 'A', layout: { kind: 'u8' } },
            { name: '_0', layout: { kind: 'u8' } },
          ],
        },
      ],
    };
    expect(Object.keys(decodeMoveValue(hexToBytes('00010203'), layout) as object)).toEqual([
      'A',
      '_0',
      '__variant__',
      'b',
    ]);
  });

  it('keeps a field called __proto__ as a real key, both ways', () => {
    const layout: MoveLayout = {
      kind: 'struct',
      tag: { address: '0x1', module: 'm', name: 'P', typeArgs: [] },
      fields: [
        { name: '__proto__', layout: { kind: 'u8' } },
        { name: 'a', layout: { kind: 'u8' } },
      ],
    };
    const value = decodeMoveValue(hexToBytes('0102'), layout);
    expect(JSON.stringify(value)).toBe('{"__proto__":1,"a":2}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(bytesToHex(encodeMoveValue(JSON.parse('{"__proto__":1,"a":2}'), layout), false)).toBe('0102');
  });

  it('rejects truncated input and trailing bytes', () => {
    expect(() => out('u64', '01')).toThrow('BCS: at byte 0: expected u64 (8 bytes), found end of input (1 bytes left)');
    expect(() => out('u8', '0102')).toThrow('BCS: at byte 1: expected end of input, found 1 trailing byte');
    expect(() => out('vector<u64>', '03' + '00'.repeat(16))).toThrow(
      'expected vector length fitting the 16 bytes left, found length 3',
    );
  });
});
