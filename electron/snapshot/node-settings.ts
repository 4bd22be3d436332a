/**
 * The node defaults a snapshot records in `meta.node_settings` (node-behaviour.md §1 paging table
 * and §5 gas estimation), so the service's limits are configuration, not constants.
 */
import type { GasEstimationSettings, NodeSettings } from './ledger-store.ts';

/** The node's default gas estimation configuration (node-behaviour.md §5). */
export const DEFAULT_GAS_ESTIMATION: GasEstimationSettings = {
  enabled: true,
  fullBlockTxns: 250,
  lowBlockHistory: 10,
  marketBlockHistory: 30,
  aggressiveBlockHistory: 120,
  priceBuckets: [0, 150, 300, 500, 1000, 3000, 5000, 10000, 100000, 1000000],
};

/** The production node's default settings. */
export const DEFAULT_NODE_SETTINGS: NodeSettings = {
  eventsDefaultLimit: 25,
  eventsMaxLimit: 100,
  summariesDefaultLimit: 100,
  summariesMaxLimit: 100,
  resourcesDefaultLimit: 9999,
  resourcesMaxLimit: 9999,
  nodeRole: 'full_node',
  gasEstimation: DEFAULT_GAS_ESTIMATION,
};
