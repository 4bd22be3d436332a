/**
 * The oracle of the fuzz: sends one generated request and checks its response. Every response
 * must: not be 5xx (the store is healthy); carry the ledger headers of the latest ledger in both
 * spellings; when not 2xx, be the error record (`message`, an allowed `error_code` that fits the
 * status, `vm_error_code: null`) as `application/json; charset=utf-8`. From the verdicts of the
 * parts (fuzz-model.ts, docs/node-behaviour.md §1, docs/api.md): a request with exactly one broken part
 * must get exactly that error; a request with none must get an answer its endpoint allows (200, or
 * its not-found).
 */
import { COMMON_ERRORS } from '../../shared/api/endpoint.ts';
import type { ErrorCode } from '../../shared/api/error-record.ts';
import { endpointNamed } from '../../shared/api/registry.ts';
import { shapeProblem } from '../../shared/api/reply-check.ts';
import { ledgerHeaderValues, type ContractEnv } from './contract-support.ts';
import { matchRoute, NOT_SERVED_ROUTES } from '../../electron/service/router.ts';
import { enc, TOO_LARGE_HEAD, UNPARSABLE_METHODS, WFE, type Fault, type FuzzRequest, type Part } from './fuzz-model.ts';
import { transactionBcsProblem } from './fuzz-transactions.ts';

/** The `error_code` values of the specification (docs/read-api-notes.md, Errors). */
const ERROR_CODES = new Set([
  'account_not_found',
  'resource_not_found',
  'module_not_found',
  'struct_field_not_found',
  'version_not_found',
  'transaction_not_found',
  'table_item_not_found',
  'block_not_found',
  'state_value_not_found',
  'version_pruned',
  'block_pruned',
  'invalid_input',
  'invalid_transaction_update',
  'sequence_number_too_old',
  'vm_error',
  'rejected_by_filter',
  'health_check_failed',
  'mempool_is_full',
  'internal_error',
  'web_framework_error',
  'bcs_not_supported',
  'api_disabled',
]);
const NOT_FOUND_CODES = [
  'account_not_found',
  'resource_not_found',
  'module_not_found',
  'struct_field_not_found',
  'version_not_found',
  'table_item_not_found',
  'state_value_not_found',
  'transaction_not_found',
  'block_not_found',
];
/** Which codes may accompany which status (docs/node-behaviour.md §1, docs/api.md). */
const CODES_BY_STATUS: Readonly<Record<number, readonly string[]>> = {
  400: ['web_framework_error', 'invalid_input', 'bcs_not_supported'],
  403: ['web_framework_error', 'api_disabled'],
  404: ['web_framework_error', ...NOT_FOUND_CODES],
  405: ['web_framework_error'],
  410: ['version_pruned', 'block_pruned'],
  413: ['web_framework_error'],
  415: ['web_framework_error'],
  431: ['web_framework_error'],
};

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
  if (effective !== r.routeMethod) {
    // A method the node serves there but a snapshot does not (POST /v1/transactions) is the not-served 404.
    const notServed = matchRoute(NOT_SERVED_ROUTES, r.method, target(r).split('?')[0]!).kind === 'found';
    return { exact: { status: notServed ? 404 : 405, code: 'web_framework_error' } };
  }
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

/** The request as a failure message shows it (long targets and bodies cut). */
function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? ''
      : ` body(${r.body.contentType ?? 'no type'}, ${r.body.data.length} ` +
        `chars): ${String(typeof r.body.data === 'string' ? r.body.data : '<bytes>').slice(0, 200)}`;
  return `${r.method} ${target(r).slice(0, 400)} accept=${JSON.stringify(r.accept)}${body}`;
}

/** The path and query as sent. */
function target(r: FuzzRequest): string {
  const path = `/${r.segments.map((s) => s.text).join('/')}`;
  const query = r.params.map((p) => `${enc(p.name)}=${p.value.text}`).join('&');
  return query === '' ? path : `${path}?${query}`;
}

