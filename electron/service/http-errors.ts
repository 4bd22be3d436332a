/**
 * The error record of the node API and the exception the route handlers throw to produce it.
 * Every error the read service sends is `{"message", "error_code", "vm_error_code": null}`
 * (node-behaviour.md §1), whatever the status.
 */

/** The `error_code` values the node API defines (read-api-spec.md, Errors). */
export type ErrorCode =
  | 'account_not_found'
  | 'resource_not_found'
  | 'module_not_found'
  | 'struct_field_not_found'
  | 'version_not_found'
  | 'transaction_not_found'
  | 'table_item_not_found'
  | 'block_not_found'
  | 'state_value_not_found'
  | 'version_pruned'
  | 'block_pruned'
  | 'invalid_input'
  | 'invalid_transaction_update'
  | 'sequence_number_too_old'
  | 'vm_error'
  | 'rejected_by_filter'
  | 'health_check_failed'
  | 'mempool_is_full'
  | 'internal_error'
  | 'web_framework_error'
  | 'bcs_not_supported'
  | 'api_disabled';

/** The JSON body of every error response. `vm_error_code` is always null on reads. */
export interface ErrorRecord {
  readonly message: string;
  readonly error_code: ErrorCode;
  readonly vm_error_code: null;
}

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

/** Builds the error record. */
export function errorRecord(message: string, errorCode: ErrorCode): ErrorRecord {
  return { message, error_code: errorCode, vm_error_code: null };
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
