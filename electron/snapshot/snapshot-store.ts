/**
 * {@link LedgerStore} over a snapshot file (formats v1 and v2). Every read is "as of version V": the newest
 * write at or below V, a tombstone meaning absent. Opened read-only; statements are prepared once.
 */
import type Database from 'better-sqlite3';
import { formatAddress, parseAddress } from '../../shared/address.ts';
import type { AbiLookup } from '../../shared/move/abi.ts';
import { parseStructTag, type StructTag } from '../../shared/type-tag.ts';
import { basename } from 'node:path';
import { bytesToHex } from '../../shared/hex.ts';
import { SnapshotQueries } from './snapshot-queries.ts';
import { storedBlob } from './stored-blob.ts';
import { ModuleSetReads } from './module-set-reads.ts';
import { eventsPage, I64_MAX, summariesPage } from './stream-reads.ts';
import { moduleStateKey, resourceGroupStateKey, resourceStateKey, tableItemStateKey } from './state-keys.ts';
import { openSnapshot, type SnapshotMeta } from './open-snapshot.ts';
import { blockSummaries, type BlockRowData } from './block-facts.ts';
import { readMinGasUnitPrice } from './gas-schedule.ts';
import { readOrigin } from './capture/origin.ts';
import { contentDigestInBackground } from './snapshot-digest.ts';
import { TransactionReads } from './transaction-reads.ts';
import { writeSetBeforeReader, type WriteSetBeforeReader } from './write-set-before.ts';
import { groupHolders, type GroupHolder } from './group-holders.ts';
import { ownedObjects } from './owned-objects.ts';
import { accountResourcesPage } from './account-resources.ts';
import type { SnapshotOrigin } from '../../shared/api/source-info.ts';
import * as storeRows from './store-rows.ts';
import type {
  BlockGasFacts,
  BlockSummary,
  EventStreamSummary,
  LedgerInfo,
  LedgerStore,
  NodeSettings,
  ResourcePage,
  StoredEvent,
  StoredModule,
  StoredTransaction,
  StoredTransactionEvent,
  StoredTransactionSummary,
  StoredWriteChange,
  StoredWriteOp,
  SummaryQuery,
  TableInfo,
} from './ledger-store.ts';

const FRAMEWORK_ADDRESS = parseAddress('0x1');
const GAS_SCHEDULE_TAG = parseStructTag('0x1::gas_schedule::GasScheduleV2');

/** A read-only snapshot store. Close it when done. */
export class SnapshotStore implements LedgerStore {
  readonly meta: SnapshotMeta;
  readonly settings: NodeSettings;
  readonly captured: boolean;
  readonly #db: Database.Database;
  readonly #q: SnapshotQueries;
  readonly #transactions: TransactionReads;
  readonly #writeSetBefore: WriteSetBeforeReader;
  /** The file's name, for messages about its content. */
  readonly #file: string;
  readonly #moduleSets: ModuleSetReads;
  #ledgerInfo: LedgerInfo | undefined;
  #digest: Promise<string> | undefined;
  /** The busiest streams (a scan of the newest events, so kept), with the window and limit they were read with. */
  #busiestStreams:
    { readonly window: number; readonly limit: number; readonly streams: readonly EventStreamSummary[] } | undefined;

  private constructor(db: Database.Database, meta: SnapshotMeta, path: string) {
    this.#db = db;
    this.#file = basename(path);
    this.meta = meta;
    this.settings = meta.settings;
    this.#q = new SnapshotQueries(db);
    this.#moduleSets = new ModuleSetReads(db, this.#q.moduleAbi);
    this.captured = readOrigin(db) !== null;
    this.#transactions = new TransactionReads(db, meta, this.captured);
    this.#writeSetBefore = writeSetBeforeReader(db, meta, this.captured);
  }

  /** Opens `path` read-only; throws SnapshotOpenError (one line) when it is not a usable snapshot. */
  static open(path: string): SnapshotStore {
    const { db, meta } = openSnapshot(path);
    return new SnapshotStore(db, meta, path);
  }

