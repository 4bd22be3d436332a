/**
 * The renderer's only way to data: `fetch` on its own origin (`app://` in the desktop app, the
 * `serve` origin headless). Every failure becomes an {@link ApiRequestError} carrying the error
 * record, so panels can show the node's message and `error_code` instead of a blank.
 */
import {
  parseErrorRecord,
  type ClientErrorCode,
  type ErrorCode,
  type ReceivedErrorRecord,
} from '../../shared/api/error-record.ts';
import {
  filledPath,
  pathOf,
  type BodyOf,
  type Endpoint,
  type PathParams,
  type QueryParams as EndpointQuery,
  type ReplyOf,
} from '../../shared/api/endpoint.ts';
import { isJsonText } from '../../shared/json-shape.ts';
import { decimalU64, isDecimalText } from '../../shared/ledger/u64.ts';

/** The ledger headers every answer carries (`X-Aptos-*`). */
export interface LedgerHeaders {
  readonly chainId: number | undefined;
  readonly ledgerVersion: bigint | undefined;
  readonly oldestLedgerVersion: bigint | undefined;
  readonly ledgerTimestampUsec: bigint | undefined;
  readonly epoch: bigint | undefined;
  readonly blockHeight: bigint | undefined;
  readonly oldestBlockHeight: bigint | undefined;
}

/** A decoded answer: body, ledger headers, and the resources paging cursor when there is one. */
export interface ApiAnswer<T> {
  readonly body: T;
  readonly ledger: LedgerHeaders;
  readonly cursor: string | undefined;
}

/** A request that did not succeed: HTTP status plus the service's error record (or a synthetic one). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The record's code: a node API code, a client code, or a code a newer node sends. */
  readonly errorCode: ReceivedErrorRecord['error_code'];
  readonly record: ReceivedErrorRecord;

  constructor(status: number, record: ReceivedErrorRecord) {
    super(record.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errorCode = record.error_code;
    this.record = record;
  }

  /** Whether the request failed with this status and code (renderer code decides on these, never on message text). */
  is(status: number, code: ErrorCode | ClientErrorCode): boolean {
    return this.status === status && this.errorCode === code;
  }
}

/** A synthetic record for a failure that carries none (no answer, or an answer that is not a record). */
function clientRecord(message: string, code: ClientErrorCode): ReceivedErrorRecord {
  return { message, error_code: code, vm_error_code: null };
}

/** Query parameters: undefined values are left out. */
export type QueryParams = Readonly<Record<string, string | number | bigint | undefined>>;

/** Options of one request. */
export interface RequestOptions {
  readonly query?: QueryParams | undefined;
  readonly method?: 'GET' | 'POST' | undefined;
  readonly body?: unknown;
  readonly accept?: 'application/json' | 'application/x-bcs' | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Keep JSON integers beyond 2^53 as their exact decimal text instead of a rounded number: the indexer's `numeric`
   * columns (a supply, a collection's u64::MAX maximum) arrive as JSON numbers with every digit (docs/api.md).
   */
  readonly exactNumbers?: boolean | undefined;
}

/**
 * `JSON.parse` reviver keeping an integer a double cannot hold as its source text (the platform's JSON.parse source
 * text access: Chromium 114+, Node 22+); every other value as parsed.
 */
export function keepExactIntegers(_key: string, value: unknown, context?: { readonly source?: string }): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  return source !== undefined && /^-?\d+$/.test(source) ? source : value;
}

function optionalBigInt(text: string | null): bigint | undefined {
  return text === null ? undefined : decimalU64(text);
}

/** Reads the ledger headers of a response. */
export function ledgerHeadersOf(headers: Headers): LedgerHeaders {
  const chainId = headers.get('x-aptos-chain-id');
  return {
    chainId: chainId !== null && isDecimalText(chainId) ? Number(chainId) : undefined,
    ledgerVersion: optionalBigInt(headers.get('x-aptos-ledger-version')),
    oldestLedgerVersion: optionalBigInt(headers.get('x-aptos-ledger-oldest-version')),
    ledgerTimestampUsec: optionalBigInt(headers.get('x-aptos-ledger-timestampusec')),
    epoch: optionalBigInt(headers.get('x-aptos-epoch')),
    blockHeight: optionalBigInt(headers.get('x-aptos-block-height')),
    oldestBlockHeight: optionalBigInt(headers.get('x-aptos-oldest-block-height')),
  };
}

