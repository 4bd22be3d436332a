/**
 * Writes a snapshot file (format v2, or v1 on request): creates the schema, batches inserts in large transactions,
 * and finishes with pruning compaction, indexes and the meta rows (writer-finish.ts). The file is built under a
 * temporary name and renamed into place only when complete, so a crash never leaves a half file
 * that looks valid.
 */
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SNAPSHOT_FORMAT_VERSION, type SnapshotFormatVersion } from './schema.ts';
import { removeAbandonedPartials } from './abandoned-partials.ts';
import type { BlockRow, SnapshotFinish, TransactionRow } from './snapshot-rows.ts';
import { VersionTracker } from './version-tracker.ts';
import type { TransactionDetailsRow } from './transaction-details.ts';
import { configureWriterConnection } from './writer-connection.ts';
import { createWriterTables, type WriterStatements } from './writer-statements.ts';
import type { LedgerRowSink } from './row-sink.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import type { IndexerCounts } from '../indexer/indexer-writer.ts';
import { finishSnapshotFile } from './writer-finish.ts';

export { OutputExistsError, type BlockRow, type SnapshotFinish, type TransactionRow } from './snapshot-rows.ts';

const BATCH_ROWS = 200_000;

/** Receives each state write as it is made, before pruning compaction. */
export type StateWriteObserver = (stateKey: Uint8Array, version: number, value: Uint8Array | null) => void;

/** How to write: the format version (default 2) and an observer of every state write. */
export interface SnapshotWriterOptions {
  readonly observer?: StateWriteObserver | undefined;
  /** 1 writes the old format (summaries only; module events and transaction details are dropped), for tests. */
  readonly format?: SnapshotFormatVersion | undefined;
  /** A capture (format v2): the file also gets `captured_write_sets` (see {@link SnapshotWriter.capturedWriteOp}). */
  readonly capturedWriteSets?: boolean | undefined;
  /** Told the steps of `finish` (sorting the state rows, deriving the indexer tables, indexes). */
  readonly progress?: Progress | undefined;
}

/** Bulk writer of one new snapshot file. */
export class SnapshotWriter implements LedgerRowSink {
  readonly #db: Database.Database;
  readonly #path: string;
  readonly #tempPath: string;
  readonly #insert: WriterStatements;
  readonly #observer: StateWriteObserver | undefined;
  /** The format written. */
  readonly format: SnapshotFormatVersion;
  readonly #tracker: VersionTracker;
  readonly #progress: Progress;
  #pending = 0;
  /** Rows of each indexer table written by `finish` (format v3), for summaries and benchmarks. */
  indexerCounts: IndexerCounts | undefined;
  /** CPU milliseconds (user + system) `finish` spent deriving the indexer tables (format v3). */
  indexerCpuMs = 0;
  /** Wall milliseconds `finish` spent deriving the indexer tables (format v3). */
  indexerWallMs = 0;

