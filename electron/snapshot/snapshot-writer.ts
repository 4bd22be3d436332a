/**
 * Writes a snapshot file (format v2, or v1 on request): creates the schema, batches inserts in large transactions,
 * and finishes with pruning compaction, indexes and the meta rows. The file is built under a
 * temporary name and renamed into place only when complete, so a crash never leaves a half file
 * that looks valid.
 */
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import {
  CAPTURED_WRITE_SETS_SQL,
  META_KEYS,
  POST_LOAD_INDEX_SQL,
  POST_LOAD_INDEX_V2_SQL,
  SCHEMA_SQL,
  SCHEMA_V2_SQL,
  SNAPSHOT_FORMAT_NAME,
  SNAPSHOT_FORMAT_VERSION,
  INDEXER_FORMAT_VERSION,
  type SnapshotFormatVersion,
} from './schema.ts';
import { removeAbandonedPartials } from './abandoned-partials.ts';
import { OutputExistsError, type BlockRow, type SnapshotFinish, type TransactionRow } from './snapshot-rows.ts';
import { VersionTracker } from './version-tracker.ts';
import { STAGING_SQL, STATE_VALUES_FROM_STAGING_SQL } from './state-staging.ts';
import type { TransactionDetailsRow } from './transaction-details.ts';

import { configureWriterConnection } from './writer-connection.ts';
import type { LedgerRowSink } from './row-sink.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import { SnapshotStore } from './snapshot-store.ts';
import { writeIndexerTables, type IndexerCounts } from '../indexer/indexer-writer.ts';

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
  readonly #insertState: Database.Statement;
  readonly #insertTxn: Database.Statement;
  readonly #insertAccountTxn: Database.Statement;
  readonly #insertEvent: Database.Statement;
  readonly #insertBlock: Database.Statement;
  readonly #insertModule: Database.Statement;
  readonly #insertTable: Database.Statement;
  readonly #insertAccount: Database.Statement;
  readonly #observer: StateWriteObserver | undefined;
  /** The format written. */
  readonly format: SnapshotFormatVersion;
  readonly #insertDetails: Database.Statement | undefined;
  readonly #insertModuleEvent: Database.Statement | undefined;
  readonly #insertCapturedOp: Database.Statement | undefined;
  readonly #insertCapturedTransaction: Database.Statement | undefined;
  readonly #insertNotKept: Database.Statement | undefined;
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
      this.#db.exec(SCHEMA_SQL);
      if (this.format >= 2) {
        this.#db.exec(SCHEMA_V2_SQL);
        this.#insertDetails = this.#db.prepare(
          `INSERT INTO transaction_details (version, state_change_hash, event_root_hash, state_checkpoint_hash,
            accumulator_root_hash, vm_status, expiration_timestamp_secs, payload, payload_bcs, signature,
              signature_kind,
            secondary_signers, fee_payer, kind_fields, write_set_size, event_count)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        this.#insertModuleEvent = this.#db.prepare(
          'INSERT INTO module_events (version, event_index, type_tag, data) VALUES (?, ?, ?, ?)',
        );
        if (capturedWriteSets) {
          this.#db.exec(CAPTURED_WRITE_SETS_SQL);
          this.#insertCapturedOp = this.#db.prepare(
            'INSERT INTO captured_write_sets (version, position, state_key, value, op, metadata) ' +
              'VALUES (?, ?, ?, ?, ?, ?)',
          );
          this.#insertCapturedTransaction = this.#db.prepare(
            'INSERT INTO captured_transactions (version, bcs) VALUES (?, ?)',
          );
          this.#insertNotKept = this.#db.prepare(
            'INSERT OR REPLACE INTO captured_not_kept (version, reason) VALUES (?, ?)',
          );
        }
      }
      // State rows arrive in version order but land all over state_values' B-tree (keyed by state key): they are
      // appended to a staging table and moved into place, sorted, when the file is finished (state-staging.ts).
      this.#db.exec(STAGING_SQL);
      this.#insertState = this.#db.prepare(
        'INSERT INTO temp.state_staging (state_key, version, value) VALUES (?, ?, ?)',
      );
      const existed = this.#db.prepare('SELECT live FROM temp.key_liveness WHERE state_key = ?').pluck();
      const spill = this.#db.prepare('INSERT OR REPLACE INTO temp.key_liveness (state_key, live) VALUES (?, ?)');
      this.#tracker = new VersionTracker(
        (key) => existed.get(key) === 1,
        (key, live) => void spill.run(key, live ? 1 : 0),
      );
      this.#insertTxn = this.#db.prepare(
        `INSERT INTO transactions (version, block_height, hash, kind, sender, sequence_number, nonce, entry_function,
          gas_unit_price, max_gas_amount, gas_used, success, timestamp_usec)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      this.#insertAccountTxn = this.#db.prepare('INSERT INTO account_transactions (sender, version) VALUES (?, ?)');
      this.#insertEvent = this.#db.prepare(
        `INSERT INTO events (address, creation_number, sequence_number, version, event_index, type_tag, data)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      this.#insertBlock = this.#db.prepare(
        `INSERT INTO blocks
           (height, epoch, round, first_version, last_version, timestamp_usec, hash, block_limit_reached)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      this.#insertModule = this.#db.prepare('INSERT INTO modules (address, name, version, abi) VALUES (?, ?, ?, ?)');
      this.#insertTable = this.#db.prepare(
        `INSERT INTO table_info
           (handle, key_type, value_type, owner_address, owner_resource, owner_field, created_version)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      this.#insertAccount = this.#db.prepare('INSERT INTO accounts (address, created_version) VALUES (?, ?)');
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
    this.#insertState.run(stateKey, version, value);
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
    if (this.#insertDetails && details) {
      const taken = this.#tracker.take(row.version);
      const figures = details.recorded ?? taken;
      this.#insertDetails.run(
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
    this.#insertTxn.run(
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
    if (row.kind === 'user' && row.sender) this.#insertAccountTxn.run(row.sender, row.version);
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
    this.#insertEvent.run(address, creationNumber, sequenceNumber, version, index, typeTag, data);
    if (this.format >= 2) this.#tracker.event(version, { address, creationNumber, sequenceNumber, typeTag, data });
    this.#counted();
  }

  /** Records a module (v2) event emitted at `version` as its `index`-th event; format v1 has no place for it. */
  moduleEvent(version: number, index: number, typeTag: string, data: Uint8Array): void {
    if (!this.#insertModuleEvent) return;
    this.#insertModuleEvent.run(version, index, typeTag, data);
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
    if (!this.#insertCapturedOp) throw new Error('this snapshot writer was not made for a capture');
    this.#insertCapturedOp.run(version, position, stateKey, value, op, metadata);
    this.#counted();
  }

  /** Records the node's `Transaction` bytes of captured transaction `version` (its proof: their hash is its hash). */
  capturedTransaction(version: number, bytes: Uint8Array): void {
    if (!this.#insertCapturedTransaction) throw new Error('this snapshot writer was not made for a capture');
    this.#insertCapturedTransaction.run(version, bytes);
    this.#counted();
  }

  /** Records why the capture did not keep transaction `version` in full. */
  capturedNotKept(version: number, reason: string): void {
    if (!this.#insertNotKept) throw new Error('this snapshot writer was not made for a capture');
    this.#insertNotKept.run(version, reason);
    this.#counted();
  }

  /** Records a committed block. */
  block(row: BlockRow): void {
    this.#insertBlock.run(
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
    this.#insertModule.run(address, name, version, abiJson);
  }

  /** Records what is known of a table handle. */
  tableInfo(
    handle: Uint8Array,
    keyType: string,
    valueType: string,
    owner: { address: Uint8Array; resource: string; field: string } | null,
    version: number,
  ): void {
    this.#insertTable.run(
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
    this.#insertAccount.run(address, version);
  }

  /**
   * Completes the file: drops state history the pruning window no longer retains (keeping, for each
   * key, the value before `oldestVersion` — so the write set at the oldest version can still tell a creation from a
   * modification — and every write from it on), builds indexes, writes meta, and renames into place.
   */
  finish(finish: SnapshotFinish): void {
    this.#db.exec('COMMIT');
    this.#progress.phase('finishing: sorting and pruning the state rows');
    this.#db.exec('BEGIN');
    this.#db.prepare(STATE_VALUES_FROM_STAGING_SQL).run({ oldest: finish.oldestVersion });
    this.#db.exec('DROP TABLE temp.state_staging; DROP TABLE temp.key_liveness');
    const meta = this.#db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    meta.run(META_KEYS.format, SNAPSHOT_FORMAT_NAME);
    meta.run(META_KEYS.formatVersion, String(this.format));
    meta.run(META_KEYS.chainId, String(finish.chainId));
    meta.run(META_KEYS.oldestVersion, String(finish.oldestVersion));
    meta.run(META_KEYS.latestVersion, String(finish.latestVersion));
    meta.run(META_KEYS.nodeSettings, JSON.stringify(finish.settings));
    meta.run(META_KEYS.generator, finish.generator);
    for (const [key, value] of Object.entries(finish.extraMeta ?? {})) meta.run(key, value);
    this.#db.exec('COMMIT');
    this.#progress.phase('finishing: building indexes');
    this.#db.exec(POST_LOAD_INDEX_SQL);
    if (this.format >= 2) this.#db.exec(POST_LOAD_INDEX_V2_SQL);
    if (this.format >= INDEXER_FORMAT_VERSION) {
      // Derived from what the file now holds, by the same pass `snapshot upgrade` and `verify` run, after pruning:
      // so a generated file, a capture and an upgraded copy derive alike (electron/indexer/derive-tables.ts).
      const started = process.cpuUsage();
      const wallStarted = performance.now();
      const meta = {
        formatVersion: this.format,
        chainId: finish.chainId,
        oldestVersion: BigInt(finish.oldestVersion),
        latestVersion: BigInt(finish.latestVersion),
        settings: finish.settings,
        generator: finish.generator,
      };
      this.indexerCounts = writeIndexerTables(SnapshotStore.over(this.#db, meta, this.#tempPath), this.#db, {
        progress: this.#progress,
        phase: 'finishing: deriving the indexer tables',
      });
      const used = process.cpuUsage(started);
      this.indexerCpuMs = (used.user + used.system) / 1000;
      this.indexerWallMs = performance.now() - wallStarted;
    }
    this.#progress.phase('finishing: statistics, flushing the file');
    this.#db.exec('ANALYZE');
    this.#db.pragma('journal_mode = DELETE');
    this.#db.close();
    // Bulk loading ran with synchronous=OFF: flush the finished file before it takes the real name.
    const fd = openSync(this.#tempPath, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (finish.replace === false) {
      try {
        linkSync(this.#tempPath, this.#path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new OutputExistsError(
            `${this.#path} already exists (it appeared while the snapshot was written): nothing was written`,
          );
        throw error;
      }
      rmSync(this.#tempPath);
    } else {
      // rename replaces an existing file atomically: readers see the old file or the new one.
      renameSync(this.#tempPath, this.#path);
    }
  }

  /** Abandons the file (used when generation fails). */
  abort(): void {
    if (this.#db.open) this.#db.close();
    rmSync(this.#tempPath, { force: true });
    // The rollback journal is truncated, not deleted, when a transaction ends (journal_mode=TRUNCATE): a write that
    // failed (a full disk) leaves it behind, empty.
    rmSync(`${this.#tempPath}-journal`, { force: true });
  }
}