/** A path with its query string (parameters in the given order, undefined ones skipped). */
export function pathWithQuery(path: string, query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

async function failure(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  try {
    const record = parseErrorRecord(JSON.parse(text));
    if (record !== undefined) return new ApiRequestError(response.status, record);
  } catch {
    // not JSON: fall through to a synthetic record
  }
  return new ApiRequestError(
    response.status,
    clientRecord(`HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`, 'http_error'),
  );
}

/** How a request reaches the data source: `fetch` on the page's own origin unless {@link setTransport} says else. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Replaces how requests reach the data source. Only the server-side render (renderer/ssr-entry.tsx) does: it runs in
 * the service's process, where the queries go straight to the service's handler instead of over HTTP.
 */
export function setTransport(next: Transport): void {
  transport = next;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  let response: Response;
  try {
    response = await transport(pathWithQuery(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(
      0,
      clientRecord(
        `The data source did not answer: ${error instanceof Error ? error.message : String(error)}`,
        'network_error',
      ),
    );
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/** GET/POST a JSON answer from the same origin. */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const response = await send(path, { ...options, accept: 'application/json' });
  const body = (
    options.exactNumbers === true ? JSON.parse(await response.text(), keepExactIntegers) : await response.json()
  ) as T;
  return {
    body,
    ledger: ledgerHeadersOf(response.headers),
    cursor: response.headers.get('x-aptos-cursor') ?? undefined,
  };
}

/**
 * GET/POST a BCS answer (`Accept: application/x-bcs`) from the same origin. An answer that is not BCS — another
 * content type, or JSON text labelled BCS (a node that ignored `Accept`, passed on by a proxy) — is an
 * {@link ApiRequestError} (`http_error`), never bytes for the inspector to decode as garbage.
 */
export async function requestBcs(path: string, options: RequestOptions = {}): Promise<ApiAnswer<Uint8Array>> {
  const response = await send(path, { ...options, accept: 'application/x-bcs' });
  const contentType = response.headers.get('content-type');
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  if (essence !== 'application/x-bcs') {
    throw new ApiRequestError(
      response.status,
      clientRecord(
        `expected BCS (application/x-bcs), the answer is ${contentType ?? 'without a content type'}`,
        'http_error',
      ),
    );
  }
  const body = new Uint8Array(await response.arrayBuffer());
  if (isJsonText(body)) {
    throw new ApiRequestError(
      response.status,
      clientRecord('expected BCS, the answer labelled application/x-bcs is JSON text', 'http_error'),
    );
  }
  return {
    body,
    ledger: ledgerHeadersOf(response.headers),
    cursor: response.headers.get('x-aptos-cursor') ?? undefined,
  };
}

/** The parts of a request to a declared endpoint: path parameters (when it has any), query, body, signal. */
export type EndpointRequest<E extends Endpoint> = (keyof PathParams<E['path']> extends never
  ? { readonly path?: undefined }
  : { readonly path: PathParams<E['path']> }) &
  (E['body'] extends undefined ? { readonly body?: undefined } : { readonly body: BodyOf<E> }) & {
    readonly query?: EndpointQuery<E['query']> | undefined;
    readonly signal?: AbortSignal | undefined;
    readonly exactNumbers?: boolean | undefined;
  };

/** A read of a declared endpoint assembled at run time (the query layer's): path values by name, the query as sent. */
export interface AssembledRequest {
  readonly path: Readonly<Record<string, string | undefined>>;
  readonly query: QueryParams;
  readonly body: unknown;
  readonly signal: AbortSignal;
  readonly accept: 'json' | 'bcs' | undefined;
}

/**
 * Sends an assembled read of `endpoint` (renderer/api/endpoint-query.ts, whose plan checked every path value is
 * there): the declared method, the path built from the pattern, JSON or the BCS bytes. The answer is typed by the
 * caller, which knows the endpoint's reply type.
 */
export function requestAssembled(endpoint: Endpoint, parts: AssembledRequest): Promise<ApiAnswer<unknown>> {
  const path = filledPath(endpoint.path, parts.path);
  const options: RequestOptions = {
    method: endpoint.method,
    query: parts.query,
    body: parts.body,
    signal: parts.signal,
  };
  if (parts.accept !== 'bcs') return requestJson<unknown>(path, options);
  if (endpoint.bcs === undefined) throw new Error(`${endpoint.path} answers JSON only`);
  return requestBcs(path, options);
}

function optionsOf<E extends Endpoint>(endpoint: E, parts: EndpointRequest<E>): [string, RequestOptions] {
  const path = pathOf(endpoint.path, (parts.path ?? {}) as PathParams<E['path']>);
  const query = parts.query as QueryParams | undefined;
  const { body, signal, exactNumbers } = parts;
  return [path, { method: endpoint.method, query, body, signal, exactNumbers }];
}

/**
 * A JSON request to a declared endpoint (shared/api/registry.ts): the path built from its pattern,
 * the method its declaration says, the answer typed as its reply schema infers. Failures throw an
 * {@link ApiRequestError} (decide on its `errorCode` and `status`).
 */
export function request<E extends Endpoint>(endpoint: E, parts: EndpointRequest<E>): Promise<ApiAnswer<ReplyOf<E>>> {
  return requestJson<ReplyOf<E>>(...optionsOf(endpoint, parts));
}

/** The BCS answer (`Accept: application/x-bcs`) of a declared node endpoint: the bytes its `bcs` entry describes. */
export function requestBytes<E extends Endpoint>(
  endpoint: E,
  parts: EndpointRequest<E>,
): Promise<ApiAnswer<Uint8Array>> {
  if (endpoint.bcs === undefined) throw new Error(`${endpoint.path} answers JSON only`);
  return requestBcs(...optionsOf(endpoint, parts));
}
