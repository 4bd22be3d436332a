/**
 * The indexer check's thread (started by verify-thread.ts): opens the snapshot read-only on its own connection, plans
 * the check (electron/indexer/verify-indexer.ts) and posts the plan, checks `_valid_to`, then derives and compares
 * the check's pieces from the first on until it meets those verify's own thread took from the last back, and reports
 * their outcomes — or its failure — through its port and the shared words.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import type { PieceOutcome } from '../indexer/verify-indexer.ts';
import {
  PIECE_OWNER,
  VERIFY_SLOT,
  VERIFY_STATUS,
  type VerifyThreadInit,
  type VerifyThreadReply,
} from './verify-thread-protocol.ts';

const { path, shared, port } = workerData as VerifyThreadInit & { port: MessagePort };
const slots = new Int32Array(shared);

function settle(reply: Exclude<VerifyThreadReply, { kind: 'plan' }>): void {
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

try {
  const [{ SnapshotStore }, indexer] = await Promise.all([
    import('./snapshot-store.ts'),
    import('../indexer/verify-indexer.ts'),
  ]);
  const store = SnapshotStore.open(path);
  try {
    const problems: string[] = [];
    const plan = indexer.prepareIndexerCheck(store, (text) => void problems.push(text));
    const outcomes: PieceOutcome[] = [];
    let later: string[] = [];
    if (plan !== undefined) {
      const owners = new SharedArrayBuffer(plan.pieces.length * Int32Array.BYTES_PER_ELEMENT);
      const claims = new Int32Array(owners);
      Atomics.store(
        slots,
        VERIFY_SLOT.total,
        plan.pieces.reduce((n, piece) => n + piece.versions.length, 0),
      );
      port.postMessage({ kind: 'plan', plan, owners } satisfies VerifyThreadReply);
      Atomics.add(slots, VERIFY_SLOT.signal, 1);
      Atomics.notify(slots, VERIFY_SLOT.signal);
      // The `_valid_to` check first: verify's own thread takes pieces from the last back meanwhile.
      later = indexer.validToProblems(store);
      const run = indexer.indexerChecker(store, plan);
      for (let index = 0; index < plan.pieces.length; index += 1) {
        if (Atomics.compareExchange(claims, index, PIECE_OWNER.free, PIECE_OWNER.thread) !== PIECE_OWNER.free) break;
        const outcome = run(index);
        outcomes.push(outcome);
        Atomics.add(slots, VERIFY_SLOT.done, outcome.transactions);
      }
    }
    settle({ kind: 'done', problems, outcomes, later });
  } finally {
    store.close();
  }
} catch (error) {
  failed(error);
}
