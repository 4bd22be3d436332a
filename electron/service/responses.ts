/**
 * Building replies: JSON and BCS bodies and the error record, each with the ledger headers of the
 * latest ledger (when known) and any extra headers such as the paging cursor.
 */
import type { Endpoint, ReplyOf } from '../../shared/api/endpoint.ts';
import type { LedgerInfo } from '../snapshot/ledger-store.ts';
import { BCS_CONTENT_TYPE, JSON_CONTENT_TYPE } from './content-negotiation.ts';
import { errorRecord, type ApiError, type ErrorCode } from './http-errors.ts';
import { ledgerHeaderEntries, type HeaderEntry } from './ledger-headers.ts';
import type { ServiceReply } from './service-reply.ts';

/**
 * Headers of every API reply (`/v1`, `/explorer/v1`, errors included, JSON and BCS, snapshot and
 * remote): browsers must not sniff a body into HTML or script, and if one is ever opened as a page
 * on the UI's origin (a node's answer passed on, a crafted URL), it may load and run nothing and is
 * sandboxed into an opaque origin, so it could never call the API with the UI's rights. The UI's own
 * files have their policy (static-ui.ts).
 */
export const API_SECURITY_HEADERS: readonly HeaderEntry[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; sandbox"],
];

/** Ledger headers per ledger info object: the store hands out one object per ledger state. */
const ledgerHeaderCache = new WeakMap<LedgerInfo, readonly HeaderEntry[]>();

function ledgerHeaders(ledger: LedgerInfo): readonly HeaderEntry[] {
  let entries = ledgerHeaderCache.get(ledger);
  if (!entries) {
    entries = ledgerHeaderEntries(ledger);
    ledgerHeaderCache.set(ledger, entries);
  }
  return entries;
}

/** Headers of a reply: content type, the ledger headers when `ledger` is known, `extra`, then the security headers. */
function replyHeaders(
  contentType: string,
  ledger: LedgerInfo | undefined,
  extra: readonly HeaderEntry[] = [],
): HeaderEntry[] {
  const headers: HeaderEntry[] = [['Content-Type', contentType]];
  if (ledger !== undefined) headers.push(...ledgerHeaders(ledger));
  headers.push(...extra, ...API_SECURITY_HEADERS);
  return headers;
}

/** A JSON reply; `body` must already be JSON-safe (u64s as strings, no bigint). */
export function jsonReply(
  body: unknown,
  ledger: LedgerInfo | undefined,
  extra: readonly HeaderEntry[] = [],
  status = 200,
): ServiceReply {
  return { status, headers: replyHeaders(JSON_CONTENT_TYPE, ledger, extra), body: JSON.stringify(body) };
}

/**
 * The JSON reply of a declared endpoint (shared/api/registry.ts): `body` must have the type the
 * endpoint's reply schema infers, so a handler cannot drift from the declared wire format.
 */
export function endpointReply<E extends Endpoint>(
  endpoint: E,
  body: ReplyOf<E>,
  ledger: LedgerInfo | undefined,
  extra: readonly HeaderEntry[] = [],
): ServiceReply {
  return jsonReply(body, ledger, extra, endpoint.status ?? 200);
}

/** A BCS reply with the given bytes as body. */
export function bcsReply(
  bytes: Uint8Array,
  ledger: LedgerInfo | undefined,
  extra: readonly HeaderEntry[] = [],
): ServiceReply {
  return { status: 200, headers: replyHeaders(BCS_CONTENT_TYPE, ledger, extra), body: bytes };
}

/** The error record reply for a status, code and message. */
export function errorReply(
  status: number,
  errorCode: ErrorCode,
  message: string,
  ledger: LedgerInfo | undefined,
  extra: readonly HeaderEntry[] = [],
): ServiceReply {
  return jsonReply(errorRecord(message, errorCode), ledger, extra, status);
}

/** The error record reply for a thrown {@link ApiError}. */
export function apiErrorReply(error: ApiError, ledger: LedgerInfo | undefined): ServiceReply {
  return errorReply(error.status, error.errorCode, error.message, ledger, error.headers);
}
