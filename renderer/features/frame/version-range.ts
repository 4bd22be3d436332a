import { isLedgerVersion } from '../../app/pinned-version.ts';

/**
 * Where a typed version stands against the retained range [oldest, latest]: the time-travel
 * control's messages come from here (pruned below, not yet above).
 */

/** A version compared to the retained range. */
export type VersionStanding =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'pruned'; readonly oldest: bigint }
  | { readonly kind: 'future'; readonly latest: bigint }
  | { readonly kind: 'retained'; readonly version: bigint };

/** Classifies `text` (a decimal version as typed) against [oldest, latest]. */
export function versionStanding(text: string, oldest: bigint, latest: bigint): VersionStanding {
  const trimmed = text.trim();
  if (!isLedgerVersion(trimmed)) return { kind: 'invalid' }; // beyond u64 is no version, not "not yet"
  const version = BigInt(trimmed);
  if (version < oldest) return { kind: 'pruned', oldest };
  if (version > latest) return { kind: 'future', latest };
  return { kind: 'retained', version };
}
