/**
 * The renderer's only way to data: `fetch` on its own origin (`app://` in the desktop app, the
 * `serve` origin headless). Every failure becomes an {@link ApiRequestError} carrying the error
 * record, so panels can show the node's message and `error_code` instead of a blank.
 */
import type { ErrorRecord } from './types.ts';

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
  readonly errorCode: string;
  readonly record: ErrorRecord;

  constructor(status: number, record: ErrorRecord) {
    super(record.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errorCode = record.error_code;
    this.record = record;
  }
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
}

function optionalBigInt(text: string | null): bigint | undefined {
  return text !== null && /^\d+$/.test(text) ? BigInt(text) : undefined;
}

/** Reads the ledger headers of a response. */
export function ledgerHeadersOf(headers: Headers): LedgerHeaders {
  const chainId = headers.get('x-aptos-chain-id');
  return {
    chainId: chainId !== null && /^\d+$/.test(chainId) ? Number(chainId) : undefined,
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

function isErrorRecord(value: unknown): value is ErrorRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorRecord).message === 'string' &&
    typeof (value as ErrorRecord).error_code === 'string'
  );
}

async function failure(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed: unknown = JSON.parse(text);
    if (isErrorRecord(parsed)) return new ApiRequestError(response.status, parsed);
  } catch {
    // not JSON: fall through to a synthetic record
  }
  return new ApiRequestError(response.status, {
    message: `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    error_code: 'http_error',
    vm_error_code: null,
  });
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
    response = await fetch(pathWithQuery(path, options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, {
      message: `The data source did not answer: ${error instanceof Error ? error.message : String(error)}`,
      error_code: 'network_error',
      vm_error_code: null,
    });
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/** GET/POST a JSON answer from the same origin. */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const response = await send(path, { ...options, accept: 'application/json' });
  const body = (await response.json()) as T;
  return {
    body,
    ledger: ledgerHeadersOf(response.headers),
    cursor: response.headers.get('x-aptos-cursor') ?? undefined,
  };
}

/** GET/POST a BCS answer (`Accept: application/x-bcs`) from the same origin. */
export async function requestBcs(path: string, options: RequestOptions = {}): Promise<ApiAnswer<Uint8Array>> {
  const response = await send(path, { ...options, accept: 'application/x-bcs' });
  const body = new Uint8Array(await response.arrayBuffer());
  return {
    body,
    ledger: ledgerHeadersOf(response.headers),
    cursor: response.headers.get('x-aptos-cursor') ?? undefined,
  };
}
