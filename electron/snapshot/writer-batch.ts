/**
 * The snapshot writer's calls as bytes (writer-thread.ts): the generator's thread appends each call to a batch, a flat
 * `ArrayBuffer` handed to the writer thread without copying (a transfer, not a structured clone of an object graph),
 * and the writer thread replays the calls, in order, on a {@link LedgerRowSink}. Numbers travel as float64 (every
 * integer the writer takes is a safe integer), timestamps as int64, text as UTF-8, bytes with their length; a
 * length of 0xffffffff is null.
 */
import type { LedgerRowSink } from './row-sink.ts';
import type { BlockRow, TransactionRow } from './snapshot-rows.ts';
import type { TransactionDetailsRow } from './transaction-details.ts';

/** The operation code that starts each call in a batch. */
const Op = {
  State: 1,
  Transaction: 2,
  Event: 3,
  ModuleEvent: 4,
  Block: 5,
  Module: 6,
  TableInfo: 7,
  Account: 8,
} as const;

const NULL_LENGTH = 0xffffffff;
const KINDS: readonly TransactionRow['kind'][] = [
  'genesis',
  'block_metadata',
  'user',
  'state_checkpoint',
  'block_epilogue',
];
const utf8 = new TextEncoder();
const text = new TextDecoder();

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

/** Reads one batch made by {@link BatchEncoder}. */
class BatchReader {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  at = 0;

  constructor(buffer: ArrayBuffer) {
    this.#bytes = new Uint8Array(buffer);
    this.#view = new DataView(buffer);
  }

  get done(): boolean {
    return this.at >= this.#bytes.length;
  }

  u8(): number {
    const value = this.#bytes[this.at] ?? 0;
    this.at += 1;
    return value;
  }

  f64(): number {
    const value = this.#view.getFloat64(this.at, true);
    this.at += 8;
    return value;
  }

  i64(): bigint {
    const value = this.#view.getBigInt64(this.at, true);
    this.at += 8;
    return value;
  }

  nullableF64(): number | null {
    return this.u8() === 0 ? null : this.f64();
  }

  #length(): number | null {
    const length = this.#view.getUint32(this.at, true);
    this.at += 4;
    return length === NULL_LENGTH ? null : length;
  }

  /** Bytes that stay valid after the batch (the writer may keep them until the version's figures are taken). */
  blob(): Uint8Array | null {
    const length = this.#length();
    if (length === null) return null;
    const value = this.#bytes.subarray(this.at, this.at + length);
    this.at += length;
    return value;
  }

  bytes(): Uint8Array {
    const value = this.blob();
    if (value === null) throw new Error('writer batch: bytes expected, null found');
    return value;
  }

  text(): string | null {
    const length = this.#length();
    if (length === null) return null;
    const value = text.decode(this.#bytes.subarray(this.at, this.at + length));
    this.at += length;
    return value;
  }

  string(): string {
    const value = this.text();
    if (value === null) throw new Error('writer batch: text expected, null found');
    return value;
  }
}

function readTransaction(reader: BatchReader): [TransactionRow, TransactionDetailsRow | undefined] {
  const row: TransactionRow = {
    version: reader.f64(),
    blockHeight: reader.f64(),
    hash: reader.bytes(),
    kind: KINDS[reader.u8()] ?? 'user',
    sender: reader.blob(),
    sequenceNumber: reader.nullableF64(),
    nonce: reader.nullableF64(),
    entryFunction: reader.text(),
    gasUnitPrice: reader.f64(),
    maxGasAmount: reader.f64(),
    gasUsed: reader.f64(),
    success: reader.u8() === 1,
    timestampUsec: reader.i64(),
  };
  if (reader.u8() === 0) return [row, undefined];
  const vmStatus = reader.string();
  const expirationTimestampSecs = reader.nullableF64();
  const payload = reader.text();
  const payloadBcs = reader.blob();
  const signature = reader.text();
  const signatureKind = reader.text();
  const secondarySigners = Array.from({ length: reader.f64() }, () => reader.bytes());
  const feePayer = reader.blob();
  const kindFields = reader.text();
  const stateCheckpointHash = reader.blob();
  const accumulatorRootHash = reader.bytes();
  const recorded =
    reader.u8() === 0
      ? undefined
      : {
          writeSetSize: reader.f64(),
          stateChangeHash: reader.bytes(),
          eventCount: reader.f64(),
          eventRootHash: reader.bytes(),
        };
  const details: TransactionDetailsRow = {
    vmStatus,
    expirationTimestampSecs,
    payload,
    payloadBcs,
    signature,
    signatureKind,
    secondarySigners,
    feePayer,
    kindFields,
    stateCheckpointHash,
    accumulatorRootHash,
    recorded,
  };
  return [row, details];
}

/** Replays the calls of one batch on `sink`, in the order they were made. */
export function replayBatch(buffer: ArrayBuffer, sink: LedgerRowSink): void {
  const reader = new BatchReader(buffer);
  while (!reader.done) {
    const op = reader.u8();
    switch (op) {
      case Op.State:
        sink.stateValue(reader.bytes(), reader.f64(), reader.blob());
        break;
      case Op.Transaction: {
        const [row, details] = readTransaction(reader);
        if (details === undefined) sink.transaction(row);
        else sink.transaction(row, details);
        break;
      }
      case Op.Event:
        sink.event(
          reader.bytes(),
          reader.f64(),
          reader.f64(),
          reader.f64(),
          reader.f64(),
          reader.string(),
          reader.bytes(),
        );
        break;
      case Op.ModuleEvent:
        sink.moduleEvent(reader.f64(), reader.f64(), reader.string(), reader.bytes());
        break;
      case Op.Block:
        sink.block({
          height: reader.f64(),
          epoch: reader.f64(),
          round: reader.f64(),
          firstVersion: reader.f64(),
          lastVersion: reader.f64(),
          timestampUsec: reader.i64(),
          hash: reader.bytes(),
          blockLimitReached: reader.u8() === 1,
        });
        break;
      case Op.Module:
        sink.module(reader.bytes(), reader.string(), reader.f64(), reader.string());
        break;
      case Op.TableInfo: {
        const handle = reader.bytes();
        const keyType = reader.string();
        const valueType = reader.string();
        const owner =
          reader.u8() === 0 ? null : { address: reader.bytes(), resource: reader.string(), field: reader.string() };
        sink.tableInfo(handle, keyType, valueType, owner, reader.f64());
        break;
      }
      case Op.Account:
        sink.account(reader.bytes(), reader.f64());
        break;
      default:
        throw new Error(`writer batch: unknown operation ${String(op)} at byte ${reader.at - 1}`);
    }
  }
}
