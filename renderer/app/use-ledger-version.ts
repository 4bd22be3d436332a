/**
 * Ledger-version time travel. The pinned version lives in the URL (`?ledger_version=N`, the same
 * parameter the API uses), so every view is a deep link and reload restores it. When nothing is
 * pinned the UI reads at the latest version the status query saw; state queries always carry a
 * concrete version in their keys, so a page never mixes two versions while paging.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ledgerQuery } from '../api/queries/ledger-queries.ts';

/** The name of the URL query parameter that pins a version (the API's own). */
export const VERSION_PARAM = 'ledger_version';

/** What the time-travel control and every state panel read. */
export interface LedgerVersionState {
  /** The version pinned in the URL, if any (a decimal string as typed; may be out of range). */
  readonly pinned: string | undefined;
  /** The version state queries read at: pinned, else the latest known; undefined until the ledger loaded. */
  readonly effective: string | undefined;
  /** Pins a version (undefined = follow latest), keeping the rest of the URL. */
  setPinned(version: string | bigint | undefined): void;
}

/** Reads and sets the pinned ledger version. */
export function useLedgerVersion(): LedgerVersionState {
  const [params, setParams] = useSearchParams();
  const ledger = useQuery(ledgerQuery());
  const raw = params.get(VERSION_PARAM);
  const pinned = raw !== null && /^\d+$/.test(raw) ? raw : undefined;
  const setPinned = useCallback(
    (version: string | bigint | undefined) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (version === undefined) next.delete(VERSION_PARAM);
        else next.set(VERSION_PARAM, String(version));
        return next;
      });
    },
    [setParams],
  );
  return { pinned, effective: pinned ?? ledger.data?.body.ledger_version, setPinned };
}

/** `path` with `?ledger_version=` added when a version is given (links that pin or keep a version). */
export function withVersion(path: string, version: string | bigint | undefined): string {
  if (version === undefined) return path;
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(VERSION_PARAM, String(version));
  return `${base}?${params.toString()}`;
}