  /** Creates `path` (replacing an existing file only when the snapshot is complete). */
  constructor(path: string, options: SnapshotWriterOptions | StateWriteObserver = {}) {
    const { observer, format, capturedWriteSets, progress } =
      typeof options === 'function'
        ? { observer: options, format: undefined, capturedWriteSets: false, progress: undefined }
        : options;
    this.#observer = observer;
    this.#progress = progress ?? NO_PROGRESS;
    this.format = format ?? SNAPSHOT_FORMAT_VERSION;
    this.#path = path;
    // Unique per process: two generators writing the same target must not share a partial file.
    this.#tempPath = `${path}.${process.pid}.partial`;
    removeAbandonedPartials(path);
    rmSync(this.#tempPath, { force: true });
    this.#db = new Database(this.#tempPath);
    try {
      configureWriterConnection(this.#db, this.format);
      const statements = createWriterTables(this.#db, this.format, capturedWriteSets ?? false);
      this.#insert = statements;
      this.#tracker = new VersionTracker(
        (key) => statements.existed.get(key) === 1,
        (key, live) => void statements.spill.run(key, live ? 1 : 0),
      );
    } catch (error) {
      // Do not leak the connection or the partial file when the schema or a statement fails.
      this.abort();
      throw error;
    }
    this.#db.exec('BEGIN');
  }

  #counted(): void {
    this.#pending += 1;
    if (this.#pending >= BATCH_ROWS) {
      this.#db.exec('COMMIT');
      this.#db.exec('BEGIN');
      this.#pending = 0;
    }
  }

  /**
   * Records a write of `value` (or a deletion when null) to `stateKey` at `version`; a second write in the same version
   * wins, as in a write set.
   */
  stateValue(stateKey: Uint8Array, version: number, value: Uint8Array | null): void {
    this.#insert.state.run(stateKey, version, value);
    this.#observer?.(stateKey, version, value);
    if (this.format >= 2) this.#tracker.write(stateKey, version, value);
    this.#counted();
  }

  /**
   * Records a committed transaction; user transactions are also indexed by sender. In format v2, `details` (what the
   * node shows beyond the summary) is written with the figures of the state writes and events recorded at the
   * transaction's version, so call this after its effects. A capture's transactions known only by summary have none.
   */
  transaction(row: TransactionRow, details?: TransactionDetailsRow): void {
    if (this.#insert.details && details) {
      const taken = this.#tracker.take(row.version);
      const figures = details.recorded ?? taken;
      this.#insert.details.run(
        row.version,
        figures.stateChangeHash,
        figures.eventRootHash,
        details.stateCheckpointHash,
        details.accumulatorRootHash,
        details.vmStatus,
        details.expirationTimestampSecs,
        details.payload,
        details.payloadBcs,
        details.signature,
        details.signatureKind,
        details.secondarySigners.length > 0 ? Buffer.concat(details.secondarySigners) : null,
        details.feePayer,
        details.kindFields,
        figures.writeSetSize,
        figures.eventCount,
      );
      this.#counted();
    }
    this.#insert.transaction.run(
      row.version,
      row.blockHeight,
      row.hash,
      row.kind,
      row.sender,
      row.sequenceNumber,
      row.nonce,
      row.entryFunction,
      row.gasUnitPrice,
      row.maxGasAmount,
      row.gasUsed,
      row.success ? 1 : 0,
      row.timestampUsec,
    );
    if (row.kind === 'user' && row.sender) this.#insert.accountTransaction.run(row.sender, row.version);
    this.#counted();
  }

  /** Records an event emitted at `version` to stream (address, creationNumber). */
  event(
    address: Uint8Array,
    creationNumber: number,
    sequenceNumber: number,
    version: number,
    index: number,
    typeTag: string,
    data: Uint8Array,
  ): void {
    this.#insert.event.run(address, creationNumber, sequenceNumber, version, index, typeTag, data);
    if (this.format >= 2) this.#tracker.event(version, { address, creationNumber, sequenceNumber, typeTag, data });
    this.#counted();
  }

  /** Records a module (v2) event emitted at `version` as its `index`-th event; format v1 has no place for it. */
  moduleEvent(version: number, index: number, typeTag: string, data: Uint8Array): void {
    if (!this.#insert.moduleEvent) return;
    this.#insert.moduleEvent.run(version, index, typeTag, data);
    this.#tracker.event(version, { address: null, typeTag, data });
    this.#counted();
  }

  /**
   * Records entry `position` of the write set of captured transaction `version` (a capture's history, never its
   * state: see CAPTURED_WRITE_SETS_SQL). Only a writer made with `capturedWriteSets` has the table.
   */
  capturedWriteOp(
    version: number,
    position: number,
    stateKey: Uint8Array,
    value: Uint8Array | null,
    op: number,
    metadata: Uint8Array | null,
  ): void {
    if (!this.#insert.capturedOp) throw new Error('this snapshot writer was not made for a capture');
    this.#insert.capturedOp.run(version, position, stateKey, value, op, metadata);
    this.#counted();
  }

  /** Records the node's `Transaction` bytes of captured transaction `version` (its proof: their hash is its hash). */
  capturedTransaction(version: number, bytes: Uint8Array): void {
    if (!this.#insert.capturedTransaction) throw new Error('this snapshot writer was not made for a capture');
    this.#insert.capturedTransaction.run(version, bytes);
    this.#counted();
  }

  /** Records why the capture did not keep transaction `version` in full. */
  capturedNotKept(version: number, reason: string): void {
    if (!this.#insert.notKept) throw new Error('this snapshot writer was not made for a capture');
    this.#insert.notKept.run(version, reason);
    this.#counted();
  }

  /** Records a committed block. */
  block(row: BlockRow): void {
    this.#insert.block.run(
      row.height,
      row.epoch,
      row.round,
      row.firstVersion,
      row.lastVersion,
      row.timestampUsec,
      row.hash,
      row.blockLimitReached ? 1 : 0,
    );
    this.#counted();
  }

  /** Records the ABI of module `name` at `address` as published at `version`. */
  module(address: Uint8Array, name: string, version: number, abiJson: string): void {
    this.#insert.module.run(address, name, version, abiJson);
  }

  /** Records what is known of a table handle. */
  tableInfo(
    handle: Uint8Array,
    keyType: string,
    valueType: string,
    owner: { address: Uint8Array; resource: string; field: string } | null,
    version: number,
  ): void {
    this.#insert.tableInfo.run(
      handle,
      keyType,
      valueType,
      owner?.address ?? null,
      owner?.resource ?? null,
      owner?.field ?? null,
      version,
    );
  }

  /** Records that an account was created at `version`. */
  account(address: Uint8Array, version: number): void {
    this.#insert.account.run(address, version);
  }

  /**
   * Completes the file (writer-finish.ts): prunes and sorts the state rows, builds indexes, writes meta, derives the
   * indexer tables (format v3+) and renames the file into place.
   */
  finish(finish: SnapshotFinish): void {
    const finished = finishSnapshotFile(
      { db: this.#db, tempPath: this.#tempPath, path: this.#path, format: this.format, progress: this.#progress },
      finish,
    );
    this.indexerCounts = finished.indexerCounts;
    this.indexerCpuMs = finished.indexerCpuMs;
    this.indexerWallMs = finished.indexerWallMs;
  }

  /** Abandons the file (used when generation fails). */
  abort(): void {
    if (this.#db.open) this.#db.close();
    rmSync(this.#tempPath, { force: true });
    // The rollback journal is truncated, not deleted, when a transaction ends (journal_mode=TRUNCATE): a write that
    // failed (a full disk) leaves it behind, empty.
    rmSync(`${this.#tempPath}-journal`, { force: true });
    // The indexer pass runs in WAL mode (finish): a failure there leaves its log and index beside the file.
    rmSync(`${this.#tempPath}-wal`, { force: true });
    rmSync(`${this.#tempPath}-shm`, { force: true });
  }
}
