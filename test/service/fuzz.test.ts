/**
 * Fuzz of the whole read service over real HTTP against the `main` fixture: at least 10,000
 * requests per run, 8 at a time over keep-alive fetch, built by fast-check from valid and broken
 * parts — addresses (every node form, `0X1`, 65 digits, unicode, `%zz`), struct and type tags
 * (deep nesting, unbalanced `<>`, references, garbage, raw or percent-encoded), cursors (odd,
 * non-hex, not a state key, huge), limits, versions, creation numbers, start/start_version/
 * end_version, JSON bodies (malformed, wrong types, missing fields, huge strings, deep nesting,
 * wrong or no content type, empty), Accept variants and methods — on every route.
 *
 * Every response must: not be 5xx (the store is healthy); carry the ledger headers of the latest
 * ledger in both spellings; when not 2xx, be the error record (`message`, an allowed
 * `error_code` that fits the status, `vm_error_code: null`) as `application/json; charset=utf-8`.
 * Each generated part knows whether it is valid and, when broken, which status and code the rules
 * give (node-behaviour.md §1, docs/api.md): a request with exactly one broken part must get exactly
 * that error; a request with none must get an answer its endpoint allows (200, or its not-found).
 *
 * Deterministic: fast-check runs from FUZZ_SEED (default below) and prints the seed and the
 * failing batch on failure. FUZZ_RUNS overrides the number of batches of 8.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { encodeStructTag, formatStructTag, parseTypeTag } from '../../shared/type-tag.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { expectLedgerHeaders, expectRawError, ledgerHeaderValues, rawRequest, useContractServer, type ContractEnv } from './contract-support.ts';
import { expectedMoveJson } from './move-json-oracle.ts';

const env = useContractServer('main');

const SEED = process.env['FUZZ_SEED'] === undefined ? 20_240_611 : Number(process.env['FUZZ_SEED']);
const BATCH = 8;
const BATCHES = process.env['FUZZ_RUNS'] === undefined ? 1250 : Number(process.env['FUZZ_RUNS']);
const MIN_REQUESTS = 10_000;
const U64_MAX = (1n << 64n) - 1n;

/** The `error_code` values of the specification (read-api-spec.md, Errors). */
const ERROR_CODES = new Set([
  'account_not_found', 'resource_not_found', 'module_not_found', 'struct_field_not_found', 'version_not_found',
  'transaction_not_found', 'table_item_not_found', 'block_not_found', 'state_value_not_found', 'version_pruned',
  'block_pruned', 'invalid_input', 'invalid_transaction_update', 'sequence_number_too_old', 'vm_error',
  'rejected_by_filter', 'health_check_failed', 'mempool_is_full', 'internal_error', 'web_framework_error',
  'bcs_not_supported', 'api_disabled',
]);
const NOT_FOUND_CODES = ['resource_not_found', 'module_not_found', 'struct_field_not_found', 'version_not_found', 'table_item_not_found', 'state_value_not_found'];
/** Which codes may accompany which status (node-behaviour.md §1, docs/api.md). */
const CODES_BY_STATUS: Readonly<Record<number, readonly string[]>> = {
  400: ['web_framework_error', 'invalid_input'],
  403: ['web_framework_error', 'api_disabled'],
  404: ['web_framework_error', ...NOT_FOUND_CODES],
  405: ['web_framework_error'],
  410: ['version_pruned'],
  413: ['web_framework_error'],
  415: ['web_framework_error'],
  431: ['web_framework_error'],
};

// ---------------------------------------------------------------------------------------------
// Verdicts: what the rules say a part gives.

/** The error a broken part must produce on its own (`unknown`: broken in a way not predicted). */
type Fault = { readonly status: number; readonly code: string } | 'unknown';
const WFE: Fault = { status: 400, code: 'web_framework_error' };
const INVALID: Fault = { status: 400, code: 'invalid_input' };
const NOT_FOUND_VERSION: Fault = { status: 404, code: 'version_not_found' };
const PRUNED: Fault = { status: 410, code: 'version_pruned' };
const TOO_LARGE_HEAD: Fault = { status: 431, code: 'web_framework_error' };

/** A path segment (already as sent) or a query value, with its verdict. */
interface Part { readonly text: string; readonly fault?: Fault | undefined }
/** One query parameter as sent. */
interface Param { readonly name: string; readonly value: Part }

const ADDRESS = /^(0x)?[0-9a-fA-F]{1,64}$/;
const DIGITS = /^[0-9]+$/;
const addressFault = (text: string): Fault | undefined => (ADDRESS.test(text) ? undefined : WFE);
const u64Fault = (text: string): Fault | undefined => (DIGITS.test(text) && BigInt(text) <= U64_MAX ? undefined : WFE);
const u16Fault = (text: string): Fault | undefined => (DIGITS.test(text) && BigInt(text) <= 0xffffn ? undefined : WFE);

/** Percent-encodes a path segment or query value (well-formed strings only). */
const enc = (text: string): string => encodeURIComponent(text);
/** A path segment sent encoded, with the verdict of its decoded text. */
const seg = (text: string, fault: Fault | undefined): Part => ({ text: enc(text), fault });
/** Malformed escapes: the segment does not decode (path), or stays literal (query). */
const BAD_ESCAPES = ['%zz', '%', '0x%1', '%E0%A4%A', '%g0', '1%'];

