/**
 * Query parameters several endpoints share. Limits whose largest value is a node setting (the
 * snapshot's `node_settings`) say so in their text; the service reads the setting.
 */
import type { QueryParameter } from '../endpoint.ts';

/** `ledger_version`: the version to read at (default the latest); 404 above it, 410 below the oldest. */
export const LEDGER_VERSION = {
  kind: 'u64',
  keyed: true,
  doc: 'the ledger version to read at (default: the latest)',
} as const satisfies QueryParameter;

/** A page size of 1 up to the route's maximum (`limit=0`: 400 `invalid_input`). */
export function limit(doc: string, max?: number): QueryParameter & { readonly kind: 'u16' } {
  return { kind: 'u16', keyed: true, min: 1, ...(max === undefined ? {} : { max }), doc };
}

/** `start`: the first sequence number of an event page. */
export const EVENT_START = {
  kind: 'u64',
  keyed: true,
  doc: 'the first sequence number (default: the newest page)',
} as const satisfies QueryParameter;
