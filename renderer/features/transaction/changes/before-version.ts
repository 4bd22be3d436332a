/**
 * Where "before" is read for a transaction at version V: V − 1, unless there is no such state —
 * V = 0 (genesis: nothing existed before) or V − 1 below the source's oldest retained version (pruned:
 * every read there would answer 410, so none is sent).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ledgerQuery } from '../../../api/queries/ledger-queries.ts';

/** The version befores are read at, or why there is none. */
export type BeforeVersion =
  | { readonly kind: 'readable'; readonly version: string }
  | { readonly kind: 'genesis' }
  /** The ledger (its oldest version) is not known yet: nothing is read until it is. */
  | { readonly kind: 'waiting' }
  | { readonly kind: 'pruned'; readonly version: string; readonly oldest: string };

/** The before version of transaction `version` given the source's oldest retained version (if known). */
export function beforeVersionOf(version: string, oldest: string | undefined): BeforeVersion {
  const v = BigInt(version);
  if (v === 0n) return { kind: 'genesis' };
  const before = (v - 1n).toString();
  if (oldest !== undefined && v - 1n < BigInt(oldest)) return { kind: 'pruned', version: before, oldest };
  return { kind: 'readable', version: before };
}

/**
 * {@link beforeVersionOf} with the oldest version from the ledger: waiting while the ledger loads (a
 * read below the oldest would only answer 410); readable when the ledger cannot be read (a read
 * then says for itself whether V − 1 is pruned).
 */
export function useBeforeVersion(version: string): BeforeVersion {
  const ledger = useQuery(ledgerQuery());
  const waiting = ledger.isPending && version !== '0';
  const oldest = ledger.data?.body.oldest_ledger_version;
  // One object per answer: the ledger is re-read every few seconds, and memoized rows compare it by identity.
  return useMemo(() => (waiting ? { kind: 'waiting' } : beforeVersionOf(version, oldest)), [waiting, version, oldest]);
}

/** The sentence for a before that cannot be read. */
export function noBeforeText(before: BeforeVersion): string | undefined {
  if (before.kind === 'genesis') return 'Genesis (version 0): there is no state before it.';
  if (before.kind === 'pruned')
    return (
      `The state before (version ${before.version}) is pruned from this source ` +
      `(oldest retained: ${before.oldest}).`
    );
  return undefined;
}