// ---------------------------------------------------------------------------------------------
// The fixture facts the generators draw from.

interface Facts {
  readonly accounts: readonly string[];
  readonly resourceTypes: readonly string[];
  readonly streams: readonly { address: string; creationNumber: string; struct: string; field: string }[];
  readonly tables: readonly { handle: string; keyType: string; valueType: string; keys: readonly unknown[]; rawKeys: readonly string[] }[];
  readonly cursors: readonly string[];
  readonly modules: readonly string[];
  readonly oldest: bigint;
  readonly latest: bigint;
}

function factsOf(e: ContractEnv): Facts {
  const latest = BigInt(e.info.latestVersion);
  const one = parseAddress('0x1');
  const resources = e.store.accountResources(one, latest, undefined, 9999).resources;
  const resourceTypes = new Set<string>();
  for (const account of e.info.samples.accounts) {
    for (const resource of e.store.accountResources(parseAddress(account), latest, undefined, 9999).resources) {
      resourceTypes.add(formatStructTag(resource.tag));
    }
  }
  const cursors = resources.map((resource) => {
    const path = new BcsWriter().variantIndex(1).fixedBytes(encodeStructTag(resource.tag)).toBytes();
    return bytesToHex(new BcsWriter().u8(0).address(one).bytes(path).toBytes(), false);
  });
  return {
    accounts: e.info.samples.accounts,
    resourceTypes: [...resourceTypes],
    streams: e.info.samples.eventStreams,
    tables: e.info.samples.tables,
    cursors,
    modules: e.store.modules(one, latest).map((module) => module.abi.name),
    oldest: BigInt(e.info.oldestVersion),
    latest,
  };
}

// ---------------------------------------------------------------------------------------------
// Generators of parts.

const hex = (min: number, max: number): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: min, maxLength: max });
const junk = (max = 24): fc.Arbitrary<string> => fc.string({ unit: 'grapheme', maxLength: max }).filter((t) => t !== '.' && t !== '..');
const ident = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const vectors = (depth: number, inner = 'u8'): string => (depth === 0 ? inner : `vector<${vectors(depth - 1, inner)}>`);
const structs = (depth: number): string => (depth === 0 ? 'u8' : `0x1::m::S<${structs(depth - 1)}>`);

function addressText(f: Facts): fc.Arbitrary<string> {
  const account = fc.constantFrom(...f.accounts);
  return fc.oneof(
    { weight: 6, arbitrary: account },
    { weight: 2, arbitrary: account.map((a) => a.slice(2).padStart(64, '0')) },
    { weight: 2, arbitrary: account.map((a) => `0x${a.slice(2).toUpperCase()}`) },
    { weight: 2, arbitrary: hex(1, 64).map((h) => `0x${h}`) },
    { weight: 1, arbitrary: hex(1, 64) },
    { weight: 1, arbitrary: hex(65, 90).map((h) => `0x${h}`) },
    { weight: 3, arbitrary: fc.constantFrom('0x', '0X1', '00x1', '0xzz', `0x${'1'.repeat(65)}`, '1'.repeat(65), '0x1é', 'é', '0x-1', ' 0x1', '0x1 ', '0x１', '٣', '0x1/2', 'x1', '0x1::m') },
    { weight: 2, arbitrary: junk() },
  );
}

