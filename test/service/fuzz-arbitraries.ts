/**
 * fast-check generators of the request parts of the fuzz, each with its verdict (fuzz-model.ts):
 * addresses (every node form, `0X1`, 65 digits, unicode, `%zz`), struct and type tags (deep
 * nesting, unbalanced `<>`, references, garbage, raw or percent-encoded), field names, cursors
 * (odd, non-hex, not a state key, huge), limits, versions, creation numbers and other u64s
 * (start, start_version, end_version), and Accept variants. Bodies are in fuzz-bodies.ts, whole
 * requests in fuzz-shapes.ts.
 */
import fc from 'fast-check';
import { bytesToHex } from '../../shared/hex.ts';
import type { Facts } from './fuzz-facts.ts';
import {
  INVALID,
  NOT_FOUND_VERSION,
  PRUNED,
  seg,
  TOO_LARGE_HEAD,
  U64_MAX,
  WFE,
  type Fault,
  type Format,
  type Part,
} from './fuzz-model.ts';

const ADDRESS = /^(0x)?[0-9a-fA-F]{1,64}$/;
const DIGITS = /^[0-9]+$/;
const addressFault = (text: string): Fault | undefined => (ADDRESS.test(text) ? undefined : WFE);
const u64Fault = (text: string): Fault | undefined => (DIGITS.test(text) && BigInt(text) <= U64_MAX ? undefined : WFE);
const u16Fault = (text: string): Fault | undefined => (DIGITS.test(text) && BigInt(text) <= 0xffffn ? undefined : WFE);

/** Malformed escapes: the segment does not decode (path), or stays literal (query). */
export const BAD_ESCAPES = ['%zz', '%', '0x%1', '%E0%A4%A', '%g0', '1%'];

/** Hex digits of either case, `min` to `max` of them. */
const hex = (min: number, max: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: min, maxLength: max });
/** Any graphemes (not '.' or '..', which fetch would resolve away as path segments). */
export const junk = (max = 24): fc.Arbitrary<string> =>
  fc.string({ unit: 'grapheme', maxLength: max }).filter((t) => t !== '.' && t !== '..');
/** A Move identifier. */
export const ident = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
/** `depth` vectors around `inner`. */
export const vectors = (depth: number, inner = 'u8'): string =>
  depth === 0 ? inner : `vector<${vectors(depth - 1, inner)}>`;
/** `depth` generic structs nested around u8. */
export const structs = (depth: number): string => (depth === 0 ? 'u8' : `0x1::m::S<${structs(depth - 1)}>`);

/** Address texts: every node form of the sample accounts, random hex, and broken forms. */
function addressText(f: Facts): fc.Arbitrary<string> {
  const account = fc.constantFrom(...f.accounts);
  return fc.oneof(
    { weight: 6, arbitrary: account },
    { weight: 2, arbitrary: account.map((a) => a.slice(2).padStart(64, '0')) },
    { weight: 2, arbitrary: account.map((a) => `0x${a.slice(2).toUpperCase()}`) },
    { weight: 2, arbitrary: hex(1, 64).map((h) => `0x${h}`) },
    { weight: 1, arbitrary: hex(1, 64) },
    { weight: 1, arbitrary: hex(65, 90).map((h) => `0x${h}`) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0x',
        '0X1',
        '00x1',
        '0xzz',
        `0x${'1'.repeat(65)}`,
        '1'.repeat(65),
        '0x1é',
        'é',
        '0x-1',
        ' 0x1',
        '0x1 ',
        '0x１',
        '٣',
        '0x1/2',
        'x1',
        '0x1::m',
      ),
    },
    { weight: 2, arbitrary: junk() },
  );
}

