/**
 * `snapshot verify`'s indexer check on a second thread (issue 29): deriving the indexer tables again and comparing
 * them with the file's is most of verify's work, and needs nothing the other checks produce, so it runs on a worker
 * with its own read-only connection while this thread runs the others; verify then waits for it (showing how far it
 * has come) and adds its problems and figures after its own, as when it ran last in one thread. A failure in the
 * worker is rethrown here with its message and SQLite code.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Progress } from './progress.ts';
import {
  VERIFY_SHARED_BYTES,
  VERIFY_SLOT,
  VERIFY_STATUS,
  type VerifyThreadInit,
  type VerifyThreadReply,
} from './verify-thread-protocol.ts';

const ENTRY = new URL('./verify-thread-entry.ts', import.meta.url);
/** How often the waiting thread redraws the progress (a wait ends early when the check settles). */
const POLL_MS = 100;

/** The indexer check running on its own thread; {@link join} waits for its outcome. */
export interface IndexerCheckThread {
  /** Waits for the check, telling `progress` how far it has come; its problems and figures. */
  join(progress: Progress): {
    readonly problems: readonly string[];
    readonly checked: Readonly<Record<string, number>>;
  };
  /** Stops the check (verify ended early). */
  cancel(): void;
}

/**
 * Starts the indexer check of the snapshot file at `path` on a worker thread; undefined when it cannot run there
 * (no file — an in-memory database — or no worker entry beside this module, as in a bundle): verify then runs it
 * in its own thread.
 */
export function startIndexerCheck(path: string): IndexerCheckThread | undefined {
  if (path === '' || path === ':memory:' || !existsSync(path)) return undefined;
  if (ENTRY.protocol !== 'file:' || !existsSync(fileURLToPath(ENTRY))) return undefined;
  const shared = new SharedArrayBuffer(VERIFY_SHARED_BYTES);
  const slots = new Int32Array(shared);
  const { port1, port2 } = new MessageChannel();
  const init: VerifyThreadInit & { port: MessagePort } = { path, shared, port: port2 };
  const worker = new Worker(ENTRY, { workerData: init, transferList: [port2] });
  // Failures come back through the port (verify-thread-entry.ts); this keeps one that escapes from ending the process.
  worker.on('error', () => undefined);
  worker.unref();
  const close = (): void => {
    port1.close();
    void worker.terminate();
  };
  return {
    join(progress) {
      let started = false;
      for (;;) {
        const seen = Atomics.load(slots, VERIFY_SLOT.signal);
        const settled = Atomics.load(slots, VERIFY_SLOT.status) !== VERIFY_STATUS.running;
        const total = Atomics.load(slots, VERIFY_SLOT.total);
        // The phase starts once the thread knows how many transactions it derives (or has already settled).
        if (!started && (total > 0 || settled)) {
          progress.phase('verifying: indexer tables, derived again', total > 0 ? total : undefined, 'transactions');
          started = true;
        }
        if (started) progress.update(Atomics.load(slots, VERIFY_SLOT.done));
        if (settled) break;
        Atomics.wait(slots, VERIFY_SLOT.signal, seen, POLL_MS);
      }
      const reply = receiveMessageOnPort(port1)?.message as VerifyThreadReply | undefined;
      close();
      if (reply?.kind === 'done') return { problems: reply.problems, checked: reply.checked };
      const error = new Error(reply?.message ?? 'the indexer check thread failed');
      if (reply !== undefined) error.name = reply.name;
      if (reply?.code !== undefined) Object.assign(error, { code: reply.code });
      throw error;
    },
    cancel: close,
  };
}