/** An address as a path segment ('' leaves the segment empty: no route matches). */
function addressSegment(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 12, arbitrary: addressText(f).map((t) => seg(t, t === '' ? undefined : addressFault(t))) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

/** An address as a query value. */
function addressValue(f: Facts): fc.Arbitrary<Part> {
  return addressText(f).map((t) => seg(t, addressFault(t)));
}

/** A struct tag path segment: known, generated, deep, unbalanced, references, garbage; raw or encoded. */
function structSegment(f: Facts): fc.Arbitrary<Part> {
  const known = fc.constantFrom(...f.resourceTypes, ...f.streams.map((s) => s.struct));
  const valid = fc.oneof(
    known,
    fc.tuple(fc.constantFrom('0x1', '0xcafe', `0x${'0'.repeat(63)}1`, '0xA'), ident, ident.map((n) => n[0]!.toUpperCase() + n.slice(1))).map(([a, m, n]) => `${a}::${m}::${n}`),
    fc.integer({ min: 0, max: 7 }).map((d) => `0x1::m::S<${vectors(d)}>`),
    fc.integer({ min: 1, max: 4 }).map((d) => structs(d)),
    known.map((t) => t.replaceAll('<', ' < ').replaceAll(',', ' ,  ').replaceAll('>', ' >')),
    // A trailing comma and empty type arguments are accepted, as by the node's Move type parser.
    fc.constantFrom('0x1::m::P<u8,u64>', '0x1::m::P<u8, vector<address>, bool>', '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>', '0x1::m::S<u8,>', '0x1::m::S<>'),
  );
  const deep = fc.oneof(fc.integer({ min: 8, max: 60 }).map((d) => `0x1::m::S<${vectors(d)}>`), fc.integer({ min: 5, max: 30 }).map((d) => structs(d)));
  const broken = fc.oneof(
    known.map((t) => `${t}<`),
    known.map((t) => `${t}>`),
    fc.constantFrom('0x1::m', 'u8', 'vector<u8>', '0x1::m::S<', '0x1::m::S<u8', '0x1::m::S<u8>>', '<>', '0x1::m::S<&u8>', '&0x1::m::S',
      '0x1::m::S<&mut u8>', '0x1::1m::S', '0x1::m::S::T', '::m::S', '0x::m::S', '0xzz::m::S', `0x${'1'.repeat(65)}::m::S`, '0x1::m::S<,u8>'),
    fc.integer({ min: 1, max: 200 }).map((d) => `0x1::m::S<${'vector<'.repeat(d)}u8`),
  );
  const asSent = (fault: Fault | undefined) => (t: string): fc.Arbitrary<Part> =>
    /^[0-9a-zA-Z:_<>, &]+$/.test(t) ? fc.constantFrom<Part>(seg(t, fault), { text: t, fault }) : fc.constant(seg(t, fault));
  return fc.oneof(
    { weight: 8, arbitrary: valid.chain(asSent(undefined)) },
    { weight: 2, arbitrary: deep.chain(asSent(INVALID)) },
    { weight: 3, arbitrary: broken.chain(asSent(WFE)) },
    { weight: 1, arbitrary: junk().map((t) => seg(t, t === '' ? undefined : 'unknown')) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

function fieldSegment(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...f.streams.map((s) => s.field)).map((t) => seg(t, undefined)) },
    { weight: 2, arbitrary: ident.map((t) => seg(t, undefined)) },
    { weight: 2, arbitrary: fc.constantFrom('1abc', 'a-b', '_', 'é', 'a::b', 'a b', 'a.b').map((t) => seg(t, WFE)) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

function u64Text(samples: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...samples, '0', '1', '9223372036854775807', '9223372036854775808', '18446744073709551615') },
    { weight: 3, arbitrary: fc.bigInt(0n, U64_MAX).map(String) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 6000 }).map(String) },
    { weight: 3, arbitrary: fc.constantFrom('-1', '1.5', '0x10', '18446744073709551616', '99999999999999999999999', '1e3', ' 1', '1 ', '+1', 'abc', '٣', '', '00', '-0') },
    { weight: 1, arbitrary: junk(12) },
  );
}

/** A u64 query value or path segment text with its verdict. */
const u64Value = (samples: readonly string[]): fc.Arbitrary<Part> => u64Text(samples).map((t) => seg(t, u64Fault(t)));

function u64Segment(samples: readonly string[]): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 10, arbitrary: u64Text(samples).map((t) => seg(t, t === '' ? undefined : u64Fault(t))) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t): Part => ({ text: t, fault: WFE })) },
  );
}

/** A `limit` value: `zero` says what 0 gives on this endpoint. */
function limitValue(zero: Fault | undefined): fc.Arbitrary<Part> {
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 120 }).map(String) },
    { weight: 2, arbitrary: fc.constantFrom('0', '100', '101', '1000', '9999', '10000', '65535', '065535', '0001', '0000005', '00000000000000000000065535') },
    { weight: 3, arbitrary: fc.constantFrom('-1', '65536', '1000000000', '1e9', 'abc', '', '1.5', '0x10', ' 5', '99999999999999999999') },
    { weight: 1, arbitrary: junk(8) },
  );
  return text.map((t) => seg(t, u16Fault(t) ?? (t !== '' && DIGITS.test(t) && Number(t) === 0 ? zero : undefined)));
}

/** A `ledger_version` value: retained, future, pruned, or not a u64. */
function versionValue(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.bigInt(f.oldest, f.latest).map((v) => seg(String(v), undefined)) },
    { weight: 1, arbitrary: fc.constantFrom(f.oldest, f.latest).map((v) => seg(`00${v}`, undefined)) },
    { weight: 2, arbitrary: fc.bigInt(f.latest + 1n, U64_MAX).map((v) => seg(String(v), NOT_FOUND_VERSION)) },
    { weight: 2, arbitrary: fc.bigInt(0n, f.oldest - 1n).map((v) => seg(String(v), PRUNED)) },
    { weight: 2, arbitrary: fc.constantFrom('-1', '1.5', '0x10', '18446744073709551616', 'latest', '', '1e4').map((t) => seg(t, WFE)) },
  );
}