/** An address as a path segment ('' leaves the segment empty: no route matches). */
export function addressSegment(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 12, arbitrary: addressText(f).map((t) => seg(t, t === '' ? undefined : addressFault(t))) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

/** An address as a query value. */
export function addressValue(f: Facts): fc.Arbitrary<Part> {
  return addressText(f).map((t) => seg(t, addressFault(t)));
}

/** A struct tag path segment: known, generated, deep, unbalanced, references, garbage; raw or encoded. */
export function structSegment(f: Facts): fc.Arbitrary<Part> {
  const known = fc.constantFrom(...f.resourceTypes, ...f.streams.map((s) => s.struct));
  const valid = fc.oneof(
    known,
    fc
      .tuple(
        fc.constantFrom('0x1', '0xcafe', `0x${'0'.repeat(63)}1`, '0xA'),
        ident,
        ident.map((n) => n[0]!.toUpperCase() + n.slice(1)),
      )
      .map(([a, m, n]) => `${a}::${m}::${n}`),
    fc.integer({ min: 0, max: 7 }).map((d) => `0x1::m::S<${vectors(d)}>`),
    fc.integer({ min: 1, max: 4 }).map((d) => structs(d)),
    known.map((t) => t.replaceAll('<', ' < ').replaceAll(',', ' ,  ').replaceAll('>', ' >')),
    // A trailing comma and empty type arguments are accepted, as by the node's Move type parser.
    fc.constantFrom(
      '0x1::m::P<u8,u64>',
      '0x1::m::P<u8, vector<address>, bool>',
      '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
      '0x1::m::S<u8,>',
      '0x1::m::S<>',
    ),
  );
  const deep = fc.oneof(
    fc.integer({ min: 8, max: 60 }).map((d) => `0x1::m::S<${vectors(d)}>`),
    fc.integer({ min: 5, max: 30 }).map((d) => structs(d)),
  );
  const broken = fc.oneof(
    known.map((t) => `${t}<`),
    known.map((t) => `${t}>`),
    fc.constantFrom(
      '0x1::m',
      'u8',
      'vector<u8>',
      '0x1::m::S<',
      '0x1::m::S<u8',
      '0x1::m::S<u8>>',
      '<>',
      '0x1::m::S<&u8>',
      '&0x1::m::S',
      '0x1::m::S<&mut u8>',
      '0x1::1m::S',
      '0x1::m::S::T',
      '::m::S',
      '0x::m::S',
      '0xzz::m::S',
      `0x${'1'.repeat(65)}::m::S`,
      '0x1::m::S<,u8>',
    ),
    fc.integer({ min: 1, max: 200 }).map((d) => `0x1::m::S<${'vector<'.repeat(d)}u8`),
  );
  const asSent =
    (fault: Fault | undefined) =>
    (t: string): fc.Arbitrary<Part> =>
      /^[0-9a-zA-Z:_<>, &]+$/.test(t)
        ? fc.constantFrom<Part>(seg(t, fault), { text: t, fault })
        : fc.constant(seg(t, fault));
  return fc.oneof(
    { weight: 8, arbitrary: valid.chain(asSent(undefined)) },
    { weight: 2, arbitrary: deep.chain(asSent(INVALID)) },
    { weight: 3, arbitrary: broken.chain(asSent(WFE)) },
    { weight: 1, arbitrary: junk().map((t) => seg(t, t === '' ? undefined : 'unknown')) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

/** An event handle field name segment: known fields, identifiers, non-identifiers, bad escapes. */
export function fieldSegment(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...f.streams.map((s) => s.field)).map((t) => seg(t, undefined)) },
    { weight: 2, arbitrary: ident.map((t) => seg(t, undefined)) },
    { weight: 2, arbitrary: fc.constantFrom('1abc', 'a-b', '_', 'é', 'a::b', 'a b', 'a.b').map((t) => seg(t, WFE)) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

/** u64 texts: samples, edges, random, and non-u64 forms. */
function u64Text(samples: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...samples,
        '0',
        '1',
        '9223372036854775807',
        '9223372036854775808',
        '18446744073709551615',
      ),
    },
    { weight: 3, arbitrary: fc.bigInt(0n, U64_MAX).map(String) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 6000 }).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '-1',
        '1.5',
        '0x10',
        '18446744073709551616',
        '99999999999999999999999',
        '1e3',
        ' 1',
        '1 ',
        '+1',
        'abc',
        '٣',
        '',
        '00',
        '-0',
      ),
    },
    { weight: 1, arbitrary: junk(12) },
  );
}

/** A u64 query value or path segment text with its verdict. */
export const u64Value = (samples: readonly string[]): fc.Arbitrary<Part> =>
  u64Text(samples).map((t) => seg(t, u64Fault(t)));

/** A u64 path segment ('' leaves the segment empty: no route matches). */
export function u64Segment(samples: readonly string[]): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 10, arbitrary: u64Text(samples).map((t) => seg(t, t === '' ? undefined : u64Fault(t))) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

