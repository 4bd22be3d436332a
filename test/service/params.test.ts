import { describe, expect, it } from 'vitest';
import { formatAddress, parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { encodeStructTag, formatStructTag, parseStructTag } from '../../shared/type-tag.ts';
import { ApiError } from '../../electron/service/http-errors.ts';
import {
  decodePathSegment,
  parseAddressParam,
  parseIdentifierParam,
  parseStructTagParam,
  parseTypeTagInput,
  parseU16,
  parseU64,
} from '../../electron/service/params.ts';
import { formatCursor, parseResourceCursor } from '../../electron/service/cursor.ts';
import { resourceStateKey } from '../../electron/snapshot/state-keys.ts';

const ALICE = parseAddress('0xa11ce');
const ACCOUNT_TAG = parseStructTag('0x1::account::Account');

/** Runs `fn` and returns the status and error code of the ApiError it throws. */
function failure(fn: () => unknown): { status: number; code: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.errorCode };
    throw error;
  }
  throw new Error('expected an ApiError');
}
const wfe = { status: 400, code: 'web_framework_error' };
const invalid = { status: 400, code: 'invalid_input' };

describe('address parameters', () => {
  it('accepts the node forms', () => {
    for (const text of ['0x1', '1', '0x001', '0xA550C18', `0x${'f'.repeat(64)}`]) {
      expect(parseAddressParam(text, 'address')).toHaveLength(32);
    }
    expect(formatAddress(parseAddressParam('0xA550C18', 'address'))).toBe('0xa550c18');
  });
  it('refuses the rest with 400 web_framework_error', () => {
    for (const text of ['', '0x', '0X1', '00x1', '0xzz', `0x${'1'.repeat(65)}`]) {
      expect(failure(() => parseAddressParam(text, 'address'))).toEqual(wfe);
    }
  });
});

describe('u64 and u16 parameters', () => {
  it('parses decimal u64 up to 2^64-1', () => {
    expect(parseU64('0', 'v')).toBe(0n);
    expect(parseU64('18446744073709551615', 'v')).toBe(18446744073709551615n);
  });
  it('refuses non-decimal or overflowing u64 with web_framework_error', () => {
    for (const text of ['', '-1', '1.5', '0x10', ' 1', '18446744073709551616', 'abc', '1e3']) {
      expect(failure(() => parseU64(text, 'v'))).toEqual(wfe);
    }
  });
  it('parses u16 limits and refuses the rest', () => {
    expect(parseU16('65535', 'limit')).toBe(65535);
    expect(parseU16('0000005', 'limit')).toBe(5);
    expect(parseU16('00000000000000000000065535', 'limit')).toBe(65535);
    for (const text of ['65536', '-1', 'ten', '', '99999999999999999999']) {
      expect(failure(() => parseU16(text, 'limit'))).toEqual(wfe);
    }
  });
});

