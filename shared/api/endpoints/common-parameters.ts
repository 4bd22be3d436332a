/**
 * Query parameters several endpoints share. Limits whose largest value is a node setting (the
 * snapshot's `node_settings`) say so in their text; the service reads the setting.
 */
import type { QueryParameter } from '../endpoint.ts';

/** `ledger_version`: the version to read at (default the latest); 404 above it, 410 below the oldest. */
export const LEDGER_VERSION = {
  kind: 'u64',

  doc: 'the ledger version to read at (default: the latest)',
} as const satisfies QueryParameter;

/** How a page size is bounded: its default and largest value (both a node setting when left out here). */
export interface PageBounds {
  readonly default?: number;
  readonly max?: number;
}

/**
 * A page size of 1 up to the route's maximum (`limit=0`: 400 `invalid_input`; larger than `max`: clamped to it).
 * Bounds left out are the snapshot's node settings, which the handler applies.
 */
export function limit<const Bounds extends PageBounds = Record<never, never>>(
  doc: string,
  bounds?: Bounds,
): { readonly kind: 'u16'; readonly min: 1; readonly doc: string } & Bounds {
  return { kind: 'u16', min: 1, ...(bounds ?? ({} as Bounds)), doc };
}

/** `start`: the first sequence number of an event page. */
export const EVENT_START = {
  kind: 'u64',

  doc: 'the first sequence number (default: the newest page)',
} as const satisfies QueryParameter;
