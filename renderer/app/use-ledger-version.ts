/**
 * Ledger-version time travel. The pinned version lives in the URL (`?ledger_version=N`, the same
 * parameter the API uses), so every view is a deep link and reload restores it. When nothing is
 * pinned a view reads at the latest version seen when it opened (its anchor, see ledger-anchor.tsx),
 * so a moving node does not re-key it every few seconds. State queries always carry this concrete
 * version in their keys, so a page never mixes two versions while paging.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ledgerQuery } from '../api/queries/ledger-queries.ts';
import { useLedgerAnchor } from './ledger-anchor.tsx';
import { invalidPinOf, pinnedOf, VERSION_PARAM } from './pinned-version.ts';

export { VERSION_PARAM } from './pinned-version.ts';

/** What the time-travel control and every state panel read. */
export interface LedgerVersionState {
  /** The version pinned in the URL, if any (a decimal string as typed; may be out of range). */
  readonly pinned: string | undefined;
  /** A `?ledger_version=` value that is not a version (views read at the latest meanwhile), if any. */
  readonly invalid: string | undefined;
  /** The version state queries read at: pinned, else the view's anchor; undefined until the ledger loaded. */
  readonly effective: string | undefined;
  /**
   * Pins a version (undefined = follow latest: a new anchor is taken), keeping the rest of the URL.
   * `replace` swaps the current history entry instead of pushing one (a slider being dragged).
   */
  setPinned(version: string | bigint | undefined, options?: PinOptions): void;
}

/** How {@link LedgerVersionState.setPinned} changes the history. */
export interface PinOptions {
  /** Replace the current history entry instead of adding one. */
  readonly replace?: boolean;
}

/** Reads and sets the pinned ledger version. */
export function useLedgerVersion(): LedgerVersionState {
  const [params, setParams] = useSearchParams();
  const anchor = useLedgerAnchor();
  // Outside the anchor provider (a component rendered alone) the latest itself is the anchor.
  const latest = useQuery({ ...ledgerQuery(), enabled: anchor === undefined }).data?.body.ledger_version;
  const pinned = pinnedOf(params);
  const moveToLatest = anchor?.moveToLatest;
  const setPinned = useCallback(
    (version: string | bigint | undefined, options?: PinOptions) => {
      // "Latest" on an unpinned view that is behind moves its anchor (unpinning takes a new one anyway).
      if (version === undefined) moveToLatest?.();
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (version === undefined) next.delete(VERSION_PARAM);
          else next.set(VERSION_PARAM, String(version));
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams, moveToLatest],
  );
  return {
    pinned,
    invalid: invalidPinOf(params),
    effective: pinned ?? (anchor === undefined ? latest : anchor.anchor),
    setPinned,
  };
}

/** `path` with `?ledger_version=` added when a version is given (links that pin or keep a version). */
export function withVersion(path: string, version: string | bigint | undefined): string {
  if (version === undefined) return path;
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(VERSION_PARAM, String(version));
  return `${base}?${params.toString()}`;
}
