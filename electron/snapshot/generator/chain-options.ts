/**
 * Options of a generation run and the seed-derived byte strings every part of the generator uses.
 */
import { hash } from 'node:crypto';
import type { NodeSettings } from '../ledger-store.ts';

/** Options of one generation run. */
export interface ChainOptions {
  readonly seed: number;
  readonly versions: number;
  readonly accounts: number;
  readonly chainId: number;
  /** Coin stores of the coin collector account (0 = no collector). */
  readonly coinStores: number;
  readonly settings: NodeSettings;
}

/** 32 pseudo-random bytes derived from the seed and a label (hashes, handles, keys, addresses). */
export function derivedBytes(seed: number, label: string): Uint8Array {
  return hash('sha3-256', `${seed}:${label}`, 'buffer');
}
