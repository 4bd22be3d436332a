/**
 * What a capture reads from, what it is asked for, and what it collects before writing. A capture
 * reads through a fetch-style function, so the same code captures from a remote node (through the
 * remote source) and from an open snapshot (through the read service in-process).
 */
import type { MoveModuleAbi } from '../../../shared/move/abi.ts';
import type { StructTag } from '../../../shared/type-tag.ts';
import type { ReplayProtector } from '../ledger-store.ts';
import type { TransactionRow } from '../snapshot-rows.ts';
import type { TransactionDetailsRow } from '../transaction-details.ts';
import type { NodeWriteOp, PackedWriteSet } from './node-write-set.ts';
import type { Progress } from '../progress.ts';

/** A fetch-style function and the base URL (ending in `/v1`) its requests go to. */
export interface CaptureSource {
  readonly fetch: (request: Request) => Promise<Response>;
  readonly baseUrl: string;
  /** Recorded as the snapshot's origin (the node's URL, or the snapshot a capture was read from). */
  readonly nodeUrl: string;
}

/** A table item to capture: handle, key and value types, and the key as JSON (docs/node-behaviour.md §3). */
export interface TableItemRequest {
  readonly handle: string;
  readonly keyType: string;
  readonly valueType: string;
  readonly key: unknown;
}

/**
 * What one capture may hold and cost in all (every account together), so its memory (everything is
 * kept until the file is written) and its reads stay bounded. Beyond a limit the capture is refused
 * (CaptureError 400 `invalid_input`), before reading the events when their count is known upfront.
 */
export interface CaptureLimits {
  /** Requests to the source. */
  readonly requests: number;
  readonly resources: number;
  readonly events: number;
  readonly summaries: number;
  /**
   * Write-set entries of the transactions kept in full, all together, and their bytes (state keys and values): a
   * transaction that would go beyond stays a summary, with the reason recorded.
   */
  readonly writeSetEntries: number;
  readonly writeSetBytes: number;
}

/** Default limits: a few hundred MiB at most, and at most a few minutes of reads from a node. */
export const DEFAULT_CAPTURE_LIMITS: CaptureLimits = {
  requests: 5_000,
  resources: 200_000,
  events: 200_000,
  summaries: 100_000,
  writeSetEntries: 100_000,
  writeSetBytes: 64 * 1024 * 1024,
};

/** Default of {@link CaptureRequest.maxTransactions}. */
export const DEFAULT_MAX_TRANSACTIONS = 1_000;
/** Default of {@link CaptureRequest.transactionWindow}: versions V − 99,999 … V. */
export const DEFAULT_TRANSACTION_WINDOW = 100_000n;

/** What to capture. */
export interface CaptureRequest {
  readonly accounts: readonly string[];
  /** Default: the source's latest version. */
  readonly version?: bigint | undefined;
  readonly tables?: readonly TableItemRequest[] | undefined;
  /** Newest events kept per event stream. Default 10,000. */
  readonly maxEventsPerStream?: number | undefined;
  /** Newest transaction summaries kept per account. Default 10,000. */
  readonly maxSummariesPerAccount?: number | undefined;
  /**
   * How many transactions of the captured window are kept in full, newest first (docs/remote.md, "The captured
   * window"). Default {@link DEFAULT_MAX_TRANSACTIONS}; 0 keeps none.
   */
  readonly maxTransactions?: number | undefined;
  /** How many versions, ending at V, the captured window spans. Default {@link DEFAULT_TRANSACTION_WINDOW}. */
  readonly transactionWindow?: bigint | undefined;
  /** Limits of the whole capture; default {@link DEFAULT_CAPTURE_LIMITS}. */
  readonly limits?: Partial<CaptureLimits> | undefined;
  /** One line per step, for a progress display. */
  readonly onProgress?: ((line: string) => void) | undefined;
  /** Told the reads made of the source as they are made (progress.ts: a count and a rate on a terminal). */
  readonly meter?: Progress | undefined;
  /** Stops the capture between requests (nothing is written). */
  readonly signal?: AbortSignal | undefined;
}

/** A module as captured: its ABI (the node's JSON, key order kept) and bytecode. */
export interface CapturedModule {
  readonly address: Uint8Array;
  readonly name: string;
  readonly abi: MoveModuleAbi;
  readonly bytecode: Uint8Array;
}

/** One captured event. */
export interface CapturedEvent {
  readonly address: Uint8Array;
  readonly creationNumber: bigint;
  readonly sequenceNumber: bigint;
  readonly version: bigint;
  readonly typeTag: string;
  readonly data: Uint8Array;
}

