/**
 * The typed read interface of a ledger snapshot: what the read service needs from storage.
 * Implemented by {@link SnapshotStore} over a SQLite file (formats v1 and v2, docs/snapshot-format.md).
 * Every method is synchronous because better-sqlite3 is; the service runs off the UI thread.
 *
 * Conventions: versions, sequence numbers, counters and amounts are `bigint`; addresses and handles
 * are 32-byte `Uint8Array`s; type tags are parsed values from shared/type-tag.ts.
 */
import type { MoveModuleAbi, AbiLookup } from '../../shared/move/abi.ts';
import type { StructTag } from '../../shared/type-tag.ts';
import type { GroupHolder } from './group-holders.ts';

/** Paging and gas-estimation settings of the node being imitated (docs/node-behaviour.md §1 and §5). */
export interface NodeSettings {
  readonly eventsDefaultLimit: number;
  readonly eventsMaxLimit: number;
  readonly summariesDefaultLimit: number;
  readonly summariesMaxLimit: number;
  readonly resourcesDefaultLimit: number;
  readonly resourcesMaxLimit: number;
  readonly nodeRole: string;
  readonly gasEstimation: GasEstimationSettings;
}

/** The node's gas estimation configuration (docs/node-behaviour.md §5). */
export interface GasEstimationSettings {
  readonly enabled: boolean;
  readonly fullBlockTxns: number;
  readonly lowBlockHistory: number;
  readonly marketBlockHistory: number;
  readonly aggressiveBlockHistory: number;
  readonly priceBuckets: readonly number[];
}

/** The ledger figures sent in every response's headers and by `GET /v1`. */
export interface LedgerInfo {
  readonly chainId: number;
  readonly epoch: bigint;
  readonly ledgerVersion: bigint;
  readonly oldestLedgerVersion: bigint;
  readonly ledgerTimestampUsec: bigint;
  readonly blockHeight: bigint;
  readonly oldestBlockHeight: bigint;
  readonly nodeRole: string;
}

/** One resource of an account as stored: the state key holding it (a group member: the group's), tag and BCS bytes. */
export interface StoredResource {
  readonly stateKey: Uint8Array;
  readonly tag: StructTag;
  readonly bytes: Uint8Array;
}

/** A page of an account's resources and the state key where the next page starts, if any. */
export interface ResourcePage {
  readonly resources: readonly StoredResource[];
  readonly nextCursor: Uint8Array | undefined;
}

/** One event as stored. `typeTag` is the canonical text of the event's type. */
export interface StoredEvent {
  readonly version: bigint;
  readonly address: Uint8Array;
  readonly creationNumber: bigint;
  readonly sequenceNumber: bigint;
  readonly typeTag: string;
  readonly data: Uint8Array;
}

/** How a user transaction is protected from replay: by the sender's sequence number or by a nonce. */
export type ReplayProtector =
  { readonly type: 'sequence_number'; readonly value: bigint } | { readonly type: 'nonce'; readonly value: bigint };

/** One committed user transaction, as listed by the account summaries endpoint. */
export interface StoredTransactionSummary {
  readonly sender: Uint8Array;
  readonly version: bigint;
  readonly hash: Uint8Array;
  readonly replayProtector: ReplayProtector;
}

/** Which summaries to list: the three range rules of the summaries endpoint. */
export interface SummaryQuery {
  readonly startVersion?: bigint | undefined;
  readonly endVersion?: bigint | undefined;
  readonly limit: number;
}

/** What gas estimation needs to know of one committed block (docs/node-behaviour.md §5). */
export interface BlockGasFacts {
  readonly height: bigint;
  readonly epoch: bigint;
  readonly firstVersion: bigint;
  readonly lastVersion: bigint;
  readonly userTransactions: number;
  /** Lowest gas unit price among the block's user transactions; undefined when it has none. */
  readonly minGasUnitPrice: bigint | undefined;
  /** How many user transactions call the single most-called contract (module) of the block. */
  readonly maxTransactionsToOneModule: number;
  /** Whether the block-end record says a block limit (gas or output size) was reached. */
  readonly blockLimitReached: boolean;
}

/** A stored module: ABI (as the node serves it) and bytecode. */
export interface StoredModule {
  readonly abi: MoveModuleAbi;
  readonly bytecode: Uint8Array;
}

/** What is known of a table: its key and value types and where its handle lives. */
export interface TableInfo {
  readonly handle: Uint8Array;
  readonly keyType: string;
  readonly valueType: string;
  readonly ownerAddress: Uint8Array | undefined;
  readonly ownerResource: string | undefined;
  readonly ownerField: string | undefined;
}

/**
 * Read-only access to one ledger snapshot. Every `version` argument must be within the retained range.
 * Answers never change for the lifetime of a store (the read service caches replies on that promise).
 */
