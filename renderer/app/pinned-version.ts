/**
 * The pinned version as the URL carries it (`?ledger_version=N`, the API's own parameter name).
 * Kept apart from the hooks so the anchor provider and `useLedgerVersion` read it the same way.
 */

/** The name of the URL query parameter that pins a version (the API's own). */
export const VERSION_PARAM = 'ledger_version';

/** The pinned version in `params` (decimal digits as typed; may be out of range), if any. */
export function pinnedOf(params: URLSearchParams): string | undefined {
  const raw = params.get(VERSION_PARAM);
  return raw !== null && /^\d+$/.test(raw) ? raw : undefined;
}
