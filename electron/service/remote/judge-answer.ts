/**
 * Whether a node's answer can be passed on: an error status must carry the error record, a JSON
 * success must be JSON or BCS, JSON must parse and fit the endpoint's shape, and 429/502/503/504 left after the retries
 * mean
 * the node cannot answer now. Anything else is a failure whose cause goes into the 503 record.
 */
import { BCS_CONTENT_TYPE, JSON_CONTENT_TYPE } from '../content-negotiation.ts';
import type { HeaderEntry } from '../ledger-headers.ts';
import { ERROR_RECORD_SCHEMA } from '../../../shared/api/error-record.ts';
import { REPLY_SCHEMAS, shapeProblem } from '../../../shared/api/reply-check.ts';
import { passedHeaders } from './remote-headers.ts';
import type { UpstreamResponse } from './upstream-fetch.ts';
import { isJsonText } from '../../../shared/json-shape.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/** Pass the answer on (with these headers), or fail with a cause. */
export type Verdict =
  | { readonly kind: 'pass'; readonly contentType: HeaderEntry; readonly headers: readonly HeaderEntry[] }
  | { readonly kind: 'failure'; readonly cause: string; readonly headers: readonly HeaderEntry[] };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The body as JSON, or undefined when it is not UTF-8 JSON. */
function parseJson(body: Uint8Array): { readonly json: unknown } | undefined {
  try {
    return { json: JSON.parse(decoder.decode(body)) };
  } catch {
    return undefined;
  }
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType.trim());
}

/**
 * The content type a successful answer is passed on with: JSON or BCS, the only two the API speaks, as
 * this server spells them; undefined for anything else. A node's HTML or script must never reach the
 * browser on the UI's origin, where it could run with the UI's rights.
 */
export function passedContentType(contentType: string): string | undefined {
  if (isJson(contentType)) return JSON_CONTENT_TYPE;
  const essence = contentType.split(';')[0]?.trim().toLowerCase();
  return essence === BCS_CONTENT_TYPE ? BCS_CONTENT_TYPE : undefined;
}

/** The record's message, when the body is an error record. */
function recordMessage(body: Uint8Array): string | undefined {
  const parsed = parseJson(body);
  if (parsed === undefined || shapeProblem(ERROR_RECORD_SCHEMA, parsed.json) !== undefined) return undefined;
  return (parsed.json as { message: string }).message;
}

function retryAfterText(value: string | null): string {
  return value === null ? '' : `; retry after ${isDecimalText(value.trim()) ? `${value.trim()} s` : value}`;
}

/** Judges an answer to `what` (e.g. `GET /v1/accounts/0x1/resources`) of the route `pattern`. */
export function judgeAnswer(response: UpstreamResponse, what: string, pattern: string | undefined): Verdict {
  const { status } = response;
  const contentType = response.headers.get('content-type');
  const headers = passedHeaders(response.headers);
  const tries = response.attempts > 1 ? ` after ${response.attempts} attempts` : '';
  const label = `${status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (status === 429) {
    const retryAfter = response.headers.get('retry-after');
    return {
      kind: 'failure',
      cause: `it is rate limiting requests (429)${tries}${retryAfterText(retryAfter)}`,
      headers: headers.filter(([name]) => name === 'Retry-After'),
    };
  }
  if (status === 502 || status === 503 || status === 504) {
    const message = recordMessage(response.body);
    return {
      kind: 'failure',
      cause: `it answered ${label} to ${what}${tries}${message === undefined ? '' : `: ${message}`}`,
      headers: [],
    };
  }
  if (status >= 400) {
    if (recordMessage(response.body) === undefined)
      return {
        kind: 'failure',
        cause: `it answered ${label} to ${what} with a body that is not an error record`,
        headers: [],
      };
    return { kind: 'pass', contentType: ['Content-Type', JSON_CONTENT_TYPE], headers };
  }
  if (status < 200 || status >= 300)
    return { kind: 'failure', cause: `it answered ${what} with status ${label}`, headers: [] };
  if (contentType === null)
    return { kind: 'failure', cause: `it answered ${what} without a Content-Type`, headers: [] };
  const passed = passedContentType(contentType);
  if (passed === undefined)
    return {
      kind: 'failure',
      cause:
        `unexpected content type ${JSON.stringify(contentType.slice(0, 100))} ` +
        `from the node in its answer to ${what}`,
      headers: [],
    };
  // A node's JSON text sent as BCS would reach a BCS decoder (ours, or a client's) as bytes that mean something else.
  if (passed === BCS_CONTENT_TYPE && isJsonText(response.body))
    return { kind: 'failure', cause: `it answered ${what} with JSON text labelled as BCS`, headers: [] };
  if (isJson(contentType)) {
    const parsed = parseJson(response.body);
    if (parsed === undefined) return { kind: 'failure', cause: `it answered ${what} with malformed JSON`, headers: [] };
    const schema = pattern === undefined ? undefined : REPLY_SCHEMAS[pattern];
    const problem = schema === undefined ? undefined : shapeProblem(schema, parsed.json);
    if (problem !== undefined)
      return {
        kind: 'failure',
        cause: `it answered ${what} with data of an unexpected shape (${problem})`,
        headers: [],
      };
  }
  return { kind: 'pass', contentType: ['Content-Type', passed], headers };
}
