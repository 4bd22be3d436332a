/**
 * Query options of the ledger domain: `GET /v1` (the status bar, time-travel bounds) and the data
 * source's description. "Latest" moves, so these are refreshed; every pinned answer elsewhere is
 * immutable (`staleTime: Infinity`).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { endpointQuery } from '../endpoint-query.ts';

/** How often the status bar re-reads the ledger (a remote chain moves; a snapshot never does). */
export const LEDGER_REFRESH_MS = 5_000;

/** `GET /v1`: the latest ledger info. */
export function ledgerQuery() {
  return endpointQuery(ENDPOINTS.ledgerInfo, { at: { refreshMs: LEDGER_REFRESH_MS } });
}

/** `GET /explorer/v1/source`: which snapshot file or node the UI is looking at. */
export function sourceQuery() {
  return endpointQuery(ENDPOINTS.explorerSource, { at: { refreshMs: LEDGER_REFRESH_MS } });
}

/** `GET /explorer/v1/source/digest`: a snapshot's content digest (the file never changes while open: cached). */
export function sourceDigestQuery() {
  return endpointQuery(ENDPOINTS.explorerSourceDigest, { at: 'immutable' });
}
