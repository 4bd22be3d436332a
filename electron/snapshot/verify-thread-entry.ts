/**
 * The indexer check's thread (started by verify-thread.ts): opens the snapshot read-only on its own connection,
 * derives its indexer tables again and compares them with the file's (electron/indexer/verify-indexer.ts), and
 * reports the problems and figures — or its failure — through its port and the shared words.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import type { Progress } from './progress.ts';
import { VERIFY_SLOT, VERIFY_STATUS, type VerifyThreadInit, type VerifyThreadReply } from './verify-thread-protocol.ts';

const { path, shared, port } = workerData as VerifyThreadInit & { port: MessagePort };
const slots = new Int32Array(shared);

function settle(reply: VerifyThreadReply): void {
  port.postMessage(reply);
  Atomics.store(slots, VERIFY_SLOT.status, reply.kind === 'done' ? VERIFY_STATUS.done : VERIFY_STATUS.failed);
  Atomics.add(slots, VERIFY_SLOT.signal, 1);
  Atomics.notify(slots, VERIFY_SLOT.signal);
}

function failed(error: unknown): void {
  const record = error instanceof Error ? error : new Error(String(error));
  const code = (error as { code?: unknown } | null)?.code;
  settle({
    kind: 'error',
    name: record.name,
    message: record.message,
    code: typeof code === 'string' ? code : undefined,
  });
}

process.on('uncaughtException', failed);

/** How far the derivation has come, in a shared word the waiting thread reads (it names the phase itself). */
const counted: Progress = {
  phase: () => Atomics.store(slots, VERIFY_SLOT.done, 0),
  update: (done) => Atomics.store(slots, VERIFY_SLOT.done, done),
  end: () => undefined,
};

try {
  const [{ SnapshotStore }, { verifyIndexerTables }] = await Promise.all([
    import('./snapshot-store.ts'),
    import('../indexer/verify-indexer.ts'),
  ]);
  const store = SnapshotStore.open(path);
  try {
    Atomics.store(
      slots,
      VERIFY_SLOT.total,
      Number(store.database.prepare('SELECT count(*) FROM transaction_details').pluck().get()),
    );
    const problems: string[] = [];
    const checked = verifyIndexerTables(store, (text) => void problems.push(text), counted);
    settle({ kind: 'done', problems, checked });
  } finally {
    store.close();
  }
} catch (error) {
  failed(error);
}