/** A `/resources` cursor: valid state keys, broken hex, not a state key, huge. */
function cursorValue(f: Facts): fc.Arbitrary<Part> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...f.cursors).chain((c) => fc.constantFrom(c, c.toUpperCase())).map((c) => seg(c, undefined)) },
    { weight: 1, arbitrary: fc.constantFrom(...f.cursors).map((c) => seg(c.slice(0, -1), WFE)) },
    { weight: 1, arbitrary: fc.constantFrom(...f.cursors).map((c) => seg(`0x${c}`, WFE)) },
    { weight: 1, arbitrary: fc.constantFrom(...f.cursors).map((c) => seg(`${c}00`, WFE)) },
    { weight: 2, arbitrary: hex(0, 40).map((h) => `${h}z`).map((t) => seg(t, WFE)) },
    // Valid hex that is not a state key: the first byte is not the access-path tag 0x00.
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 255 }), fc.uint8Array({ maxLength: 100 })).map(([tag, rest]) => seg(bytesToHex(Uint8Array.of(tag, ...rest), false), WFE)) },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 3500 }).map((n) => seg('ab'.repeat(n), WFE)) },
    { weight: 1, arbitrary: fc.constantFrom('', '0', '0x', 'zz').map((t) => seg(t, WFE)) },
  );
}

/** Rarely, a cursor that makes the request head too large for Node's parser (16 KiB). */
const giantCursor = fc.oneof(
  { weight: 999, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.integer({ min: 20_000, max: 40_000 }).map((n) => seg('ab'.repeat(n), TOO_LARGE_HEAD)) },
);

// ---------------------------------------------------------------------------------------------
// Requests.

type Format = 'json' | 'bcs';

/** A generated request and what the rules say about it. */
interface FuzzRequest {
  readonly endpoint: string;
  readonly method: string;
  readonly routeMethod: 'GET' | 'POST' | undefined;
  readonly segments: readonly Part[];
  readonly params: readonly Param[];
  readonly accept: string | undefined;
  readonly format: Format;
  readonly body?: { readonly contentType: string | undefined; readonly data: string | Uint8Array; readonly fault?: Fault | undefined } | undefined;
  /** Answers allowed when every part is valid (status or `status:code`). */
  readonly allowed: readonly string[];
  /** Extra faults of the request as a whole (e.g. JSON output of raw_item). */
  readonly extra: readonly Fault[];
}

const ACCEPTS: readonly (readonly [string | undefined, Format])[] = [
  [undefined, 'json'], [undefined, 'json'], ['application/json', 'json'], ['application/x-bcs', 'bcs'], ['application/x-bcs', 'bcs'],
  ['APPLICATION/X-BCS', 'bcs'], ['application/json, application/x-bcs', 'json'], ['application/x-bcs, application/json', 'bcs'],
  ['application/json;q=0.1, application/x-bcs;q=0.9', 'bcs'], ['application/x-bcs;q=0, application/json', 'json'], ['*/*', 'json'],
  ['text/html', 'json'], ['application/*', 'json'], ['', 'json'], [';;;,,,', 'json'], ['application/x-bcs;q=abc', 'json'],
  ['text/plain, application/x-bcs;q=0.5', 'bcs'], ['application/x-bcs-ish', 'json'],
];
const accept = fc.constantFrom(...ACCEPTS);

/** Optional query parameters: each present or not, sometimes repeated (the first counts), plus noise. */
function query(entries: readonly (readonly [string, fc.Arbitrary<Part>])[]): fc.Arbitrary<Param[]> {
  const one = ([name, value]: readonly [string, fc.Arbitrary<Part>]): fc.Arbitrary<Param[]> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<Param[]>([]) },
      { weight: 4, arbitrary: value.map((v): Param[] => [{ name, value: v }]) },
      { weight: 1, arbitrary: fc.tuple(value, value).map(([a, b]) => [{ name, value: a }, { name, value: { text: b.text } }]) },
      { weight: 1, arbitrary: fc.constantFrom(...BAD_ESCAPES).map((t) => [{ name, value: { text: t, fault: 'unknown' as Fault } }]) },
    );
  const noise = fc.oneof({ weight: 5, arbitrary: fc.constant<Param[]>([]) }, { weight: 1, arbitrary: fc.tuple(ident, junk(10)).map(([n, v]) => [{ name: `x_${n}`, value: seg(v, undefined) }]) });
  return fc.tuple(...entries.map(one), noise).map((lists) => lists.flat());
}

interface Shape {
  readonly endpoint: string;
  readonly routeMethod: 'GET' | 'POST' | undefined;
  readonly segments: readonly Part[];
  readonly params: readonly Param[];
  readonly allowed: readonly string[];
  readonly body?: FuzzRequest['body'];
  readonly rawItem?: boolean;
}

const lit = (text: string): Part => ({ text });

