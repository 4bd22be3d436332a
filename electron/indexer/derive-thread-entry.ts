/**
 * The indexer pass's helper thread (started by derive-thread.ts): opens the snapshot read-only on its own connection,
 * derives the rows of the chunks of transactions it was given with the same step as the pass's own thread
 * (derive-transactions.ts), posts each chunk in turn, staying at most CHUNKS_AHEAD chunks ahead of the pass, and
 * closes its connection before it reports that it is done.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import {
  CHUNKS_AHEAD,
  DERIVE_SLOT,
  type DeriveThreadInit,
  type HelperItem,
  type HelperMessage,
} from './derive-thread.ts';

const { path, meta, shared, chunks, skipped, port } = workerData as DeriveThreadInit & { port: MessagePort };
const slots = new Int32Array(shared);
/** How long one wait for the pass to take a chunk lasts before looking again. */
const POLL_MS = 100;

function post(message: HelperMessage): void {
  port.postMessage(message);
  if (message.kind === 'error') Atomics.store(slots, DERIVE_SLOT.failed, 1);
  Atomics.add(slots, DERIVE_SLOT.posted, 1);
  Atomics.notify(slots, DERIVE_SLOT.posted);
}

function failed(error: unknown): void {
  const record = error instanceof Error ? error : new Error(String(error));
  const code = (error as { code?: unknown } | null)?.code;
  post({
    kind: 'error',
    name: record.name,
    message: record.message,
    code: typeof code === 'string' ? code : undefined,
  });
}

process.on('uncaughtException', failed);

try {
  const [{ default: Database }, { SnapshotStore }, { indexerState }, { transactionDeriver }] = await Promise.all([
    import('better-sqlite3'),
    import('../snapshot/snapshot-store.ts'),
    import('./indexer-state.ts'),
    import('./derive-transactions.ts'),
  ]);
  // The file is one this process is writing (or verifying): a plain read-only connection, no checks of a finished
  // file (the indexer tables are not there yet while they are being written).
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('query_only = ON');
    const store = SnapshotStore.over(db, meta, path);
    const derive = transactionDeriver(store, db, indexerState(store, db, !store.captured), new Set(skipped));
    for (const [index, chunk] of chunks.entries()) {
      for (;;) {
        const taken = Atomics.load(slots, DERIVE_SLOT.taken);
        if (index - taken < CHUNKS_AHEAD) break;
        Atomics.wait(slots, DERIVE_SLOT.taken, taken, POLL_MS);
      }
      const items: HelperItem[] = [];
      for (const version of chunk) {
        const outcome = derive(version);
        if (outcome === undefined) continue;
        if (outcome.rows !== undefined) items.push({ version, rows: outcome.rows });
        else {
          const error = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
          items.push({ version, error: { name: error.name, message: error.message } });
        }
      }
      post({ kind: 'chunk', items });
    }
  } finally {
    db.close();
  }
  post({ kind: 'done' });
} catch (error) {
  failed(error);
}
