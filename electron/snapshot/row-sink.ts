/**
 * What the generator writes through (electron/snapshot/generator/): the snapshot writer's row calls, implemented by
 * the writer itself (snapshot-writer.ts) and by its stand-in that hands the calls to a writer thread
 * (writer-thread.ts), so the simulation does not care which one it feeds.
 */
import type { BlockRow, TransactionRow } from './snapshot-rows.ts';
import type { TransactionDetailsRow } from './transaction-details.ts';
import type { SnapshotFormatVersion } from './schema.ts';

/** The row calls of a snapshot being written (see `SnapshotWriter` for what each records). */
export interface LedgerRowSink {
  /** The format being written. */
  readonly format: SnapshotFormatVersion;
  /** A write of `value` (null: a deletion) to `stateKey` at `version`. */
  stateValue(stateKey: Uint8Array, version: number, value: Uint8Array | null): void;
  /** A committed transaction, after its state writes and events. */
  transaction(row: TransactionRow, details?: TransactionDetailsRow): void;
  /** An event of stream (address, creationNumber) at `version`. */
  event(
    address: Uint8Array,
    creationNumber: number,
    sequenceNumber: number,
    version: number,
    index: number,
    typeTag: string,
    data: Uint8Array,
  ): void;
  /** A module (v2) event at `version`. */
  moduleEvent(version: number, index: number, typeTag: string, data: Uint8Array): void;
  /** A committed block. */
  block(row: BlockRow): void;
  /** The ABI of a module published at `version`. */
  module(address: Uint8Array, name: string, version: number, abiJson: string): void;
  /** What is known of a table handle. */
  tableInfo(
    handle: Uint8Array,
    keyType: string,
    valueType: string,
    owner: { address: Uint8Array; resource: string; field: string } | null,
    version: number,
  ): void;
  /** An account created at `version`. */
  account(address: Uint8Array, version: number): void;
}