function itemBody(table: Facts['tables'][number]): fc.Arbitrary<NonNullable<FuzzRequest['body']>> {
  const good = { key_type: table.keyType, value_type: table.valueType };
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...table.keys).map((k) => ({ key: k, fault: undefined as Fault | undefined })) },
    // Keys that do not fit the key type (table key types: u64, address, String, vector<u8>, struct).
    { weight: 2, arbitrary: fc.constantFrom<unknown>(true, [1, 2], { a: 1 }, null, 1.5).map((k) => ({ key: k, fault: table.keyType === 'vector<u8>' ? ('unknown' as Fault) : INVALID })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2000 }).map((d) => ({ key: JSON.parse(`${'['.repeat(d)}${']'.repeat(d)}`) as unknown, fault: table.keyType === 'vector<u8>' ? ('unknown' as Fault) : INVALID })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000_000 }).map((n) => ({ key: 'z'.repeat(n), fault: table.keyType === '0x1::string::String' ? undefined : INVALID })) },
  );
  const badType = fc.oneof(
    fc.constantFrom('u9', '&u8', '&mut u64', 'vector<&u8>', 'vector<u8', 'vector<u8>>', '0x1::m', '', 'T0', '0x1::m::S<', '<>', 'signer<u8>', 'u64 u64'),
    fc.integer({ min: 9, max: 80 }).map((d) => vectors(d)),
    fc.integer({ min: 5, max: 30 }).map((d) => structs(d)),
    fc.integer({ min: 1, max: 500_000 }).map((n) => `0x1::m::S<${'x'.repeat(n)}`),
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/ld+json', 'APPLICATION/JSON').map((c) => ({ contentType: c as string | undefined, fault: undefined as Fault | undefined })) },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/x-bcs', undefined, 'json').map((c) => ({ contentType: c, fault: { status: 415, code: 'web_framework_error' } as Fault })) },
  );
  const structure = fc.oneof(
    { weight: 10, arbitrary: fc.tuple(key, fc.boolean()).map(([k, extra]) => ({ data: JSON.stringify({ ...good, key: k.key, ...(extra ? { other: [1, { x: 'y' }] } : {}) }), fault: k.fault })) },
    { weight: 1, arbitrary: fc.constant({ data: JSON.stringify({ ...good, key_type: ` ${table.keyType.replaceAll('<', ' < ')} ` , key: table.keys[0] }), fault: undefined as Fault | undefined }) },
    { weight: 2, arbitrary: badType.map((t) => ({ data: JSON.stringify({ ...good, key_type: t, key: table.keys[0] }), fault: INVALID as Fault | undefined })) },
    { weight: 2, arbitrary: badType.map((t) => ({ data: JSON.stringify({ ...good, value_type: t, key: table.keys[0] }), fault: INVALID as Fault | undefined })) },
    { weight: 1, arbitrary: fc.constantFrom('key_type', 'value_type', 'key').map((missing) => {
      const body: Record<string, unknown> = { ...good, key: table.keys[0] };
      delete body[missing];
      return { data: JSON.stringify(body), fault: WFE as Fault | undefined };
    }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(5, null, [], {}, true).chain((v) => fc.constantFrom('key_type', 'value_type').map((field) => ({ data: JSON.stringify({ ...good, key: table.keys[0], [field]: v }), fault: WFE as Fault | undefined }))) },
    { weight: 2, arbitrary: fc.constantFrom('', ' ', '{', '{"key_type":', '[]', 'null', '42', '"text"', 'true', '{"key_type":"u8",}', "{'key_type':'u8'}", '\u0000').map((d) => ({ data: d, fault: WFE as Fault | undefined })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((d) => ({ data: `${'['.repeat(d)}${']'.repeat(d)}`, fault: WFE as Fault | undefined })) },
    { weight: 1, arbitrary: junk(40).map((d) => ({ data: d, fault: jsonObjectFault(d) })) },
  );
  return fc.tuple(contentType, structure).map(([c, s]) => ({ contentType: c.contentType, data: s.data, fault: c.fault ?? s.fault }));
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

function rawItemBody(table: Facts['tables'][number]): fc.Arbitrary<NonNullable<FuzzRequest['body']>> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...table.rawKeys).chain((k) => fc.constantFrom(k, k.slice(2), k.toUpperCase().replace('0X', '0x'))).map((k) => ({ data: JSON.stringify({ key: k }), fault: undefined as Fault | undefined })) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => ({ data: JSON.stringify({ key: bytesToHex(b) }), fault: undefined as Fault | undefined })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 500_000 }).map((n) => ({ data: JSON.stringify({ key: '00'.repeat(n) }), fault: undefined as Fault | undefined })) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>('0x123', '0xzz', 'zz', '0X00', 5, null, [], { a: 1 }).map((k) => ({ data: JSON.stringify({ key: k }), fault: WFE as Fault | undefined })) },
    { weight: 1, arbitrary: fc.constantFrom('', '{}', '[]', '{"key":', 'null', '{"other":"00"}').map((d) => ({ data: d, fault: WFE as Fault | undefined })) },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8').map((c) => ({ contentType: c as string | undefined, fault: undefined as Fault | undefined })) },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', undefined).map((c) => ({ contentType: c, fault: { status: 415, code: 'web_framework_error' } as Fault })) },
  );
  return fc.tuple(contentType, key).map(([c, k]) => ({ contentType: c.contentType, data: k.data, fault: c.fault ?? k.fault }));
}

