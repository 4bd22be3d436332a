/**
 * The pinned version as the URL carries it (`?ledger_version=N`, the API's own parameter name).
 * Kept apart from the hooks so the anchor provider and `useLedgerVersion` read it the same way.
 */
import { decimalU64 } from '../../shared/ledger/u64.ts';

/** The name of the URL query parameter that pins a version (the API's own). */
export const VERSION_PARAM = 'ledger_version';

/** Whether `text` is a ledger version: decimal digits within u64 (may still be pruned or not yet). */
export function isLedgerVersion(text: string): boolean {
  // The API accepts a u64 (above it every state read answers 400); the bounds are the ledger kernel's.
  return decimalU64(text) !== undefined;
}

/** The pinned version in `params` (decimal digits as typed, within u64; may be out of the retained range), if any. */
export function pinnedOf(params: URLSearchParams): string | undefined {
  const raw = params.get(VERSION_PARAM);
  return raw !== null && isLedgerVersion(raw) ? raw : undefined;
}

/**
 * The `?ledger_version=` value when it is not a ledger version (`abc`, `-5`, `1.5`, empty, beyond
 * u64): views then read at the latest, and the time-travel row says so instead of ignoring it.
 */
export function invalidPinOf(params: URLSearchParams): string | undefined {
  const raw = params.get(VERSION_PARAM);
  return raw !== null && !isLedgerVersion(raw) ? raw : undefined;
}
