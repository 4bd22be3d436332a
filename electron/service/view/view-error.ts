/**
 * The errors of the view and balance logic, as the node reports them. Unlike read errors, a view
 * failure carries a `vm_error_code` (the VM's StatusCode number), so it is a class of its own;
 * `viewErrorRecord` gives the record the router sends.
 */
import type { ErrorCode } from '../http-errors.ts';

/** VM StatusCode ABORTED: a Move `abort` (or failed `assert!`). */
export const STATUS_ABORTED = 4016;
/** VM StatusCode MISSING_DATA: `borrow_global` of a resource that does not exist. */
export const STATUS_MISSING_DATA = 4008;

/** A failure of a view or balance request: status, error code, message, and the VM status if any. */
export class ViewError extends Error {
  override readonly name = 'ViewError';
  readonly status: number;
  readonly errorCode: ErrorCode;
  readonly vmErrorCode: number | null;

  constructor(status: number, errorCode: ErrorCode, message: string, vmErrorCode: number | null = null) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.vmErrorCode = vmErrorCode;
  }
}

/** The error record (`{"message","error_code","vm_error_code"}`) of a ViewError. */
export function viewErrorRecord(error: ViewError): {
  readonly message: string;
  readonly error_code: ErrorCode;
  readonly vm_error_code: number | null;
} {
  return { message: error.message, error_code: error.errorCode, vm_error_code: error.vmErrorCode };
}

/** 400 `invalid_input` without a VM status: a request the node refuses before running anything. */
export function viewInput(message: string): ViewError {
  return new ViewError(400, 'invalid_input', message);
}

/** Error categories of `std::error` (the high bits of an abort code). */
export const ERROR_CATEGORY = { invalidArgument: 0x1, invalidState: 0x3, notFound: 0x6 } as const;

/** One abort reason of a framework module: its constant name, number and doc comment. */
export interface AbortReason {
  readonly name: string;
  readonly reason: number;
  readonly category: number;
  readonly description: string;
}

/**
 * A Move abort in `module` (e.g. `0x1::coin`), rendered as the node explains it with the module's
 * error map: `Move abort in 0x1::coin: ECOIN_INFO_NOT_PUBLISHED(0x60003): <doc>`; 400 `invalid_input`
 * with vm_error_code ABORTED.
 */
export function moveAbort(module: string, abort: AbortReason): ViewError {
  const code = (abort.category << 16) | abort.reason;
  return new ViewError(
    400,
    'invalid_input',
    `Move abort in ${module}: ${abort.name}(0x${code.toString(16)}): ${abort.description}`,
    STATUS_ABORTED,
  );
}

/**
 * `borrow_global<T>(addr)` of an absent resource. The VM stops with MISSING_DATA; the node's exact
 * message for it in a view was not verified, so ours names the function, the type and the address.
 */
export function missingData(functionName: string, type: string, address: string): ViewError {
  return new ViewError(
    400,
    'invalid_input',
    `MISSING_DATA: ${functionName} borrows ${type} at ${address}, which does not exist`,
    STATUS_MISSING_DATA,
  );
}