/** One captured transaction summary. */
export interface CapturedSummary {
  readonly sender: Uint8Array;
  readonly version: bigint;
  readonly hash: Uint8Array;
  readonly replayProtector: ReplayProtector;
}

/** The block holding the captured version, as far as the source tells. */
export interface CapturedBlock {
  readonly height: bigint;
  readonly epoch: bigint;
  readonly firstVersion: bigint;
  readonly lastVersion: bigint;
  readonly timestampUsec: bigint;
}

/** The transaction at the captured version (the snapshot's latest). */
export interface CapturedTransaction {
  readonly kind: 'genesis' | 'block_metadata' | 'user' | 'state_checkpoint' | 'block_epilogue';
  readonly hash: Uint8Array;
}

/**
 * One entry of a captured transaction's write set: a state key, its new value (null: deleted), and the node's write
 * op (0–5) and storage-fee metadata (node-write-set.ts), so the node's `state_change_hash` is rebuilt from the file.
 */
export type CapturedWriteOp = NodeWriteOp;

/** One event of a captured transaction: a handle event names its stream, a module event has none. */
export interface CapturedTransactionEvent {
  readonly stream:
    { readonly address: Uint8Array; readonly creationNumber: bigint; readonly sequenceNumber: bigint } | undefined;
  readonly typeTag: string;
  readonly data: Uint8Array;
}

/** A transaction of the captured window as its JSON gives it: rows, write set (node order), events, written ABIs. */
export interface JsonTransaction {
  readonly version: bigint;
  readonly row: TransactionRow;
  readonly details: TransactionDetailsRow;
  readonly writeSet: readonly { readonly stateKey: Uint8Array; readonly value: Uint8Array | null }[];
  readonly events: readonly CapturedTransactionEvent[];
  /** The ABIs of the modules it published, kept at its version. */
  readonly modules: readonly { readonly address: Uint8Array; readonly name: string; readonly abi: MoveModuleAbi }[];
}

/**
 * A transaction of the captured window kept in full, proved by the node's BCS of it (prove-transaction.ts): its
 * `Transaction` bytes hash to its hash and say what its rows say, its write set (with the node's ops) hashes to its
 * `state_change_hash`, its events to its `event_root_hash`.
 */
export interface CapturedFullTransaction extends Omit<JsonTransaction, 'writeSet'> {
  /** Its entries in the node's JSON order, packed (node-write-set.ts). */
  readonly writeSet: PackedWriteSet;
  /** The node's `Transaction` bytes (what the Transaction hasher hashes). */
  readonly transactionBytes: Uint8Array;
}

/** A transaction of the captured window not kept in full (it stays a summary, or is absent), and why. */
export interface NotKeptTransaction {
  readonly version: bigint;
  readonly reason: string;
}

/** Everything a capture read, ready to be written. */
export interface CaptureData {
  readonly nodeUrl: string;
  readonly chainId: number;
  readonly version: bigint;
  readonly capturedAt: string;
  readonly block: CapturedBlock;
  readonly transaction: CapturedTransaction;
  /** Accounts that exist at the version (they hold resources). */
  readonly accounts: readonly Uint8Array[];
  readonly resources: readonly { readonly address: Uint8Array; readonly tag: StructTag; readonly bytes: Uint8Array }[];
  readonly modules: readonly CapturedModule[];
  readonly events: readonly CapturedEvent[];
  readonly summaries: readonly CapturedSummary[];
  /** The transactions of the captured window kept in full, ascending (V's among them when the source served it). */
  readonly transactions: readonly CapturedFullTransaction[];
  /** The transactions of the captured window that were not kept in full, with the reason of each. */
  readonly notKept: readonly NotKeptTransaction[];
  readonly tables: readonly {
    readonly handle: Uint8Array;
    readonly keyType: string;
    readonly valueType: string;
    readonly owner: TableOwner | null;
  }[];
  readonly tableItems: readonly { readonly handle: Uint8Array; readonly key: Uint8Array; readonly value: Uint8Array }[];
}

/** Where a table's handle was found. */
export interface TableOwner {
  readonly address: Uint8Array;
  readonly resource: string;
  readonly field: string;
}

/** A capture that cannot go on; `status`/`errorCode` are the source's when it refused a read. */
export class CaptureError extends Error {
  override readonly name = 'CaptureError';
  readonly status: number;
  readonly errorCode: string;

  constructor(message: string, status = 502, errorCode = 'internal_error') {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
  }
}