function shapes(f: Facts): fc.Arbitrary<Shape> {
  const address = addressSegment(f);
  const creationNumbers = [...new Set(f.streams.map((s) => s.creationNumber))];
  const table = fc.constantFrom(...f.tables);
  const handle = fc.oneof(
    { weight: 4, arbitrary: table.map((t) => ({ table: t, part: seg(t.handle, undefined) })) },
    { weight: 1, arbitrary: table.chain((t) => address.map((part) => ({ table: t, part }))) },
  );
  const stream = fc.constantFrom(...f.streams);
  const eventsQuery = query([['start', u64Value(['0', '1', '5', '100', '5000'])], ['limit', limitValue(INVALID)]]);
  const shape = (endpoint: string, routeMethod: 'GET' | 'POST' | undefined, allowed: readonly string[]) =>
    (segments: readonly Part[], params: readonly Param[], body?: FuzzRequest['body'], rawItem = false): Shape => ({ endpoint, routeMethod, segments, params, allowed, body, rawItem });

  return fc.oneof(
    fc.constant(shape('ledger', 'GET', ['200'])([lit('v1')], [])),
    fc.constant(shape('gas', 'GET', ['200'])([lit('v1'), lit('estimate_gas_price')], [])),
    handle.chain(({ table: t, part }) =>
      fc.tuple(query([['ledger_version', versionValue(f)]]), itemBody(t)).map(([params, body]) =>
        shape('item', 'POST', ['200', '404:table_item_not_found'])([lit('v1'), lit('tables'), part, lit('item')], params, body))),
    handle.chain(({ table: t, part }) =>
      fc.tuple(query([['ledger_version', versionValue(f)]]), rawItemBody(t)).map(([params, body]) =>
        shape('raw_item', 'POST', ['200', '404:table_item_not_found'])([lit('v1'), lit('tables'), part, lit('raw_item')], params, body, true))),
    fc.tuple(fc.oneof(stream.map((s) => seg(s.address, undefined)), address), u64Segment(creationNumbers), eventsQuery).map(([a, cn, params]) =>
      shape('events_by_creation_number', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('events'), cn], params)),
    fc.tuple(
      fc.oneof({ weight: 3, arbitrary: stream.map((s) => [seg(s.address, undefined), seg(s.struct, undefined), seg(s.field, undefined)] as const) },
        { weight: 2, arbitrary: fc.tuple(address, structSegment(f), fieldSegment(f)) }),
      eventsQuery,
    ).map(([[a, tag, field], params]) =>
      shape('events_by_handle', 'GET', ['200', '404:resource_not_found', '404:struct_field_not_found', '400:invalid_input'])([lit('v1'), lit('accounts'), a, lit('events'), tag, field], params)),
    fc.tuple(address, query([['start_version', u64Value([String(f.oldest), String(f.latest)])], ['end_version', u64Value([String(f.latest)])], ['limit', limitValue(undefined)]])).map(([a, params]) =>
      shape('summaries', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('transaction_summaries')], params)),
    fc.tuple(address, query([['ledger_version', versionValue(f)], ['start', cursorValue(f)], ['limit', limitValue(INVALID)]])).map(([a, params]) =>
      shape('resources', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('resources')], params)),
    fc.tuple(address, structSegment(f), query([['ledger_version', versionValue(f)]])).map(([a, tag, params]) =>
      shape('resource', 'GET', ['200', '404:resource_not_found'])([lit('v1'), lit('accounts'), a, lit('resource'), tag], params)),
    fc.tuple(address, query([['ledger_version', versionValue(f)]])).map(([a, params]) =>
      shape('modules', 'GET', ['200'])([lit('v1'), lit('accounts'), a, lit('modules')], params)),
    fc.tuple(
      address,
      fc.oneof(fc.constantFrom(...f.modules).map((m) => seg(m, undefined)), ident.map((m) => seg(m, undefined)), fc.constantFrom('1abc', 'a-b', 'a::b', 'é').map((m) => seg(m, WFE))),
      query([['ledger_version', versionValue(f)]]),
    ).map(([a, name, params]) => shape('module', 'GET', ['200', '404:module_not_found'])([lit('v1'), lit('accounts'), a, lit('module'), name], params)),
    query([['limit', limitValue(INVALID)], ['after', addressValue(f)], ['ledger_version', versionValue(f)]]).map((params) =>
      shape('explorer_accounts', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('accounts')], params)),
    query([['limit', limitValue(INVALID)], ['after', addressValue(f)]]).map((params) =>
      shape('explorer_tables', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('tables')], params)),
    // (An empty handle would turn the path into the table listing.)
    fc.oneof(table.map((t) => seg(t.handle, undefined)), address.filter((p) => p.text !== '')).map((h) =>
      shape('explorer_table', 'GET', ['200', '404:state_value_not_found'])([lit('explorer'), lit('v1'), lit('tables'), h], [])),
    query([['before', u64Value(['0', '1', '100'])], ['limit', limitValue(INVALID)]]).map((params) =>
      shape('explorer_blocks', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('blocks')], params)),
    fc.oneof(
      junk(40).map((q) => seg(q, undefined)),
      fc.constantFrom(...f.accounts, ...f.resourceTypes, '0x1::coin', String(f.latest), '0', '%zz').map((q) => seg(q, undefined)),
    ).map((q) => shape('explorer_search', 'GET', ['200'])([lit('explorer'), lit('v1'), lit('search')], [{ name: 'q', value: q }])),
    fc.constantFrom(['v2'], ['v1', 'nope'], ['explorer', 'v2', 'blocks'], ['v1', 'accounts', '0x1'], ['v1', 'accounts', '0x1', 'resources', 'x'], ['v1', 'tables', '0x1'], ['nope'], ['v1', 'estimate_gas_price', 'x'])
      .map((parts) => shape('unknown_route', undefined, ['404:web_framework_error'])(parts.map(lit), [])),
  );
}

