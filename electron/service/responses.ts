/**
 * Building `Response`s: JSON and BCS bodies and the error record, each with the ledger headers
 * of the latest ledger (when known) and any extra headers such as the paging cursor.
 */
import type { LedgerInfo } from '../snapshot/ledger-store.ts';
import { BCS_CONTENT_TYPE, JSON_CONTENT_TYPE } from './content-negotiation.ts';
import { errorRecord, type ApiError, type ErrorCode } from './http-errors.ts';
import { ledgerHeaderEntries, type HeaderEntry } from './ledger-headers.ts';

/** Headers of a response: content type, the ledger headers when `ledger` is known, then `extra`. */
export function responseHeaders(contentType: string, ledger: LedgerInfo | undefined, extra: readonly HeaderEntry[] = []): Headers {
  const headers = new Headers();
  headers.set('Content-Type', contentType);
  if (ledger !== undefined) for (const [name, value] of ledgerHeaderEntries(ledger)) headers.set(name, value);
  for (const [name, value] of extra) headers.set(name, value);
  return headers;
}

/** A JSON response; `body` must already be JSON-safe (u64s as strings, no bigint). */
export function jsonResponse(body: unknown, ledger: LedgerInfo | undefined, extra: readonly HeaderEntry[] = [], status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: responseHeaders(JSON_CONTENT_TYPE, ledger, extra) });
}

/** A BCS response with the given bytes as body. */
export function bcsResponse(bytes: Uint8Array, ledger: LedgerInfo | undefined, extra: readonly HeaderEntry[] = []): Response {
  const body = new Uint8Array(bytes.byteLength);
  body.set(bytes);
  return new Response(body, { status: 200, headers: responseHeaders(BCS_CONTENT_TYPE, ledger, extra) });
}

/** The error record response for a status, code and message. */
export function errorResponse(
  status: number,
  errorCode: ErrorCode,
  message: string,
  ledger: LedgerInfo | undefined,
  extra: readonly HeaderEntry[] = [],
): Response {
  return jsonResponse(errorRecord(message, errorCode), ledger, extra, status);
}

/** The error record response for a thrown {@link ApiError}. */
export function apiErrorResponse(error: ApiError, ledger: LedgerInfo | undefined): Response {
  return errorResponse(error.status, error.errorCode, error.message, ledger, error.headers);
}
