/**
 * The snapshot writer on its own thread (issue 29): the simulation and the SQLite writing (with the write-set and
 * event hashing) each take about half of generating's CPU, so the generator's thread encodes its writer calls into
 * batches (writer-batch.ts) and hands them, transferred, to a worker that runs the real `SnapshotWriter`
 * (writer-thread-entry.ts); both cores work. The calls are replayed in order, so the file is the same as written in
 * one thread. Generating stays synchronous: the generator's thread waits on shared words when too many batches are
 * in flight (memory stays flat) and for the finish, and reads the worker's replies synchronously from a port; a
 * failure in the worker is rethrown here with its message (and SQLite code), never a hang.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { IndexerCounts } from '../indexer/indexer-writer.ts';
import type { LedgerRowSink } from './row-sink.ts';
import type { SnapshotFormatVersion } from './schema.ts';
import { OutputExistsError, type BlockRow, type SnapshotFinish, type TransactionRow } from './snapshot-rows.ts';
import type { StateWriteObserver } from './snapshot-writer.ts';
import type { TransactionDetailsRow } from './transaction-details.ts';
import { BatchEncoder } from './writer-batch.ts';
import { NO_PROGRESS, type Progress } from './progress.ts';
import { assertNever } from '../../shared/assert-never.ts';
import {
  THREAD_SHARED_BYTES,
  THREAD_SLOT,
  THREAD_STATUS,
  type ThreadInit,
  type ThreadReply,
  type ThreadRequest,
} from './writer-thread-protocol.ts';

/** A batch is sent once it holds this many bytes (large enough that messaging costs nothing next to the rows). */
const BATCH_BYTES = 1 << 20;
/** Batches sent but not yet replayed before the generator waits: bounds the memory between the two threads. */
const MAX_IN_FLIGHT = 8;
/** How long the writer thread may take to open the file before generating gives up. */
const START_TIMEOUT_MS = 60_000;
/** How often a waiting generator looks for a reply (a wait ends early on every signal). */
const POLL_MS = 100;

const ENTRY = new URL('./writer-thread-entry.ts', import.meta.url);

/**
 * Whether the writer thread can run here: its entry must exist as a file beside this one (it does when run from the
 * sources, as the CLI and tests do; a bundle — the desktop app's service — writes in its own thread instead).
 */
export function writerThreadAvailable(): boolean {
  return ENTRY.protocol === 'file:' && existsSync(fileURLToPath(ENTRY));
}

/** The error the writer thread reported, as an error of this thread (name, message and SQLite code kept). */
function rethrown(reply: Extract<ThreadReply, { kind: 'error' }>): Error {
  if (reply.name === 'OutputExistsError') return new OutputExistsError(reply.message);
  const error = new Error(reply.message);
  error.name = reply.name;
  if (reply.code !== undefined) Object.assign(error, { code: reply.code });
  return error;
}

/** A snapshot writer whose SQLite work runs on a worker thread; same calls and file as `SnapshotWriter`. */
export class ThreadedSnapshotWriter implements LedgerRowSink {
  readonly format: SnapshotFormatVersion;
  readonly #observer: StateWriteObserver | undefined;
  readonly #progress: Progress;
  /** The writer thread's failure, its completion, and whether it has started a finishing phase (`#drain`). */
  #failure: Extract<ThreadReply, { kind: 'error' }> | undefined;
  #finished: Extract<ThreadReply, { kind: 'finished' }> | undefined;
  #inPhase = false;
  readonly #worker: Worker;
  readonly #replies: MessagePort;
  readonly #slots: Int32Array;
  readonly #encoder = new BatchEncoder(BATCH_BYTES + (BATCH_BYTES >> 2));
  #sent = 0;
  #closed = false;
  /** Rows of each indexer table written by `finish` (format v3). */
  indexerCounts: IndexerCounts | undefined;
  /** CPU milliseconds the writer thread spent deriving the indexer tables (format v3). */
  indexerCpuMs = 0;
  /** Wall milliseconds the writer thread spent deriving the indexer tables (format v3). */
  indexerWallMs = 0;

  /** Starts the writer thread on `path` and waits until it has created the partial file and its schema. */
  constructor(
    path: string,
    options: {
      observer?: StateWriteObserver | undefined;
      format: SnapshotFormatVersion;
      progress?: Progress | undefined;
    },
  ) {
    this.format = options.format;
    this.#observer = options.observer;
    this.#progress = options.progress ?? NO_PROGRESS;
    const shared = new SharedArrayBuffer(THREAD_SHARED_BYTES);
    this.#slots = new Int32Array(shared);
    const { port1, port2 } = new MessageChannel();
    this.#replies = port1;
    const init: ThreadInit & { port: MessagePort } = { path, format: options.format, shared, port: port2 };
    this.#worker = new Worker(ENTRY, { workerData: init, transferList: [port2] });
    // The thread's own failures are reported through the port (writer-thread-entry.ts); this keeps a failure that
    // escapes it from ending the process before the waiting loop reports it.
    this.#worker.on('error', () => undefined);
    this.#worker.unref();
    this.#wait(() => Atomics.load(this.#slots, THREAD_SLOT.status) !== THREAD_STATUS.starting, START_TIMEOUT_MS);
  }

