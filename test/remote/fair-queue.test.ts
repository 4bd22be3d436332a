/**
 * The fair queue and the coalescer on their own (electron/service/remote/fair-queue.ts,
 * request-coalescer.ts): order of service, refusals and what they free, with a clock the test moves where
 * a measured service time matters. Over real HTTP: remote-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FairQueue, type Admission, type QueueClient } from '../../electron/service/remote/fair-queue.ts';
import { RequestCoalescer } from '../../electron/service/remote/request-coalescer.ts';

const FAR = Number.MAX_SAFE_INTEGER;
const client = (address: string, connection = '1'): QueueClient => ({ address, connection });
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

type Admitted = Extract<Admission, { kind: 'admitted' }>;
type Refused = Extract<Admission, { kind: 'refused' }>;

function admitted(admission: Admission | undefined): Admitted {
  if (admission?.kind !== 'admitted') throw new Error(`not admitted: ${JSON.stringify(admission)}`);
  return admission;
}

function refused(admission: Admission | undefined): Refused {
  if (admission?.kind !== 'refused') throw new Error(`not refused: ${JSON.stringify(admission)}`);
  return admission;
}

/** Waiters entered by a test: their outcome once known, and the order in which they were admitted. */
class Waiters {
  readonly outcome = new Map<string, Admission>();
  readonly admittedOrder: string[] = [];

  readonly queue: FairQueue;

  constructor(queue: FairQueue) {
    this.queue = queue;
  }

  enter(label: string, who: QueueClient | undefined, deadline = FAR, signal?: AbortSignal): void {
    void this.queue.enter(who, deadline, signal).then((admission) => {
      this.outcome.set(label, admission);
      if (admission.kind === 'admitted') this.admittedOrder.push(label);
    });
  }

  /** Releases the admitted waiters one at a time, in the order they got their slot, until none is left. */
  async drain(): Promise<void> {
    await settle();
    for (let released = 0; released < this.admittedOrder.length; released += 1) {
      admitted(this.outcome.get(this.admittedOrder[released] ?? '')).release();
      await settle();
    }
  }
}