export interface LedgerStore {
  readonly settings: NodeSettings;
  /**
   * True for a captured snapshot: below its oldest version it still holds the transactions of its captured window in
   * full (docs/snapshot-format.md, "Captured snapshots"), which are answered by version and hash as the node did.
   */
  readonly captured: boolean;
  /** The content digest of a snapshot file (snapshot-digest.ts), computed once; absent where there is no file. */
  contentDigest?(): Promise<string>;
  /** Figures of the latest ledger version. */
  ledgerInfo(): LedgerInfo;
  /** Bytes of the resource `tag` of `address` as of `version`, or undefined when absent. */
  resource(address: Uint8Array, tag: StructTag, version: bigint): Uint8Array | undefined;
  /**
   * The state value of the resource group `groupTag` of `address` as of `version` (its own state key, path variant
   * ResourceGroup: the BCS map of its members), or undefined when absent.
   */
  resourceGroup(address: Uint8Array, groupTag: StructTag, version: bigint): Uint8Array | undefined;
  /**
   * Resources of `address` existing at `version`, in state-key order, from `startKey` (inclusive); a resource
   * group key expands in place into its members. `limit` counts state keys, so a page can hold more items.
   */
  accountResources(address: Uint8Array, version: bigint, startKey: Uint8Array | undefined, limit: number): ResourcePage;
  /** Stored bytes of table item (handle, key) as of `version`, or undefined when absent or deleted. */
  tableItem(handle: Uint8Array, key: Uint8Array, version: bigint): Uint8Array | undefined;
  /** Events of a stream: from `start` ascending, or the newest `limit` when `start` is undefined; ascending. */
  events(address: Uint8Array, creationNumber: bigint, start: bigint | undefined, limit: number): readonly StoredEvent[];
  /** Summaries of user transactions sent by `sender`, ascending by version, by the three range rules. */
  transactionSummaries(sender: Uint8Array, query: SummaryQuery): readonly StoredTransactionSummary[];
  /** Up to `count` committed blocks of `epoch`, newest first. */
  recentBlocks(epoch: bigint, count: number): readonly BlockGasFacts[];
  /** The on-chain minimum gas unit price (`txn.min_price_per_gas_unit` of GasScheduleV2) at `version`. */
  minGasUnitPrice(version: bigint): bigint;
  /** Module `name` of `address` as of `version`. */
  module(address: Uint8Array, name: string, version: bigint): StoredModule | undefined;
  /** All modules of `address` as of `version`, by name. */
  modules(address: Uint8Array, version: bigint): readonly StoredModule[];
  /** ABI lookup for decoding values as of `version` (cached per version by the implementation). */
  abiLookup(version: bigint): AbiLookup;
  /** Table metadata for a handle, if the snapshot knows it. */
  tableInfo(handle: Uint8Array): TableInfo | undefined;

  // Explorer extras (served under /explorer/v1, not part of the node API).
  /** Accounts that exist at `version`, ascending by address, strictly after `after` when given. */
  listAccounts(version: bigint, after: Uint8Array | undefined, limit: number): readonly Uint8Array[];
  /** Known tables, ascending by handle, strictly after `after` when given. */
  listTables(after: Uint8Array | undefined, limit: number): readonly TableInfo[];
  /** Blocks ending at or below `beforeHeight` (newest first), any epoch, for the blocks/gas panel. */
  blocksBefore(beforeHeight: bigint | undefined, limit: number): readonly BlockSummary[];
  /**
   * Every address holding the resource group `groupTag` as of `version` (objects, for `ObjectGroup`), ascending by
   * address, with the group's state value: a scan over the snapshot's addresses (electron/snapshot/group-holders.ts).
   */
  groupHolders(groupTag: StructTag, version: bigint): readonly GroupHolder[];
  /**
   * The holders of `groupTag` among the objects `owner` owns directly as of `version`, ascending by address: an
   * index lookup in the indexer's `current_objects` (format v3 or v4, electron/snapshot/owned-objects.ts); undefined
   * when the file has no indexer tables (then `groupHolders` is the way).
   */
  ownedObjects(owner: Uint8Array, groupTag: StructTag, version: bigint): readonly GroupHolder[] | undefined;
  /** The block holding `version`, if retained. */
  blockOfVersion(version: bigint): BlockSummary | undefined;
  /**
   * The event streams with the most events in the versions holding the newest `window` events
   * (whole versions), most first, ties by address and creation number: the landing page's "busy" streams.
   */
  busiestEventStreams(window: number, limit: number): readonly EventStreamSummary[];

