/**
 * The store-facing side of gas estimation: gathers the blocks of the current epoch and the
 * on-chain minimum price, runs {@link estimateGasPrice}, and caches the result per ledger
 * version (it only changes when a block is committed).
 */
import type { LedgerInfo, LedgerStore } from '../snapshot/ledger-store.ts';
import { defaultGasEstimate, estimateGasPrice, type GasEstimate } from './gas-estimate.ts';

/** Computes (and caches) the gas estimate of the latest ledger. */
export interface GasEstimator {
  estimate(store: LedgerStore, ledger: LedgerInfo): GasEstimate;
}

/** A gas estimator with a one-entry cache keyed by ledger version and epoch. */
export function createGasEstimator(): GasEstimator {
  let cached: { readonly version: bigint; readonly epoch: bigint; readonly estimate: GasEstimate } | undefined;
  return {
    estimate(store, ledger) {
      if (cached !== undefined && cached.version === ledger.ledgerVersion && cached.epoch === ledger.epoch) {
        return cached.estimate;
      }
      const settings = store.settings.gasEstimation;
      const minPrice = store.minGasUnitPrice(ledger.ledgerVersion);
      const estimate = settings.enabled
        ? estimateGasPrice(
            store.recentBlocks(ledger.epoch, settings.aggressiveBlockHistory + 1),
            minPrice,
            settings,
            ledger.epoch,
          )
        : defaultGasEstimate(minPrice, settings);
      cached = { version: ledger.ledgerVersion, epoch: ledger.epoch, estimate };
      return estimate;
    },
  };
}
