/**
 * The error record, built and read in one place. Every failed request the service, the remote proxy,
 * the app protocol and the service supervisor answer carries `{"message", "error_code",
 * "vm_error_code": null}` with its status; the renderer reads it back with {@link parseErrorRecord}
 * and decides on `error_code` and status, never on the message text.
 */
import * as v from 'valibot';

/** The `error_code` values of the node API (docs/api.md, Errors), in the node's order. */
export const ERROR_CODES = [
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
] as const;

/** An `error_code` of the node API. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes the renderer's client gives failures that carry no record: `network_error` when nothing
 * answered (status 0), `http_error` for a non-2xx answer whose body is not an error record.
 */
export type ClientErrorCode = 'network_error' | 'http_error';

/** The JSON body of every error the service sends. `vm_error_code` is always null on reads. */
export interface ErrorRecord {
  readonly message: string;
  readonly error_code: ErrorCode;
  readonly vm_error_code: null;
}

/**
 * An error record as received: from our service, or from a node, which may send a code this list
 * does not know yet or a numeric `vm_error_code`.
 */
export interface ReceivedErrorRecord {
  readonly message: string;
  readonly error_code: ErrorCode | ClientErrorCode | (string & {});
  readonly vm_error_code: number | null;
}

/** Builds the error record. */
export function errorRecord(message: string, errorCode: ErrorCode): ErrorRecord {
  return { message, error_code: errorCode, vm_error_code: null };
}

/** The error record as the JSON text of a response body. */
export function errorRecordJson(message: string, errorCode: ErrorCode): string {
  return JSON.stringify(errorRecord(message, errorCode));
}

/**
 * The shape of a received error record: objects are loose (a node may add fields), `vm_error_code`
 * may be missing or a number on some nodes.
 */
export const ERROR_RECORD_SCHEMA = v.looseObject({
  message: v.string(),
  error_code: v.string(),
  vm_error_code: v.optional(v.nullable(v.number())),
});

/** `value` as an error record, or undefined when it is not one (a missing `vm_error_code` reads as null). */
export function parseErrorRecord(value: unknown): ReceivedErrorRecord | undefined {
  const result = v.safeParse(ERROR_RECORD_SCHEMA, value);
  if (!result.success) return undefined;
  const { message, error_code, vm_error_code } = result.output;
  return { message, error_code, vm_error_code: vm_error_code ?? null };
}

/** Whether `value` is an error record (`vm_error_code` may be missing). */
export function isErrorRecord(value: unknown): value is v.InferOutput<typeof ERROR_RECORD_SCHEMA> {
  return v.is(ERROR_RECORD_SCHEMA, value);
}

/** Whether `text` is an `error_code` of the node API. */
export function isErrorCode(text: string): text is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(text);
}
