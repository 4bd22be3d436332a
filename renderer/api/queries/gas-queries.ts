/**
 * Query options of the gas panel: the node's three estimates and recent blocks' gas facts. Both
 * follow the moving ledger (keyed by the latest version seen, refreshed on an interval).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { endpointQuery } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';

/** How often the gas panel re-reads (the same pace as the status bar). */
export const GAS_REFRESH_MS = 5_000;

/** How many recent blocks the chart shows. */
export const CHART_BLOCKS = 100;

/** `GET /v1/estimate_gas_price`, keyed by the ledger version it was asked at (skipped until one is known). */
export function gasEstimateQuery(latest: VersionKey | undefined) {
  return endpointQuery(ENDPOINTS.gasEstimate, { at: { version: latest, refreshMs: GAS_REFRESH_MS } });
}

/**
 * `GET /explorer/v1/blocks?limit=`: the newest blocks, newest first (snapshot sources only), keyed by
 * the latest version they were asked at; the previous chart stays while the next one loads.
 * Skipped until a latest version is known.
 */
export function recentBlocksQuery(latest: VersionKey | undefined, limit = CHART_BLOCKS) {
  const at = { version: latest, refreshMs: GAS_REFRESH_MS };
  return endpointQuery(ENDPOINTS.explorerBlocks, { query: { limit }, at }, undefined, []);
}
