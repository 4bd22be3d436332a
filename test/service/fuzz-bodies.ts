/**
 * fast-check generators of the JSON bodies of the table item routes (malformed, wrong types,
 * missing fields, huge strings, deep nesting, wrong or no content type, empty), each with its
 * verdict (fuzz-model.ts): a body is broken by its content type or by its structure.
 */
import fc from 'fast-check';
import { bytesToHex } from '../../shared/hex.ts';
import { junk, structs, vectors } from './fuzz-arbitraries.ts';
import type { Facts } from './fuzz-facts.ts';
import { INVALID, WFE, type Fault, type FuzzRequest } from './fuzz-model.ts';
import { MAX_BODY_NESTING } from '../../electron/service/request-limits.ts';

/**
 * A `/item` body for `table`: good keys, keys not fitting, bad types, missing or mistyped fields, malformed JSON, any
 * content type.
 */
export function itemBody(table: Facts['tables'][number]): fc.Arbitrary<NonNullable<FuzzRequest['body']>> {
  const good = { key_type: table.keyType, value_type: table.valueType };
  const key = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(...table.keys).map((k) => ({ key: k, fault: undefined as Fault | undefined })),
    },
    // Keys that do not fit the key type (table key types: u64, address, String, vector<u8>, struct).
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<unknown>(true, [1, 2], { a: 1 }, null, 1.5)
        .map((k) => ({ key: k, fault: table.keyType === 'vector<u8>' ? ('unknown' as Fault) : INVALID })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 2000 }).map((d) => ({
        key: JSON.parse(`${'['.repeat(d)}${']'.repeat(d)}`) as unknown,
        // The body object is one level more: past the bound, the body is refused before it is parsed.
        fault:
          d + 1 > MAX_BODY_NESTING ? (WFE as Fault) : table.keyType === 'vector<u8>' ? ('unknown' as Fault) : INVALID,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 1_000_000 })
        .map((n) => ({ key: 'z'.repeat(n), fault: table.keyType === '0x1::string::String' ? undefined : INVALID })),
    },
  );
  const badType = fc.oneof(
    fc.constantFrom(
      'u9',
      '&u8',
      '&mut u64',
      'vector<&u8>',
      'vector<u8',
      'vector<u8>>',
      '0x1::m',
      '',
      'T0',
      '0x1::m::S<',
      '<>',
      'signer<u8>',
      'u64 u64',
    ),
    fc.integer({ min: 9, max: 80 }).map((d) => vectors(d)),
    fc.integer({ min: 5, max: 30 }).map((d) => structs(d)),
    fc.integer({ min: 1, max: 500_000 }).map((n) => `0x1::m::S<${'x'.repeat(n)}`),
  );
  const contentType = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom('application/json', 'application/json; charset=utf-8', 'application/ld+json', 'APPLICATION/JSON')
        .map((c) => ({ contentType: c as string | undefined, fault: undefined as Fault | undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/x-bcs', undefined, 'json')
        .map((c) => ({ contentType: c, fault: { status: 415, code: 'web_framework_error' } as Fault })),
    },
  );
  const structure = fc.oneof(
    {
      weight: 10,
      arbitrary: fc.tuple(key, fc.boolean()).map(([k, extra]) => ({
        data: JSON.stringify({ ...good, key: k.key, ...(extra ? { other: [1, { x: 'y' }] } : {}) }),
        fault: k.fault,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        data: JSON.stringify({ ...good, key_type: ` ${table.keyType.replaceAll('<', ' < ')} `, key: table.keys[0] }),
        fault: undefined as Fault | undefined,
      }),
    },
    {
      weight: 2,
      arbitrary: badType.map((t) => ({
        data: JSON.stringify({ ...good, key_type: t, key: table.keys[0] }),
        fault: INVALID as Fault | undefined,
      })),
    },
    {
      weight: 2,
      arbitrary: badType.map((t) => ({
        data: JSON.stringify({ ...good, value_type: t, key: table.keys[0] }),
        fault: INVALID as Fault | undefined,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('key_type', 'value_type', 'key').map((missing) => {
        const body: Record<string, unknown> = { ...good, key: table.keys[0] };
        delete body[missing];
        return { data: JSON.stringify(body), fault: WFE as Fault | undefined };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(5, null, [], {}, true).chain((v) =>
        fc.constantFrom('key_type', 'value_type').map((field) => ({
          data: JSON.stringify({ ...good, key: table.keys[0], [field]: v }),
          fault: WFE as Fault | undefined,
        })),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '',
          ' ',
          '{',
          '{"key_type":',
          '[]',
          'null',
          '42',
          '"text"',
          'true',
          '{"key_type":"u8",}',
          "{'key_type':'u8'}",
          '\u0000',
        )
        .map((d) => ({ data: d, fault: WFE as Fault | undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 100_000 })
        .map((d) => ({ data: `${'['.repeat(d)}${']'.repeat(d)}`, fault: WFE as Fault | undefined })),
    },
    { weight: 1, arbitrary: junk(40).map((d) => ({ data: d, fault: jsonObjectFault(d) })) },
  );
  return fc
    .tuple(contentType, structure)
    .map(([c, s]) => ({ contentType: c.contentType, data: s.data, fault: c.fault ?? s.fault }));
}

/** The verdict of a body text that is not built from fields: anything but a JSON object does not parse. */
function jsonObjectFault(text: string): Fault | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? 'unknown' : WFE;
  } catch {
    return WFE;
  }
}

/**
 * A `/raw_item` body for `table`: stored keys in every hex form, other hex, huge, non-hex, malformed; any content type.
 */
export function rawItemBody(table: Facts['tables'][number]): fc.Arbitrary<NonNullable<FuzzRequest['body']>> {
  const key = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...table.rawKeys)
        .chain((k) => fc.constantFrom(k, k.slice(2), k.toUpperCase().replace('0X', '0x')))
        .map((k) => ({ data: JSON.stringify({ key: k }), fault: undefined as Fault | undefined })),
    },
    {
      weight: 2,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((b) => ({ data: JSON.stringify({ key: bytesToHex(b) }), fault: undefined as Fault | undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 500_000 })
        .map((n) => ({ data: JSON.stringify({ key: '00'.repeat(n) }), fault: undefined as Fault | undefined })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom<unknown>('0x123', '0xzz', 'zz', '0X00', 5, null, [], { a: 1 })
        .map((k) => ({ data: JSON.stringify({ key: k }), fault: WFE as Fault | undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', '{}', '[]', '{"key":', 'null', '{"other":"00"}')
        .map((d) => ({ data: d, fault: WFE as Fault | undefined })),
    },
  );
  const contentType = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .constantFrom('application/json', 'application/json; charset=utf-8')
        .map((c) => ({ contentType: c as string | undefined, fault: undefined as Fault | undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', undefined)
        .map((c) => ({ contentType: c, fault: { status: 415, code: 'web_framework_error' } as Fault })),
    },
  );
  return fc
    .tuple(contentType, key)
    .map(([c, k]) => ({ contentType: c.contentType, data: k.data, fault: c.fault ?? k.fault }));
}
