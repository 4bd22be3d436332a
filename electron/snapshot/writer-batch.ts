/**
 * The snapshot writer's calls as bytes (writer-thread.ts): the generator's thread appends each call to a batch, a flat
 * `ArrayBuffer` handed to the writer thread without copying (a transfer, not a structured clone of an object graph),
 * and the writer thread replays the calls in order (writer-batch-replay.ts). The byte format is in
 * writer-batch-format.ts.
 */
import type { LedgerRowSink } from './row-sink.ts';
import type { BlockRow, TransactionRow } from './snapshot-rows.ts';
import type { TransactionDetailsRow } from './transaction-details.ts';
import { KINDS, NULL_LENGTH, Op } from './writer-batch-format.ts';

const utf8 = new TextEncoder();

/** Appends writer calls to a growing buffer; {@link take} hands the bytes over and starts a new batch. */
export class BatchEncoder implements Omit<LedgerRowSink, 'format'> {
  #bytes: Uint8Array;
  #view: DataView;
  #at = 0;
  readonly #initial: number;

  /** A batch that starts with room for `initialBytes`. */
  constructor(initialBytes: number) {
    this.#initial = initialBytes;
    this.#bytes = new Uint8Array(initialBytes);
    this.#view = new DataView(this.#bytes.buffer);
  }

  /** Bytes in the current batch. */
  get size(): number {
    return this.#at;
  }

  /** The batch so far, as its own `ArrayBuffer` (to be transferred); the encoder starts a new one. */
  take(): ArrayBuffer {
    const buffer = this.#bytes.buffer.slice(0, this.#at) as ArrayBuffer;
    this.#at = 0;
    if (this.#bytes.length > this.#initial * 4) {
      this.#bytes = new Uint8Array(this.#initial);
      this.#view = new DataView(this.#bytes.buffer);
    }
    return buffer;
  }

  #room(bytes: number): void {
    if (this.#at + bytes <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#at + bytes));
    grown.set(this.#bytes.subarray(0, this.#at));
    this.#bytes = grown;
    this.#view = new DataView(grown.buffer);
  }

  #u8(value: number): void {
    this.#room(1);
    this.#bytes[this.#at] = value;
    this.#at += 1;
  }

  #f64(value: number): void {
    this.#room(8);
    this.#view.setFloat64(this.#at, value, true);
    this.#at += 8;
  }

  #i64(value: bigint): void {
    this.#room(8);
    this.#view.setBigInt64(this.#at, value, true);
    this.#at += 8;
  }

  #nullableF64(value: number | null): void {
    this.#u8(value === null ? 0 : 1);
    if (value !== null) this.#f64(value);
  }

  #blob(value: Uint8Array | null): void {
    this.#room(4 + (value?.length ?? 0));
    this.#view.setUint32(this.#at, value === null ? NULL_LENGTH : value.length, true);
    this.#at += 4;
    if (value !== null) {
      this.#bytes.set(value, this.#at);
      this.#at += value.length;
    }
  }

  #text(value: string | null): void {
    if (value === null) {
      this.#room(4);
      this.#view.setUint32(this.#at, NULL_LENGTH, true);
      this.#at += 4;
      return;
    }
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.#room(4 + value.length * 3);
    const { written } = utf8.encodeInto(value, this.#bytes.subarray(this.#at + 4));
    this.#view.setUint32(this.#at, written, true);
    this.#at += 4 + written;
  }

  stateValue(stateKey: Uint8Array, version: number, value: Uint8Array | null): void {
    this.#u8(Op.State);
    this.#blob(stateKey);
    this.#f64(version);
    this.#blob(value);
  }

  transaction(row: TransactionRow, details?: TransactionDetailsRow): void {
    this.#u8(Op.Transaction);
    this.#f64(row.version);
    this.#f64(row.blockHeight);
    this.#blob(row.hash);
    this.#u8(KINDS.indexOf(row.kind));
    this.#blob(row.sender);
    this.#nullableF64(row.sequenceNumber);
    this.#nullableF64(row.nonce);
    this.#text(row.entryFunction);
    this.#f64(row.gasUnitPrice);
    this.#f64(row.maxGasAmount);
    this.#f64(row.gasUsed);
    this.#u8(row.success ? 1 : 0);
    this.#i64(row.timestampUsec);
    this.#u8(details === undefined ? 0 : 1);
    if (details === undefined) return;
    this.#text(details.vmStatus);
    this.#nullableF64(details.expirationTimestampSecs);
    this.#text(details.payload);
    this.#blob(details.payloadBcs);
    this.#text(details.signature);
    this.#text(details.signatureKind);
    this.#f64(details.secondarySigners.length);
    for (const signer of details.secondarySigners) this.#blob(signer);
    this.#blob(details.feePayer);
    this.#text(details.kindFields);
    this.#blob(details.stateCheckpointHash);
    this.#blob(details.accumulatorRootHash);
    const recorded = details.recorded;
    this.#u8(recorded === undefined ? 0 : 1);
    if (recorded === undefined) return;
    this.#f64(recorded.writeSetSize);
    this.#blob(recorded.stateChangeHash);
    this.#f64(recorded.eventCount);
    this.#blob(recorded.eventRootHash);
  }

  event(
    address: Uint8Array,
    creationNumber: number,
    sequenceNumber: number,
    version: number,
    index: number,
    typeTag: string,
    data: Uint8Array,
  ): void {
    this.#u8(Op.Event);
    this.#blob(address);
    this.#f64(creationNumber);
    this.#f64(sequenceNumber);
    this.#f64(version);
    this.#f64(index);
    this.#text(typeTag);
    this.#blob(data);
  }

  moduleEvent(version: number, index: number, typeTag: string, data: Uint8Array): void {
    this.#u8(Op.ModuleEvent);
    this.#f64(version);
    this.#f64(index);
    this.#text(typeTag);
    this.#blob(data);
  }

  block(row: BlockRow): void {
    this.#u8(Op.Block);
    this.#f64(row.height);
    this.#f64(row.epoch);
    this.#f64(row.round);
    this.#f64(row.firstVersion);
    this.#f64(row.lastVersion);
    this.#i64(row.timestampUsec);
    this.#blob(row.hash);
    this.#u8(row.blockLimitReached ? 1 : 0);
  }

  module(address: Uint8Array, name: string, version: number, abiJson: string): void {
    this.#u8(Op.Module);
    this.#blob(address);
    this.#text(name);
    this.#f64(version);
    this.#text(abiJson);
  }

  tableInfo(
    handle: Uint8Array,
    keyType: string,
    valueType: string,
    owner: { address: Uint8Array; resource: string; field: string } | null,
    version: number,
  ): void {
    this.#u8(Op.TableInfo);
    this.#blob(handle);
    this.#text(keyType);
    this.#text(valueType);
    this.#u8(owner === null ? 0 : 1);
    if (owner !== null) {
      this.#blob(owner.address);
      this.#text(owner.resource);
      this.#text(owner.field);
    }
    this.#f64(version);
  }

  account(address: Uint8Array, version: number): void {
    this.#u8(Op.Account);
    this.#blob(address);
    this.#f64(version);
  }
}
