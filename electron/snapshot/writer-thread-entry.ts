/**
 * The writer thread's entry (started by writer-thread.ts): opens the snapshot writer on the partial file, replays the
 * batches of writer calls it is sent (writer-batch.ts), finishes or abandons the file on request, and reports
 * through the shared status words and its port — every failure included, so the generator's thread never waits for
 * a thread that has given up.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Progress } from './progress.ts';
import type { SnapshotWriter } from './snapshot-writer.ts';
import {
  THREAD_SLOT,
  THREAD_STATUS,
  type ThreadInit,
  type ThreadReply,
  type ThreadRequest,
} from './writer-thread-protocol.ts';

const { path, format, shared, port } = workerData as ThreadInit & { port: MessagePort };
const slots = new Int32Array(shared);
let writer: SnapshotWriter | undefined;
let failed = false;

/** Publishes a change: the generator's thread waits on the signal word. */
function signal(): void {
  Atomics.add(slots, THREAD_SLOT.signal, 1);
  Atomics.notify(slots, THREAD_SLOT.signal);
}

function reply(message: ThreadReply): void {
  port.postMessage(message);
}

function fail(error: unknown): void {
  if (failed) return;
  failed = true;
  const record = error instanceof Error ? error : new Error(String(error));
  const code = (error as { code?: unknown } | null)?.code;
  reply({
    kind: 'error',
    name: record.name,
    message: record.message,
    code: typeof code === 'string' ? code : undefined,
  });
  try {
    writer?.abort();
  } catch {
    // The first failure is the one reported; removing the partial file is best effort after it.
  }
  Atomics.store(slots, THREAD_SLOT.status, THREAD_STATUS.failed);
  signal();
}

process.on('uncaughtException', fail);

/** The finishing steps' progress, relayed: phases by message, counts in a shared word the waiting thread reads. */
const relayed: Progress = {
  phase(what, total, unit) {
    const previousDone = Atomics.exchange(slots, THREAD_SLOT.done, 0);
    reply({ kind: 'phase', what, total, unit, previousDone });
    signal();
  },
  update(done) {
    Atomics.store(slots, THREAD_SLOT.done, done);
  },
  end: () => undefined,
};

function handle(request: ThreadRequest, open: SnapshotWriter, replay: (buffer: ArrayBuffer) => void): void {
  switch (request.kind) {
    case 'batch':
      replay(request.buffer);
      Atomics.add(slots, THREAD_SLOT.processed, 1);
      signal();
      return;
    case 'finish':
      open.finish(request.finish);
      reply({
        kind: 'finished',
        indexerCounts: open.indexerCounts,
        indexerCpuMs: open.indexerCpuMs,
        indexerWallMs: open.indexerWallMs,
      });
      Atomics.store(slots, THREAD_SLOT.status, THREAD_STATUS.finished);
      signal();
      return;
    case 'abort':
      open.abort();
      Atomics.store(slots, THREAD_SLOT.status, THREAD_STATUS.aborted);
      signal();
      return;
  }
}

try {
  const [{ SnapshotWriter }, { replayBatch }] = await Promise.all([
    import('./snapshot-writer.ts'),
    import('./writer-batch-replay.ts'),
  ]);
  const open = new SnapshotWriter(path, { format, progress: relayed });
  writer = open;
  const replay = (buffer: ArrayBuffer): void => replayBatch(buffer, open);
  parentPort?.on('message', (request: ThreadRequest) => {
    if (failed) {
      // After a failure the file is already gone; an abort is answered so the generator's thread stops waiting.
      if (request.kind === 'abort') signal();
      return;
    }
    try {
      handle(request, open, replay);
    } catch (error) {
      fail(error);
    }
    if (request.kind !== 'batch') parentPort?.close();
  });
  Atomics.store(slots, THREAD_SLOT.status, THREAD_STATUS.ready);
  signal();
} catch (error) {
  fail(error);
}
