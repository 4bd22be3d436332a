/**
 * The node defaults a snapshot records in `meta.node_settings` (docs/node-behaviour.md §1 paging table
 * and §5 gas estimation), so the service's limits are configuration, not constants.
 */
import type { GasEstimationSettings, NodeSettings } from './ledger-store.ts';

/** The node's default gas estimation configuration (docs/node-behaviour.md §5). */
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

/** A `meta.node_settings` value that is not usable; the message names the field. */
export class NodeSettingsError extends Error {
  override readonly name = 'NodeSettingsError';
}

function positiveInteger(value: unknown, field: string, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new NodeSettingsError(`${field} must be an integer from 1 to ${max}`);
  }
  return value;
}

/**
 * Validates `meta.node_settings` (JSON text). Missing fields take the node's defaults, so a snapshot
 * may record only what differs; a field of the wrong type or range is refused when the file is
 * opened, not discovered later as a failing request.
 */
export function checkNodeSettings(json: unknown): NodeSettings {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new NodeSettingsError('must be a JSON object');
  const given = json as Partial<Record<keyof NodeSettings, unknown>>;
  const d = DEFAULT_NODE_SETTINGS;
  const gas = (given.gasEstimation ?? {}) as Partial<Record<keyof GasEstimationSettings, unknown>>;
  if (typeof gas !== 'object' || gas === null || Array.isArray(gas))
    throw new NodeSettingsError('gasEstimation must be an object');
  const dg = d.gasEstimation;
  const buckets = gas.priceBuckets ?? dg.priceBuckets;
  if (
    !Array.isArray(buckets) ||
    buckets.length === 0 ||
    buckets.some((b, i) => !Number.isSafeInteger(b) || b < 0 || (i > 0 && b <= buckets[i - 1]))
  ) {
    throw new NodeSettingsError('gasEstimation.priceBuckets must be ascending non-negative integers');
  }
  const enabled = gas.enabled ?? dg.enabled;
  if (typeof enabled !== 'boolean') throw new NodeSettingsError('gasEstimation.enabled must be a boolean');
  const nodeRole = given.nodeRole ?? d.nodeRole;
  if (nodeRole !== 'full_node' && nodeRole !== 'validator')
    throw new NodeSettingsError('nodeRole must be "full_node" or "validator"');
  const u16 = 65_535;
  return {
    eventsDefaultLimit: positiveInteger(given.eventsDefaultLimit ?? d.eventsDefaultLimit, 'eventsDefaultLimit', u16),
    eventsMaxLimit: positiveInteger(given.eventsMaxLimit ?? d.eventsMaxLimit, 'eventsMaxLimit', u16),
    summariesDefaultLimit: positiveInteger(
      given.summariesDefaultLimit ?? d.summariesDefaultLimit,
      'summariesDefaultLimit',
      u16,
    ),
    summariesMaxLimit: positiveInteger(given.summariesMaxLimit ?? d.summariesMaxLimit, 'summariesMaxLimit', u16),
    resourcesDefaultLimit: positiveInteger(
      given.resourcesDefaultLimit ?? d.resourcesDefaultLimit,
      'resourcesDefaultLimit',
      u16,
    ),
    resourcesMaxLimit: positiveInteger(given.resourcesMaxLimit ?? d.resourcesMaxLimit, 'resourcesMaxLimit', u16),
    nodeRole,
    gasEstimation: {
      enabled,
      fullBlockTxns: positiveInteger(gas.fullBlockTxns ?? dg.fullBlockTxns, 'gasEstimation.fullBlockTxns', u16),
      lowBlockHistory: positiveInteger(gas.lowBlockHistory ?? dg.lowBlockHistory, 'gasEstimation.lowBlockHistory', u16),
      marketBlockHistory: positiveInteger(
        gas.marketBlockHistory ?? dg.marketBlockHistory,
        'gasEstimation.marketBlockHistory',
        u16,
      ),
      aggressiveBlockHistory: positiveInteger(
        gas.aggressiveBlockHistory ?? dg.aggressiveBlockHistory,
        'gasEstimation.aggressiveBlockHistory',
        u16,
      ),
      priceBuckets: buckets as number[],
    },
  };
}