  /**
   * A store over a connection its caller owns and closes: the snapshot writer's, to derive the indexer tables before
   * the file is renamed into place, or `snapshot upgrade`'s copy. Only reads go through it.
   */
  static over(db: Database.Database, meta: SnapshotMeta, path: string): SnapshotStore {
    return new SnapshotStore(db, meta, path);
  }

  /** The read-only connection, for `snapshot info`/`verify` queries outside the store interface. */
  get database(): Database.Database {
    return this.#db;
  }

  /** Where a captured snapshot was read from (`meta.origin`); null for any other snapshot. */
  origin(): SnapshotOrigin | null {
    return readOrigin(this.#db);
  }

  /** The content digest, hashed once in the background on a connection of its own (a failure is tried again). */
  contentDigest(): Promise<string> {
    this.#digest ??= contentDigestInBackground(this.#db.name).catch((error: unknown) => {
      this.#digest = undefined;
      throw error;
    });
    return this.#digest;
  }

  /** Closes the file. */
  close(): void {
    this.#db.close();
  }

  ledgerInfo(): LedgerInfo {
    if (!this.#ledgerInfo) {
      const latest = this.#q.blockOfVersion.get(this.meta.latestVersion) as BlockRowData | undefined;
      const oldest = this.#q.blockOfVersion.get(this.meta.oldestVersion) as BlockRowData | undefined;
      this.#ledgerInfo = {
        chainId: this.meta.chainId,
        epoch: BigInt(latest?.epoch ?? 0),
        ledgerVersion: this.meta.latestVersion,
        oldestLedgerVersion: this.meta.oldestVersion,
        ledgerTimestampUsec: BigInt(latest?.timestamp_usec ?? 0),
        blockHeight: BigInt(latest?.height ?? 0),
        oldestBlockHeight: BigInt(oldest?.height ?? 0),
        nodeRole: this.settings.nodeRole,
      };
    }
    return this.#ledgerInfo;
  }

  /** Value of a state key as of `version`, or undefined when absent or deleted. */
  stateValue(stateKey: Uint8Array, version: bigint): Uint8Array | undefined {
    const row = this.#q.valueAt.get(stateKey, version) as { value: unknown } | undefined;
    if (row === undefined) return undefined;
    return (
      storedBlob(row.value, this.#file, () => `the state value of ${bytesToHex(stateKey)} as of version ${version}`) ??
      undefined
    );
  }

  resource(address: Uint8Array, tag: StructTag, version: bigint): Uint8Array | undefined {
    return this.stateValue(resourceStateKey(address, tag), version);
  }

  resourceGroup(address: Uint8Array, groupTag: StructTag, version: bigint): Uint8Array | undefined {
    return this.stateValue(resourceGroupStateKey(address, groupTag), version);
  }

  groupHolders(groupTag: StructTag, version: bigint): readonly GroupHolder[] {
    return groupHolders(this.#db, this.#file, groupTag, version);
  }

  ownedObjects(owner: Uint8Array, groupTag: StructTag, version: bigint): readonly GroupHolder[] | undefined {
    return ownedObjects(this.#db, this.#file, owner, groupTag, version);
  }

  accountResources(
    address: Uint8Array,
    version: bigint,
    startKey: Uint8Array | undefined,
    limit: number,
  ): ResourcePage {
    return accountResourcesPage(this.#q.accountKeys, this.#file, { address, version, startKey, limit });
  }

  tableItem(handle: Uint8Array, key: Uint8Array, version: bigint): Uint8Array | undefined {
    return this.stateValue(tableItemStateKey(handle, key), version);
  }

  events(
    address: Uint8Array,
    creationNumber: bigint,
    start: bigint | undefined,
    limit: number,
  ): readonly StoredEvent[] {
    return eventsPage(this.#q, this.#file, { address, creationNumber }, start, limit);
  }

  transactionSummaries(sender: Uint8Array, query: SummaryQuery): readonly StoredTransactionSummary[] {
    return summariesPage(this.#q, this.meta.latestVersion, sender, query);
  }

  recentBlocks(epoch: bigint, count: number): readonly BlockGasFacts[] {
    return blockSummaries(this.#q.blocksOfEpoch.all(epoch, count) as BlockRowData[], this.#q);
  }

  minGasUnitPrice(version: bigint): bigint {
    const bytes = this.resource(FRAMEWORK_ADDRESS, GAS_SCHEDULE_TAG, version);
    return bytes ? readMinGasUnitPrice(bytes) : 0n;
  }

  module(address: Uint8Array, name: string, version: bigint): StoredModule | undefined {
    const bytecode = this.stateValue(moduleStateKey(address, name), version);
    if (!bytecode) return undefined;
    const abi = this.abiLookup(version)(formatAddress(address), name);
    return abi ? { abi, bytecode } : undefined;
  }

  modules(address: Uint8Array, version: bigint): readonly StoredModule[] {
    const names = this.#q.moduleNames.all(address) as { name: string }[];
    return names.flatMap(({ name }) => {
      const found = this.module(address, name, version);
      return found ? [found] : [];
    });
  }

  /**
   * The version of the module set in force at `version`: the newest module publication at or below
   * it (-1 before any). Every version with the same module set shares one ABI lookup, so layouts and
   * compiled decoders are reused across time travel instead of rebuilt per requested version.
   */
  moduleSetVersion(version: bigint): bigint {
    return this.#moduleSets.moduleSetVersion(version);
  }

  abiLookup(version: bigint): AbiLookup {
    return this.#moduleSets.abiLookup(version);
  }

  tableInfo(handle: Uint8Array): TableInfo | undefined {
    const row = this.#q.tableInfo.get(handle) as storeRows.TableInfoRow | undefined;
    return row ? storeRows.toTableInfo(row) : undefined;
  }

  listAccounts(version: bigint, after: Uint8Array | undefined, limit: number): readonly Uint8Array[] {
    const rows = this.#q.accounts.all(after ?? new Uint8Array(0), version, limit) as { address: Uint8Array }[];
    return rows.map((row) => row.address);
  }

  listTables(after: Uint8Array | undefined, limit: number): readonly TableInfo[] {
    return (this.#q.tables.all(after ?? new Uint8Array(0), limit) as storeRows.TableInfoRow[]).map(
      storeRows.toTableInfo,
    );
  }

  blocksBefore(beforeHeight: bigint | undefined, limit: number): readonly BlockSummary[] {
    const height = beforeHeight === undefined || beforeHeight > I64_MAX ? I64_MAX : beforeHeight;
    const rows = this.#q.blocksBefore.all(height, limit) as BlockRowData[];
    return blockSummaries(rows, this.#q);
  }

  blockOfVersion(version: bigint): BlockSummary | undefined {
    const row = this.#q.blockOfVersion.get(version) as BlockRowData | undefined;
    return row ? blockSummaries([row], this.#q)[0] : undefined;
  }

  busiestEventStreams(window: number, limit: number): readonly EventStreamSummary[] {
    const cached = this.#busiestStreams;
    if (cached === undefined || cached.window !== window || cached.limit < limit) {
      const rows = this.#q.busiestEventStreams.all({ window, limit }) as storeRows.StreamRow[];
      this.#busiestStreams = { window, limit, streams: rows.map(storeRows.toStreamSummary) };
    }
    return (this.#busiestStreams?.streams ?? []).slice(0, limit);
  }

  transaction(version: bigint): StoredTransaction | undefined {
    return this.#transactions.transaction(version);
  }

  accountTransactionVersions(sender: Uint8Array, start: bigint | undefined, limit: number): readonly bigint[] {
    return this.#transactions.accountTransactionVersions(sender, start, limit);
  }

  transactionByHash(hash: Uint8Array): StoredTransaction | undefined {
    return this.#transactions.transactionByHash(hash);
  }

  writeSet(version: bigint): readonly StoredWriteOp[] | undefined {
    return this.#transactions.writeSet(version);
  }

  writeSetWithBefore(version: bigint): readonly StoredWriteChange[] | undefined {
    return this.#writeSetBefore(version);
  }

  transactionEvents(version: bigint): readonly StoredTransactionEvent[] {
    return this.#transactions.transactionEvents(version);
  }
}