/** Methods: the route's own mostly; sometimes another one the parser knows, or one it does not. */
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'];
const UNPARSABLE_METHODS = ['FOO', 'XYZZY'];

function requests(f: Facts): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(shapes(f), fc.integer({ min: 0, max: 99 }), fc.constantFrom(...OTHER_METHODS), fc.constantFrom(...UNPARSABLE_METHODS), accept, giantCursor)
    .map(([s, roll, other, unparsable, [acceptHeader, format], giant]): FuzzRequest => {
      const own = s.routeMethod ?? 'GET';
      const method = roll < 88 ? own : roll < 90 && own === 'GET' ? 'HEAD' : roll < 97 ? other : unparsable;
      const params = giant === undefined ? s.params : [...s.params, { name: 'start', value: giant }];
      const extra: Fault[] = s.rawItem === true && format === 'json' ? [{ status: 403, code: 'api_disabled' }] : [];
      return { endpoint: s.endpoint, method, routeMethod: s.routeMethod, segments: s.segments, params, accept: acceptHeader, format, body: s.body, allowed: s.allowed, extra };
    });
}

// ---------------------------------------------------------------------------------------------
// The oracle.

/** The exact answer the rules give, or the allowed answers, or undefined when not predicted. */
function predict(r: FuzzRequest): { exact?: Fault; allowed?: readonly string[] } {
  const params = new Map<string, Part>();
  for (const param of r.params) if (!params.has(param.name)) params.set(param.name, param.value);
  // The parser reads the method first, then the rest of the head.
  if (UNPARSABLE_METHODS.includes(r.method)) return { exact: WFE };
  if (r.params.some((p) => p.value.fault === TOO_LARGE_HEAD)) return { exact: TOO_LARGE_HEAD };
  if (r.segments.some((s) => s.text === '')) return { exact: { status: 404, code: 'web_framework_error' } };
  if (r.routeMethod === undefined) return { exact: { status: 404, code: 'web_framework_error' } };
  const effective = r.method === 'HEAD' ? 'GET' : r.method;
  if (effective !== r.routeMethod) return { exact: { status: 405, code: 'web_framework_error' } };
  const faults = [
    ...r.segments.map((s) => s.fault),
    ...[...params.values()].map((p) => p.fault),
    r.body?.fault,
    ...r.extra,
  ].filter((fault): fault is Fault => fault !== undefined);
  if (faults.length === 0) return { allowed: r.allowed };
  if (faults.length === 1 && faults[0] !== 'unknown') return { exact: faults[0]! };
  return {};
}

function describeRequest(r: FuzzRequest): string {
  const body = r.body === undefined ? '' : ` body(${r.body.contentType ?? 'no type'}, ${r.body.data.length} chars): ${String(typeof r.body.data === 'string' ? r.body.data : '<bytes>').slice(0, 200)}`;
  return `${r.method} ${target(r).slice(0, 400)} accept=${JSON.stringify(r.accept)}${body}`;
}

function target(r: FuzzRequest): string {
  const path = `/${r.segments.map((s) => s.text).join('/')}`;
  const query = r.params.map((p) => `${enc(p.name)}=${p.value.text}`).join('&');
  return query === '' ? path : `${path}?${query}`;
}

