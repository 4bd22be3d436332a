/**
 * The error record of the node API and the exception the route handlers throw to produce it.
 * Every error the read service sends is `{"message", "error_code", "vm_error_code": null}`
 * (docs/node-behaviour.md §1), whatever the status.
 */

import type { ErrorCode } from '../../shared/api/error-record.ts';

export { errorRecord, type ErrorCode, type ErrorRecord } from '../../shared/api/error-record.ts';

/** An error meant for the client: the router turns it into the error record with this status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errorCode: ErrorCode;
  /** Extra response headers (e.g. `Allow` on 405). */
  readonly headers: readonly (readonly [string, string])[];

  constructor(
    status: number,
    errorCode: ErrorCode,
    message: string,
    headers: readonly (readonly [string, string])[] = [],
  ) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.headers = headers;
  }
}

/** 400 `web_framework_error`: a path, query or body that does not parse. */
export function unparsable(message: string): ApiError {
  return new ApiError(400, 'web_framework_error', message);
}

/** 400 `invalid_input`: input that parses but is not acceptable. */
export function invalidInput(message: string): ApiError {
  return new ApiError(400, 'invalid_input', message);
}

/** 404 with the given code. */
export function notFound(errorCode: ErrorCode, message: string): ApiError {
  return new ApiError(404, errorCode, message);
}

/** 500 `internal_error`: stored data that cannot be served (e.g. does not decode). */
export function internalError(message: string): ApiError {
  return new ApiError(500, 'internal_error', message);
}

/** 503 `internal_error`: the ledger itself cannot be read (snapshot gone, I/O failure). */
export function serviceUnavailable(message: string): ApiError {
  return new ApiError(503, 'internal_error', message);
}

/** Text of any thrown value, for messages. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