/** A `limit` value: `zero` says what 0 gives on this endpoint. */
export function limitValue(zero: Fault | undefined): fc.Arbitrary<Part> {
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 120 }).map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '0',
        '100',
        '101',
        '1000',
        '9999',
        '10000',
        '65535',
        '065535',
        '0001',
        '0000005',
        '00000000000000000000065535',
      ),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '-1',
        '65536',
        '1000000000',
        '1e9',
        'abc',
        '',
        '1.5',
        '0x10',
        ' 5',
        '99999999999999999999',
      ),
    },
    { weight: 1, arbitrary: junk(8) },
  );
  return text.map((t) => seg(t, u16Fault(t) ?? (t !== '' && DIGITS.test(t) && Number(t) === 0 ? zero : undefined)));
}

/** A `ledger_version` value: retained, future, pruned, or not a u64. */
export function versionValue(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.bigInt(f.oldest, f.latest).map((v) => seg(String(v), undefined)) },
    { weight: 1, arbitrary: fc.constantFrom(f.oldest, f.latest).map((v) => seg(`00${v}`, undefined)) },
    { weight: 2, arbitrary: fc.bigInt(f.latest + 1n, U64_MAX).map((v) => seg(String(v), NOT_FOUND_VERSION)) },
    { weight: 2, arbitrary: fc.bigInt(0n, f.oldest - 1n).map((v) => seg(String(v), PRUNED)) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('-1', '1.5', '0x10', '18446744073709551616', 'latest', '', '1e4')
        .map((t) => seg(t, WFE)),
    },
  );
}

/** A `/resources` cursor: valid state keys, broken hex, not a state key, huge. */
export function cursorValue(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .constantFrom(...f.cursors)
        .chain((c) => fc.constantFrom(c, c.toUpperCase()))
        .map((c) => seg(c, undefined)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...f.cursors).map((c) => seg(c.slice(0, -1), WFE)) },
    { weight: 1, arbitrary: fc.constantFrom(...f.cursors).map((c) => seg(`0x${c}`, WFE)) },
    { weight: 1, arbitrary: fc.constantFrom(...f.cursors).map((c) => seg(`${c}00`, WFE)) },
    {
      weight: 2,
      arbitrary: hex(0, 40)
        .map((h) => `${h}z`)
        .map((t) => seg(t, WFE)),
    },
    // Valid hex that is not a state key: the first byte is not the access-path tag 0x00.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 255 }), fc.uint8Array({ maxLength: 100 }))
        .map(([tag, rest]) => seg(bytesToHex(Uint8Array.of(tag, ...rest), false), WFE)),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 3500 }).map((n) => seg('ab'.repeat(n), WFE)) },
    { weight: 1, arbitrary: fc.constantFrom('', '0', '0x', 'zz').map((t) => seg(t, WFE)) },
  );
}

/** Rarely, a cursor that makes the request head too large for Node's parser (16 KiB). */
export const giantCursor = fc.oneof(
  { weight: 999, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.integer({ min: 20_000, max: 40_000 }).map((n) => seg('ab'.repeat(n), TOO_LARGE_HEAD)) },
);

/** Accept headers with the format the negotiation must pick (first exact match in q order, else JSON). */
const ACCEPTS: readonly (readonly [string | undefined, Format])[] = [
  [undefined, 'json'],
  [undefined, 'json'],
  ['application/json', 'json'],
  ['application/x-bcs', 'bcs'],
  ['application/x-bcs', 'bcs'],
  ['APPLICATION/X-BCS', 'bcs'],
  ['application/json, application/x-bcs', 'json'],
  ['application/x-bcs, application/json', 'bcs'],
  ['application/json;q=0.1, application/x-bcs;q=0.9', 'bcs'],
  ['application/x-bcs;q=0, application/json', 'json'],
  ['*/*', 'json'],
  ['text/html', 'json'],
  ['application/*', 'json'],
  ['', 'json'],
  [';;;,,,', 'json'],
  ['application/x-bcs;q=abc', 'json'],
  ['text/plain, application/x-bcs;q=0.5', 'bcs'],
  ['application/x-bcs-ish', 'json'],
];
/** An Accept header (undefined: none sent) with the format it asks for. */
export const accept = fc.constantFrom(...ACCEPTS);
