/**
 * `snapshot verify`'s indexer check on a second thread (issue 29): deriving the indexer tables again and comparing
 * them with the file's is most of verify's work, and needs nothing the other checks produce, so it runs on a worker
 * with its own read-only connection while this thread runs the others. The check is a list of independent pieces
 * (electron/indexer/verify-plan.ts): the worker takes them from the first on, and this thread, once its own checks are
 * done, from the last back, until they meet (the two cores end about together, instead of one idling while the other
 * derives); verify then adds the problems and figures of both after its own, in the pieces' order, as when it ran
 * last in one thread. A failure in the worker is rethrown here with its message and SQLite code.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Progress } from './progress.ts';
import type { SnapshotStore } from './snapshot-store.ts';
import {
  indexerChecker,
  INDEXER_CHECK_PHASE,
  reportIndexerCheck,
  type PieceOutcome,
} from '../indexer/verify-indexer.ts';
import {
  PIECE_OWNER,
  VERIFY_SHARED_BYTES,
  VERIFY_SLOT,
  VERIFY_STATUS,
  type VerifyThreadInit,
  type VerifyThreadReply,
} from './verify-thread-protocol.ts';

const ENTRY = new URL('./verify-thread-entry.ts', import.meta.url);
/** Pieces of the indexer check this thread claims at once (the worker may stop up to this many short of them). */
const CLAIM_PIECES = 4;
/** How often the waiting thread redraws the progress (a wait ends early when the check settles). */
const POLL_MS = 100;

/** The indexer check running on its own thread; {@link join} waits for its outcome. */
export interface IndexerCheckThread {
  /**
   * Waits for the check, telling `progress` how far it has come; its problems and figures. Given `store` (the same
   * file on this thread's connection), this thread takes its own share of the check's pieces meanwhile.
   */
  join(
    progress: Progress,
    store?: SnapshotStore,
  ): {
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
  let plan: Extract<VerifyThreadReply, { kind: 'plan' }> | undefined;
  let reply: Exclude<VerifyThreadReply, { kind: 'plan' }> | undefined;
  // Takes what the thread has posted: its plan, then its reply.
  const receive = (): void => {
    for (let message = receiveMessageOnPort(port1); message !== undefined; message = receiveMessageOnPort(port1)) {
      const posted = message.message as VerifyThreadReply;
      if (posted.kind === 'plan') plan = posted;
      else reply = posted;
    }
  };
  const threadFailed = (): boolean => reply?.kind === 'error';
  const settled = (): boolean => Atomics.load(slots, VERIFY_SLOT.status) !== VERIFY_STATUS.running;
  return {
    join(progress, store) {
      let started = false;
      const show = (): void => {
        const total = Atomics.load(slots, VERIFY_SLOT.total);
        // The phase starts once the thread knows how many transactions it derives (or has already settled).
        if (!started && (total > 0 || settled())) {
          progress.phase(INDEXER_CHECK_PHASE, total > 0 ? total : undefined, 'transactions');
          started = true;
        }
        if (started) progress.update(Atomics.load(slots, VERIFY_SLOT.done));
      };
      const mine: PieceOutcome[] = [];
      if (store !== undefined) {
        // Wait for the plan (or the end: a file with nothing to compare has none), then take pieces from the last back.
        for (;;) {
          const seen = Atomics.load(slots, VERIFY_SLOT.signal);
          receive();
          if (plan !== undefined || settled()) break;
          show();
          Atomics.wait(slots, VERIFY_SLOT.signal, seen, POLL_MS);
        }
        receive();
        if (plan !== undefined && !threadFailed()) {
          const claims = new Int32Array(plan.owners);
          try {
            const run = indexerChecker(store, plan.plan);
            // Pieces are claimed from the last back a few at a time and run in version order: the derivation's state
            // reads are cheapest going forward (electron/indexer/indexer-state.ts).
            for (let top = plan.plan.pieces.length - 1; top >= 0 && !threadFailed();) {
              const claimed: number[] = [];
              for (let index = top; index >= 0 && index > top - CLAIM_PIECES; index -= 1) {
                if (Atomics.compareExchange(claims, index, PIECE_OWNER.free, PIECE_OWNER.verify) !== PIECE_OWNER.free)
                  break;
                claimed.unshift(index);
              }
              if (claimed.length === 0) break;
              for (const index of claimed) {
                show();
                const outcome = run(index);
                mine.push(outcome);
                Atomics.add(slots, VERIFY_SLOT.done, outcome.transactions);
                // A failed thread's outcome is its error: nothing more to compare.
                receive();
                if (threadFailed()) break;
              }
              top -= CLAIM_PIECES;
            }
          } catch (error) {
            close();
            throw error;
          }
        }
      }
      for (;;) {
        const seen = Atomics.load(slots, VERIFY_SLOT.signal);
        const done = settled();
        show();
        if (done) break;
        Atomics.wait(slots, VERIFY_SLOT.signal, seen, POLL_MS);
      }
      receive();
      close();
      if (reply?.kind === 'done') {
        const problems = [...reply.problems];
        const checked =
          plan === undefined
            ? {}
            : reportIndexerCheck([...reply.outcomes, ...mine], reply.later, (text) => void problems.push(text));
        return { problems, checked };
      }
      const error = new Error(reply?.message ?? 'the indexer check thread failed');
      if (reply !== undefined) error.name = reply.name;
      if (reply?.code !== undefined) Object.assign(error, { code: reply.code });
      throw error;
    },
    cancel: close,
  };
}