describe('FairQueue', () => {
  it('admits at most maxInFlight; a release hands its slot to the next waiter; release is idempotent', async () => {
    const queue = new FairQueue({ maxInFlight: 2, maxQueued: 10 });
    const waiters = new Waiters(queue);
    waiters.enter('a', undefined);
    waiters.enter('b', undefined);
    waiters.enter('c', undefined);
    waiters.enter('d', undefined);
    await settle();
    expect(waiters.admittedOrder).toEqual(['a', 'b']);
    expect(queue.stats()).toMatchObject({ inFlight: 2, queued: 2 });
    const a = admitted(waiters.outcome.get('a'));
    a.release();
    a.release();
    await settle();
    expect(waiters.admittedOrder).toEqual(['a', 'b', 'c']);
    expect(queue.stats()).toMatchObject({ inFlight: 2, queued: 1 });
  });

  it('serves addresses round-robin, then connections within one: a flood waits its own turns', async () => {
    const queue = new FairQueue({ maxInFlight: 1, maxQueued: 100 });
    const waiters = new Waiters(queue);
    waiters.enter('hold', undefined);
    for (let i = 0; i < 4; i += 1) waiters.enter(`a${i}`, client('10.0.0.1', 'a'));
    for (let i = 0; i < 2; i += 1) waiters.enter(`b${i}`, client('10.0.0.1', 'b'));
    for (let i = 0; i < 2; i += 1) waiters.enter(`p${i}`, client('10.0.0.2'));
    await waiters.drain();
    // Address 10.0.0.1 and 10.0.0.2 alternate; within 10.0.0.1, connections a and b alternate.
    expect(waiters.admittedOrder).toEqual(['hold', 'a0', 'p0', 'b0', 'p1', 'a1', 'b1', 'a2', 'a3']);
    expect(queue.stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  it('refuses at once a waiter that could not be served before its deadline (measured service time)', async () => {
    let now = 1_000;
    const queue = new FairQueue({ maxInFlight: 1, maxQueued: 100, now: () => now });
    const first = admitted(await queue.enter(undefined, FAR));
    now += 100;
    first.release(); // the mean service time is now 100 ms
    const holder = admitted(await queue.enter(undefined, FAR));
    const waiters = new Waiters(queue);
    const deadline = now + 350;
    // Expected waits: its turn comes when the holder's 100 ms are over, the next one's 100 ms later. Both fit.
    waiters.enter('flood0', client('10.0.0.1'), deadline);
    waiters.enter('flood1', client('10.0.0.1'), deadline);
    // Behind them, 300 ms: its turn would leave less than 100 ms of the 350, refused at once.
    waiters.enter('flood2', client('10.0.0.1'), deadline);
    await settle();
    const late = refused(waiters.outcome.get('flood2'));
    expect(late.reason).toBe('deadline');
    expect(late.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(late.message).toMatch(/too busy to send the request in time: 1 requests in flight and 2 waiting/);
    // Another address is served before the flood's second: 200 ms, it fits.
    waiters.enter('other', client('10.0.0.2'), deadline);
    await settle();
    expect(waiters.outcome.size).toBe(1);
    expect(queue.stats().queued).toBe(3);
    holder.release();
    await waiters.drain();
    expect(waiters.admittedOrder).toEqual(['flood0', 'other', 'flood1']);
  });

  it('a waiter whose deadline passes is refused and leaves the queue; one too close to it is not sent', async () => {
    const queue = new FairQueue({ maxInFlight: 1, maxQueued: 10 });
    const holder = admitted(await queue.enter(undefined, FAR));
    const waiters = new Waiters(queue);
    waiters.enter('soon', undefined, Date.now() + 30);
    waiters.enter('later', undefined, FAR);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(refused(waiters.outcome.get('soon')).reason).toBe('deadline');
    expect(queue.stats()).toMatchObject({ inFlight: 1, queued: 1 });
    holder.release();
    await settle();
    expect(waiters.admittedOrder).toEqual(['later']);
  });

  it('a full queue makes room by refusing the newest waiter of the address holding the most', async () => {
    const queue = new FairQueue({ maxInFlight: 1, maxQueued: 3 });
    const waiters = new Waiters(queue);
    waiters.enter('hold', undefined);
    for (let i = 0; i < 3; i += 1) waiters.enter(`flood${i}`, client('10.0.0.1'));
    waiters.enter('polite', client('10.0.0.2'));
    await settle();
    const evicted = refused(waiters.outcome.get('flood2'));
    expect(evicted.reason).toBe('queue_full');
    expect(evicted.message).toMatch(/too busy: 1 requests in flight and \d+ waiting \(its limits are 1 and 3\)/);
    // The flood's own next request finds no one holding more than it: refused itself.
    waiters.enter('flood3', client('10.0.0.1'));
    await settle();
    expect(refused(waiters.outcome.get('flood3')).reason).toBe('queue_full');
    // Within one address, the longest connection gives way to another connection.
    waiters.enter('same-address', client('10.0.0.1', 'other'));
    await settle();
    expect(refused(waiters.outcome.get('flood1')).reason).toBe('queue_full');
    await waiters.drain();
    expect(waiters.admittedOrder).toEqual(['hold', 'flood0', 'polite', 'same-address']);
    expect(queue.stats()).toMatchObject({ inFlight: 0, queued: 0 });
  });

  it('an aborted waiter leaves the queue (its place goes to the next); aborted before entering: refused', async () => {
    const queue = new FairQueue({ maxInFlight: 1, maxQueued: 10 });
    const holder = admitted(await queue.enter(undefined, FAR));
    const waiters = new Waiters(queue);
    const gone = new AbortController();
    waiters.enter('gone', client('10.0.0.1'), FAR, gone.signal);
    waiters.enter('stays', client('10.0.0.2'));
    await settle();
    gone.abort();
    await settle();
    expect(refused(waiters.outcome.get('gone')).reason).toBe('aborted');
    expect(queue.stats()).toMatchObject({ inFlight: 1, queued: 1 });
    holder.release();
    await settle();
    expect(waiters.admittedOrder).toEqual(['stays']);
    expect(refused(await queue.enter(undefined, FAR, gone.signal)).reason).toBe('aborted');
  });
});

describe('RequestCoalescer', () => {
  it('runs one task per key at a time and gives every caller its outcome', async () => {
    const coalescer = new RequestCoalescer<string>();
    let runs = 0;
    let finish: (value: string) => void = () => undefined;
    const task = (): Promise<string> => {
      runs += 1;
      return new Promise((resolve) => (finish = resolve));
    };
    const answers = [coalescer.run('k', undefined, task), coalescer.run('k', undefined, task)];
    const other = coalescer.run('other', undefined, () => Promise.resolve('other'));
    await settle();
    expect(runs).toBe(1);
    expect(coalescer.joined).toBe(1);
    finish('answer');
    expect(await Promise.all(answers)).toEqual(['answer', 'answer']);
    expect(await other).toBe('other');
    expect(coalescer.size).toBe(0);
  });

  it("cancels the task only when every caller's signal has aborted; a later caller starts afresh", async () => {
    const coalescer = new RequestCoalescer<string>();
    const signals: AbortSignal[] = [];
    const task = (signal: AbortSignal): Promise<string> => {
      signals.push(signal);
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve('cancelled')));
    };
    const one = new AbortController();
    const two = new AbortController();
    const first = coalescer.run('k', one.signal, task);
    void coalescer.run('k', two.signal, task);
    await settle();
    one.abort();
    expect(signals[0]?.aborted).toBe(false);
    two.abort();
    expect(signals[0]?.aborted).toBe(true);
    const third = coalescer.run('k', undefined, task);
    await settle();
    expect(signals).toHaveLength(2);
    expect(await first).toBe('cancelled');
    expect(coalescer.size).toBe(1);
    void third;
  });
});