  /** Waits until `done()` (or `timeoutMs` passes), rethrowing the writer thread's failure. */
  #wait(done: () => boolean, timeoutMs = Infinity): void {
    const started = performance.now();
    for (;;) {
      const seen = Atomics.load(this.#slots, THREAD_SLOT.signal);
      this.#drain();
      this.#check();
      if (done()) return;
      if (performance.now() - started > timeoutMs)
        throw new Error(`the snapshot writer thread did not start within ${timeoutMs / 1000} s`);
      Atomics.wait(this.#slots, THREAD_SLOT.signal, seen, POLL_MS);
    }
  }

  /** Takes the writer thread's replies: phases go to the progress, the outcome is kept. */
  #drain(): void {
    for (;;) {
      const reply = receiveMessageOnPort(this.#replies)?.message as ThreadReply | undefined;
      if (reply === undefined) break;
      switch (reply.kind) {
        case 'phase':
          if (this.#inPhase) this.#progress.update(reply.previousDone);
          this.#progress.phase(reply.what, reply.total, reply.unit);
          this.#inPhase = true;
          break;
        case 'error':
          this.#failure = reply;
          break;
        case 'finished':
          this.#finished = reply;
          break;
        default:
          assertNever(reply);
      }
    }
    if (this.#inPhase) this.#progress.update(Atomics.load(this.#slots, THREAD_SLOT.done));
  }

  /** Throws what the writer thread reported, if it failed. */
  #check(): void {
    if (Atomics.load(this.#slots, THREAD_SLOT.status) !== THREAD_STATUS.failed) return;
    this.#drain();
    const failure = this.#failure;
    this.#close();
    throw failure === undefined ? new Error('the snapshot writer thread failed') : rethrown(failure);
  }

  #post(request: ThreadRequest): void {
    if (request.kind === 'batch') this.#worker.postMessage(request, [request.buffer]);
    else this.#worker.postMessage(request);
  }

  /** Sends the batch so far (waiting first while too many are in flight). */
  #flush(): void {
    if (this.#encoder.size === 0) return;
    this.#wait(() => this.#sent - Atomics.load(this.#slots, THREAD_SLOT.processed) < MAX_IN_FLIGHT);
    this.#post({ kind: 'batch', buffer: this.#encoder.take() });
    this.#sent += 1;
  }

  #added(): void {
    if (this.#encoder.size >= BATCH_BYTES) this.#flush();
  }

  stateValue(stateKey: Uint8Array, version: number, value: Uint8Array | null): void {
    this.#observer?.(stateKey, version, value);
    this.#encoder.stateValue(stateKey, version, value);
    this.#added();
  }

  transaction(row: TransactionRow, details?: TransactionDetailsRow): void {
    this.#encoder.transaction(row, details);
    this.#added();
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
    this.#encoder.event(address, creationNumber, sequenceNumber, version, index, typeTag, data);
    this.#added();
  }

  moduleEvent(version: number, index: number, typeTag: string, data: Uint8Array): void {
    if (this.format < 2) return;
    this.#encoder.moduleEvent(version, index, typeTag, data);
    this.#added();
  }

  block(row: BlockRow): void {
    this.#encoder.block(row);
    this.#added();
  }

  module(address: Uint8Array, name: string, version: number, abiJson: string): void {
    this.#encoder.module(address, name, version, abiJson);
    this.#added();
  }

  tableInfo(
    handle: Uint8Array,
    keyType: string,
    valueType: string,
    owner: { address: Uint8Array; resource: string; field: string } | null,
    version: number,
  ): void {
    this.#encoder.tableInfo(handle, keyType, valueType, owner, version);
    this.#added();
  }

  account(address: Uint8Array, version: number): void {
    this.#encoder.account(address, version);
    this.#added();
  }

  /** Sends the last batch and the finish, and waits until the writer thread has completed the file. */
  finish(finish: SnapshotFinish): void {
    this.#flush();
    this.#post({ kind: 'finish', finish });
    this.#wait(() => Atomics.load(this.#slots, THREAD_SLOT.status) === THREAD_STATUS.finished);
    this.#drain();
    const reply = this.#finished;
    if (reply !== undefined) {
      this.indexerCounts = reply.indexerCounts;
      this.indexerCpuMs = reply.indexerCpuMs;
      this.indexerWallMs = reply.indexerWallMs;
    }
    this.#close();
  }

  /** Abandons the file: the writer thread removes it; waits until it has. */
  abort(): void {
    if (this.#closed) return;
    const status = Atomics.load(this.#slots, THREAD_SLOT.status);
    if (status === THREAD_STATUS.ready) {
      this.#post({ kind: 'abort' });
      try {
        this.#wait(() => Atomics.load(this.#slots, THREAD_SLOT.status) !== THREAD_STATUS.ready, START_TIMEOUT_MS);
      } catch {
        // Aborting follows another error, the one worth reporting; a failure to abandon the file cleanly is not.
      }
    }
    this.#close();
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#replies.close();
    void this.#worker.terminate();
  }
}