describe('struct tags in paths', () => {
  it('accepts raw and percent-encoded forms (including <, > and ,)', () => {
    const encoded = '0x1%3A%3Acoin%3A%3ACoinStore%3C0x1%3A%3Aaptos_coin%3A%3AAptosCoin%3E';
    expect(formatStructTag(parseStructTagParam(decodePathSegment(encoded), 't'))).toBe(
      '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
    );
    expect(formatStructTag(parseStructTagParam(decodePathSegment('0x1::account::Account'), 't'))).toBe(
      '0x1::account::Account',
    );
    const pair = decodePathSegment('0x1%3A%3Am%3A%3AP%3Cu8%2C%20u64%3E');
    expect(formatStructTag(parseStructTagParam(pair, 't'))).toBe('0x1::m::P<u8, u64>');
    expect(formatStructTag(parseStructTagParam(decodePathSegment('0x1::m::P<u8,u64>'), 't'))).toBe(
      '0x1::m::P<u8, u64>',
    );
  });
  it('refuses bad percent-encoding and bad tags with web_framework_error', () => {
    expect(failure(() => decodePathSegment('0x1%3::m::S'))).toEqual(wfe);
    expect(failure(() => decodePathSegment('%E0%A4%A'))).toEqual(wfe);
    expect(failure(() => parseStructTagParam('0x1::m', 't'))).toEqual(wfe);
    expect(failure(() => parseStructTagParam('u8', 't'))).toEqual(wfe);
  });
  it('refuses nesting deeper than 8 with invalid_input', () => {
    let deep = 'u8';
    for (let i = 0; i < 9; i += 1) deep = `vector<${deep}>`;
    expect(failure(() => parseStructTagParam(`0x1::m::S<${deep}>`, 't'))).toEqual(invalid);
    expect(failure(() => parseTypeTagInput(deep, 'key_type'))).toEqual(invalid);
    let ok = 'u8';
    for (let i = 0; i < 8; i += 1) ok = `vector<${ok}>`;
    expect(parseTypeTagInput(ok, 'key_type').kind).toBe('vector');
  });
  it('counts two levels per generic struct, as the node verifier does', () => {
    const nest = (depth: number): string => (depth === 0 ? 'u8' : `0x1::m::S<${nest(depth - 1)}>`);
    // As a type: S<...> at level 0, its tag at 1, its arguments at 2: four nested S put u8 at 8.
    expect(parseTypeTagInput(nest(4), 'key_type').kind).toBe('struct');
    expect(failure(() => parseTypeTagInput(nest(5), 'key_type'))).toEqual(invalid);
    // As a path struct tag the outer tag is level 0 and its arguments level 1: the same count.
    expect(parseStructTagParam(nest(4), 't').name).toBe('S');
    expect(failure(() => parseStructTagParam(nest(5), 't'))).toEqual(invalid);
    expect(failure(() => parseStructTagParam(`vector<${nest(1)}>`, 't'))).toEqual(wfe);
  });
  it('refuses unparsable body type tags with invalid_input', () => {
    expect(failure(() => parseTypeTagInput('u9', 'key_type'))).toEqual(invalid);
    expect(failure(() => parseTypeTagInput('&u8', 'key_type'))).toEqual(invalid);
  });
  it('keeps parsed body type tags by text: the same tag again, a refused text refused every time by its name', () => {
    const text = '0x1::table_test::Key<vector<u8>, address>';
    const first = parseTypeTagInput(text, 'key_type');
    expect(parseTypeTagInput(text, 'value_type')).toBe(first);
    expect(first).toEqual({ kind: 'struct', struct: parseStructTag(text) });
    for (const name of ['key_type', 'value_type']) {
      expect(() => parseTypeTagInput('u9', name)).toThrow(new RegExp(`invalid ${name} "u9"`));
    }
  });
});

describe('identifiers', () => {
  it('accepts Move identifiers, refuses others', () => {
    expect(parseIdentifierParam('coin_register_events', 'field_name')).toBe('coin_register_events');
    expect(parseIdentifierParam('_x', 'field_name')).toBe('_x');
    for (const text of ['', '_', '1abc', 'a-b', 'a::b'])
      expect(failure(() => parseIdentifierParam(text, 'field_name'))).toEqual(wfe);
  });
});

describe('resources cursor', () => {
  it('round-trips a resource state key as lower-case hex', () => {
    const key = resourceStateKey(ALICE, ACCOUNT_TAG);
    // §4: 0x00, the address, ULEB128 length of the path, then Path::Resource (1) and the StructTag.
    const path = new BcsWriter().variantIndex(1).fixedBytes(encodeStructTag(ACCOUNT_TAG)).toBytes();
    expect(key).toEqual(new BcsWriter().u8(0).address(ALICE).bytes(path).toBytes());
    const text = formatCursor(key);
    expect(text).toMatch(/^[0-9a-f]+$/);
    expect(parseResourceCursor(text)).toEqual(key);
    expect(parseResourceCursor(text.toUpperCase())).toEqual(key);
  });
  it('accepts the module key of the documentation example', () => {
    const name = Buffer.from('staking_proxy').toString('hex');
    const text = `00${'00'.repeat(31)}01` + `2f00${'00'.repeat(31)}010d${name}`;
    expect(parseResourceCursor(text)).toHaveLength(1 + 32 + 1 + 47);
  });
  it('refuses odd length, non-hex, 0x prefix, truncation and trailing bytes with web_framework_error', () => {
    const text = formatCursor(resourceStateKey(ALICE, ACCOUNT_TAG));
    for (const bad of ['', 'abc', 'zz', `0x${text}`, text.slice(0, -2), `${text}00`, `01${text.slice(2)}`]) {
      expect(failure(() => parseResourceCursor(bad))).toEqual(wfe);
    }
  });
});
