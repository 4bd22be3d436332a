/**
 * The rows the snapshot writer takes (transactions, blocks) and what finishing a file needs: the writer's
 * vocabulary, shared by the generator and capture without the writer's SQLite statements.
 */
import type { NodeSettings } from './ledger-store.ts';

/** A row of the transactions table (see docs/snapshot-format.md). */
export interface TransactionRow {
  readonly version: number;
  readonly blockHeight: number;
  readonly hash: Uint8Array;
  readonly kind: 'genesis' | 'block_metadata' | 'user' | 'state_checkpoint' | 'block_epilogue';
  readonly sender: Uint8Array | null;
  readonly sequenceNumber: number | null;
  readonly nonce: number | null;
  readonly entryFunction: string | null;
  readonly gasUnitPrice: number;
  readonly maxGasAmount: number;
  readonly gasUsed: number;
  readonly success: boolean;
  readonly timestampUsec: bigint;
}

/** A row of the blocks table. */
export interface BlockRow {
  readonly height: number;
  readonly epoch: number;
  readonly round: number;
  readonly firstVersion: number;
  readonly lastVersion: number;
  readonly timestampUsec: bigint;
  readonly hash: Uint8Array;
  readonly blockLimitReached: boolean;
}

/** What finishing a snapshot needs: the ledger figures for `meta`. */
export interface SnapshotFinish {
  readonly chainId: number;
  readonly oldestVersion: number;
  readonly latestVersion: number;
  readonly settings: NodeSettings;
  readonly generator: string;
  /** Further `meta` rows (e.g. a capture's `origin`). */
  readonly extraMeta?: Readonly<Record<string, string>> | undefined;
  /**
   * `false`: never replace a file at the path, even one that appeared while the snapshot was
   * written (the finished file is hard-linked into place, which fails when the name is taken).
   * Default `true`: an existing file is replaced atomically.
   */
  readonly replace?: boolean | undefined;
}

/** The path was taken (by a file that appeared while writing) and `replace: false` forbids replacing it. */
export class OutputExistsError extends Error {
  override readonly name = 'OutputExistsError';
}

/**
 * The row of a transaction nobody sent (genesis, block metadata, epilogue, checkpoint, or a captured one known
 * only by kind): no sender, no gas, successful.
 */
export function systemTransactionRow(fields: {
  readonly version: number;
  readonly blockHeight: number;
  readonly hash: Uint8Array;
  readonly kind: TransactionRow['kind'];
  readonly timestampUsec: bigint;
}): TransactionRow {
  return {
    ...fields,
    sender: null,
    sequenceNumber: null,
    nonce: null,
    entryFunction: null,
    gasUnitPrice: 0,
    maxGasAmount: 0,
    gasUsed: 0,
    success: true,
  };
}