  // Transactions (format v2 holds them in full; a v1 file answers with the summary row only).
  /** The committed transaction at `version`, or undefined when the file has none there. */
  transaction(version: bigint): StoredTransaction | undefined;
  /**
   * Versions of `sender`'s sequence-number transactions (orderless ones are not listed, as on the node), ascending:
   * from sequence number `start` on, or the newest `limit` when `start` is undefined.
   */
  accountTransactionVersions(sender: Uint8Array, start: bigint | undefined, limit: number): readonly bigint[];
  /** The committed transaction whose hash is `hash` (32 bytes), or undefined. */
  transactionByHash(hash: Uint8Array): StoredTransaction | undefined;
  /**
   * The write set of `version`: every state key written there with its new value (undefined: deleted), in state-key
   * order (the node's WriteSet order; a capture's: the node's order as it listed them). Undefined when the file cannot
   * tell: format v1, a version a capture did not keep in full, or a version below the oldest retained one (whose
   * state rows pruning compaction may have merged).
   */
  writeSet(version: bigint): readonly StoredWriteOp[] | undefined;
  /**
   * The write set of `version` (as {@link writeSet}) with each key's value at `version − 1`, in one read: undefined
   * when that state cannot be told — `version − 1` below the oldest retained version (pruning compaction merged its
   * rows), a capture (it holds no state before its version), format v1 or a version the file does not hold.
   */
  writeSetWithBefore(version: bigint): readonly StoredWriteChange[] | undefined;
  /** The events `version` emitted, handle and module events alike, in emission order. */
  transactionEvents(version: bigint): readonly StoredTransactionEvent[];
}

/** The kind of a committed transaction, as the `transactions.kind` column names it. */
export type TransactionKind = 'genesis' | 'block_metadata' | 'user' | 'state_checkpoint' | 'block_epilogue';

/** A committed transaction: its summary row, and in format v2 everything else the node shows of it. */
export interface StoredTransaction {
  readonly version: bigint;
  readonly blockHeight: bigint;
  readonly hash: Uint8Array;
  readonly kind: TransactionKind;
  readonly sender: Uint8Array | undefined;
  readonly sequenceNumber: bigint | undefined;
  readonly nonce: bigint | undefined;
  readonly entryFunction: string | undefined;
  readonly gasUnitPrice: bigint;
  readonly maxGasAmount: bigint;
  readonly gasUsed: bigint;
  readonly success: boolean;
  readonly timestampUsec: bigint;
  /** Undefined in a v1 file and for transactions a capture knows only by their summary. */
  readonly details: StoredTransactionDetails | undefined;
}

/** What format v2 keeps of a transaction beyond its summary row. */
export interface StoredTransactionDetails {
  readonly stateChangeHash: Uint8Array;
  readonly eventRootHash: Uint8Array;
  readonly stateCheckpointHash: Uint8Array | undefined;
  readonly accumulatorRootHash: Uint8Array;
  readonly vmStatus: string;
  readonly expirationTimestampSecs: bigint | undefined;
  /** The node's `payload` JSON (user and genesis transactions). */
  readonly payload: unknown;
  /** BCS of the payload (`TransactionPayload`). */
  readonly payloadBcs: Uint8Array | undefined;
  /** The node's `signature` JSON (user transactions). */
  readonly signature: unknown;
  readonly signatureKind: string | undefined;
  readonly secondarySigners: readonly Uint8Array[];
  readonly feePayer: Uint8Array | undefined;
  /** Fields of one kind only, in the node's order (block metadata: id, epoch, round, …; epilogue: block_end_info). */
  readonly kindFields: Readonly<Record<string, unknown>> | undefined;
  readonly writeSetSize: number;
  readonly eventCount: number;
}

/** One entry of a write set: the state key (node encoding, see state-keys.ts) and its new value. */
export interface StoredWriteOp {
  readonly stateKey: Uint8Array;
  /** BCS of the new value (a resource group's: the map of its members); undefined for a deletion. */
  readonly value: Uint8Array | undefined;
  /** Whether the key had a value before this version (BCS: a Modification, else a Creation). */
  readonly existed: boolean;
}

/** A write op with the key's value before it (at `version − 1`; undefined: absent then). */
export interface StoredWriteChange extends StoredWriteOp {
  readonly before: Uint8Array | undefined;
}

/** One event of a transaction: a handle (v1) event names its stream; a module (v2) event has none. */
export interface StoredTransactionEvent {
  /** Position among the transaction's events. */
  readonly index: number;
  /** The stream of a handle event; undefined for a module event (the node shows guid 0/0x0, sequence 0). */
  readonly stream:
    { readonly address: Uint8Array; readonly creationNumber: bigint; readonly sequenceNumber: bigint } | undefined;
  readonly typeTag: string;
  readonly data: Uint8Array;
}

/** One event stream (account, creation number) with its count in the window and its newest event. */
export interface EventStreamSummary {
  readonly address: Uint8Array;
  readonly creationNumber: bigint;
  readonly count: number;
  readonly latestSequenceNumber: bigint;
  /** The type of the stream's newest event. */
  readonly typeTag: string;
  /** The version of the stream's newest event. */
  readonly latestVersion: bigint;
}

/** A block as the explorer lists it. */
export interface BlockSummary extends BlockGasFacts {
  readonly timestampUsec: bigint;
}