/** Sends one request over keep-alive fetch and checks every invariant and the prediction. */
async function check(e: ContractEnv, base: string, r: FuzzRequest): Promise<void> {
  const headers: Record<string, string> = {};
  if (r.accept !== undefined) headers['accept'] = r.accept;
  const withBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
  if (withBody && r.body?.contentType !== undefined) headers['content-type'] = r.body.contentType;
  const body = withBody ? new Uint8Array(typeof r.body!.data === 'string' ? new TextEncoder().encode(r.body!.data) : r.body!.data) : undefined;
  const response = await fetch(`${base}${target(r)}`, { method: r.method, headers, ...(body === undefined ? {} : { body }) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const where = `${describeRequest(r)}\n  → ${response.status} ${new TextDecoder().decode(bytes.subarray(0, 300))}`;
  const fail = (why: string): never => {
    throw new Error(`${why}\n  ${where}`);
  };

  if (response.status >= 500) fail('5xx from a healthy store');
  for (const [part, value] of ledgerHeaderValues(e.info)) {
    if (response.headers.get(`X-Aptos-${part}`) !== value || response.headers.get(`X-NODE-${part.toUpperCase()}`) !== value) fail(`ledger header ${part} missing or wrong`);
  }
  const cursor = response.headers.get('X-Aptos-Cursor');
  if (response.headers.get('X-NODE-CURSOR') !== cursor) fail('cursor header spellings differ');
  if (cursor !== null && (r.endpoint !== 'resources' || response.status !== 200 || !/^[0-9a-f]+$/.test(cursor))) fail(`cursor header ${cursor.slice(0, 40)} outside a /resources page`);
  const contentType = response.headers.get('content-type');
  if (r.method === 'HEAD' && bytes.length > 0) fail('HEAD answered with a body');
  const ok = response.status >= 200 && response.status < 300;
  if (!ok) {
    if (contentType !== 'application/json; charset=utf-8') fail(`error content type ${contentType}`);
    if (r.method !== 'HEAD') {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
      } catch {
        return fail('error body is not JSON');
      }
      const keys = Object.keys(record).sort().join(',');
      if (keys !== 'error_code,message,vm_error_code') fail(`error record keys ${keys}`);
      if (typeof record['message'] !== 'string' || record['vm_error_code'] !== null) fail('error record field types');
      const code = String(record['error_code']);
      if (!ERROR_CODES.has(code)) fail(`error_code ${code} is not an allowed value`);
      if (!(CODES_BY_STATUS[response.status] ?? []).includes(code)) fail(`error_code ${code} does not fit status ${response.status}`);
      const prediction = predict(r);
      if (prediction.exact !== undefined && prediction.exact !== 'unknown' && (prediction.exact.status !== response.status || prediction.exact.code !== code)) {
        fail(`expected ${prediction.exact.status} ${prediction.exact.code}`);
      }
      if (prediction.allowed !== undefined && !prediction.allowed.includes(`${response.status}:${code}`)) fail(`expected one of ${prediction.allowed.join(' ')}`);
    }
  } else {
    const prediction = predict(r);
    if (prediction.exact !== undefined) fail(`expected ${JSON.stringify(prediction.exact)}`);
    if (prediction.allowed !== undefined && !prediction.allowed.includes(String(response.status))) fail(`expected one of ${prediction.allowed.join(' ')}`);
    const expectedType = r.endpoint.startsWith('explorer') || r.format === 'json' ? 'application/json; charset=utf-8' : 'application/x-bcs';
    if (contentType !== expectedType) fail(`content type ${contentType}, expected ${expectedType}`);
    if (r.method !== 'HEAD' && expectedType.startsWith('application/json')) {
      try {
        JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        fail('200 body is not JSON');
      }
    }
  }
}

/** fast-check's report without the (huge) counterexample batch: the cause names the failing request. */
function shortReport(details: fc.RunDetails<[FuzzRequest[]]>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`fuzz failed after ${details.numRuns} batches (seed ${details.seed}, path "${details.counterexamplePath ?? ''}", shrunk ${details.numShrinks} times; rerun with FUZZ_SEED=${details.seed}):\n${cause}`);
}

describe('fuzz', () => {
  // The service under fuzz runs in a worker thread (fuzz-server.ts), so client and server each get a core.
  let worker: Worker;
  let base: string;
  beforeAll(async () => {
    worker = new Worker(new URL('./fuzz-server.ts', import.meta.url), { workerData: { path: fixturePath('main') } });
    const [message] = (await once(worker, 'message')) as [{ url: string }];
    base = message.url;
  });
  afterAll(async () => {
    await worker?.terminate();
  });

  it(`answers ${MIN_REQUESTS}+ generated requests with records, headers and statuses the rules allow`, async () => {
    const facts = factsOf(env);
    let sent = 0;
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(fc.array(requests(facts), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        sent += batch.length;
        await Promise.all(batch.map((r) => check(env, base, r)));
      }),
      { numRuns: BATCHES, seed: SEED, reporter: shortReport },
    );

    // Bodies over 8 MiB, declared and streamed: 413. Raw requests to the same service in this thread,
    // so the answer is read before the server drops the connection (a client still writing gets a reset).
    const table = facts.tables[0]!;
    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }]) {
      const big = Buffer.alloc(8 * 1024 * 1024 + 1 + sent % 1000, 0x20);
      const response = await rawRequest(env.server.url, { method: 'POST', path: `/v1/tables/${table.handle}/item`, headers, body: big });
      expectRawError(response, 413, 'web_framework_error', env.info);
      sent += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`fuzz: ${sent} requests in ${seconds.toFixed(1)} s (seed ${SEED})`);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);

    // The service still answers valid requests with the right bodies.
    const ledger = await fetch(`${base}/v1`);
    expect(ledger.status).toBe(200);
    expectLedgerHeaders(ledger.headers, env.info);
    expect(await ledger.json()).toMatchObject({ chain_id: env.info.chainId, ledger_version: env.info.latestVersion, oldest_ledger_version: env.info.oldestVersion });
    const item = await fetch(`${base}/v1/tables/${table.handle}/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key_type: table.keyType, value_type: table.valueType, key: table.keys[0] }),
    });
    expect(item.status).toBe(200);
    const stored = env.store.tableItem(parseAddress(table.handle), Buffer.from(table.rawKeys[0]!.slice(2), 'hex'), facts.latest)!;
    expect(await item.json()).toEqual(expectedMoveJson(stored, resolveLayout(parseTypeTag(table.valueType), env.store.abiLookup(facts.latest))));

    // No request reached the service's unexpected-error path, and the server closes cleanly.
    worker.postMessage('close');
    const [closed] = (await once(worker, 'message')) as [{ closed: boolean; unexpected: string[] }];
    expect(closed).toEqual({ closed: true, unexpected: [] });
  }, 60_000);
});