/** Sends one request over keep-alive fetch and checks every invariant and the prediction. */
export async function check(e: ContractEnv, base: string, r: FuzzRequest): Promise<void> {
  const headers: Record<string, string> = {};
  if (r.accept !== undefined) headers['accept'] = r.accept;
  const withBody = r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD';
  if (withBody && r.body?.contentType !== undefined) headers['content-type'] = r.body.contentType;
  const body = withBody
    ? new Uint8Array(typeof r.body!.data === 'string' ? new TextEncoder().encode(r.body!.data) : r.body!.data)
    : undefined;
  const response = await fetch(`${base}${target(r)}`, {
    method: r.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const where = `${describeRequest(r)}\n  → ${response.status} ${new TextDecoder().decode(bytes.subarray(0, 300))}`;
  const fail = (why: string): never => {
    throw new Error(`${why}\n  ${where}`);
  };

  if (response.status >= 500) fail('5xx from a healthy store');
  for (const [part, value] of ledgerHeaderValues(e.info)) {
    if (
      response.headers.get(`X-Aptos-${part}`) !== value ||
      response.headers.get(`X-NODE-${part.toUpperCase()}`) !== value
    )
      fail(`ledger header ${part} missing or wrong`);
  }
  const cursor = response.headers.get('X-Aptos-Cursor');
  if (response.headers.get('X-NODE-CURSOR') !== cursor) fail('cursor header spellings differ');
  const paged = r.endpoint === 'resources' || r.endpoint === 'modules';
  if (cursor !== null && (!paged || response.status !== 200 || !/^[0-9a-f]+$/.test(cursor)))
    fail(`cursor header ${cursor.slice(0, 40)} outside a /resources or /modules page`);
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
      if (!(CODES_BY_STATUS[response.status] ?? []).includes(code))
        fail(`error_code ${code} does not fit status ${response.status}`);
      // A routed request answers only the codes its declaration lists (shared/api/registry.ts).
      const own = r.method === r.routeMethod || (r.method === 'HEAD' && r.routeMethod === 'GET');
      if (r.endpoint !== 'unknown_route' && own) {
        const declared = endpointNamed(r.endpoint);
        if (![...declared.errors, ...COMMON_ERRORS].includes(code as ErrorCode))
          fail(`error_code ${code} is not declared for ${declared.method} ${declared.path}`);
      }
      const prediction = predict(r);
      if (
        prediction.exact !== undefined &&
        prediction.exact !== 'unknown' &&
        (prediction.exact.status !== response.status || prediction.exact.code !== code)
      ) {
        fail(`expected ${prediction.exact.status} ${prediction.exact.code}`);
      }
      if (prediction.allowed !== undefined && !prediction.allowed.includes(`${response.status}:${code}`))
        fail(`expected one of ${prediction.allowed.join(' ')}`);
    }
  } else {
    const prediction = predict(r);
    if (prediction.exact !== undefined) fail(`expected ${JSON.stringify(prediction.exact)}`);
    if (prediction.allowed !== undefined && !prediction.allowed.includes(String(response.status)))
      fail(`expected one of ${prediction.allowed.join(' ')}`);
    const expectedType =
      r.endpoint.startsWith('explorer') || r.format === 'json'
        ? 'application/json; charset=utf-8'
        : 'application/x-bcs';
    if (contentType !== expectedType) fail(`content type ${contentType}, expected ${expectedType}`);
    if (r.method !== 'HEAD' && expectedType === 'application/x-bcs') {
      const problem = transactionBcsProblem(r.endpoint, bytes);
      if (problem !== undefined) fail(problem);
    }
    if (r.method !== 'HEAD' && expectedType.startsWith('application/json')) {
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return fail('200 body is not JSON');
      }
      // The reply fits its declared schema (the one the renderer's types are inferred from).
      if (r.endpoint === 'unknown_route') return fail('200 from a path no route serves');
      const problem = shapeProblem(endpointNamed(r.endpoint).reply, json);
      if (problem !== undefined) fail(`reply does not fit the declared schema: ${problem}`);
    }
  }
}
