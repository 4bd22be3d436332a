/**
 * Replays a writer batch (made by writer-batch.ts's BatchEncoder on the generator's thread) on a {@link LedgerRowSink}
 * in the writer thread, call by call, in the order they were made.
 */
import type { LedgerRowSink } from './row-sink.ts';
import type { TransactionRow } from './snapshot-rows.ts';
import type { TransactionDetailsRow } from './transaction-details.ts';
import { KINDS, NULL_LENGTH, Op } from './writer-batch-format.ts';

const text = new TextDecoder();

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
