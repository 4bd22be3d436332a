/**
 * A bound on work in flight with a fair queue in front of it, for requests a server sends on to one
 * upstream (the remote source's node, docs/remote.md "Under load"). At most `maxInFlight` holders at once;
 * the others wait in a queue of at most `maxQueued`, served round-robin by client address and, within one
 * address, by connection, so one client sending many requests (or opening many connections) delays others by
 * at most one of its own requests per turn. Every waiter has a deadline that its wait counts against: a waiter
 * is refused at once when the wait it can expect (its place in the round-robin order times the typical time a
 * holder keeps its slot, measured, over the slots) would reach its deadline; when its deadline passes while it
 * waits (or its turn comes with less than 100 ms of it left); or when the queue is full (then the newest
 * waiter of the address, or connection, holding the most places gives its place up instead, unless that is
 * the newcomer's own). A waiter whose client goes away (its signal aborts) leaves the queue. A refusal says
 * when to come back (`retryAfterSeconds`), so overload is answered early with a 503 and `Retry-After`, not by
 * a timeout.
 *
 * Plain TypeScript with no I/O: any caller that sends requests on (the remote source's `fetchUpstream`, a
 * proxied GraphQL endpoint) can hold one per upstream.
 */
import type { RequestClient } from '../service-reply.ts';

/**
 * Who a request came from, the fairness key: its network address (never a header a client could set) and
 * its connection on it. The HTTP adapter sets it; in-process callers share one lane.
 */
export type QueueClient = RequestClient;

/** Limits of a {@link FairQueue}. */
export interface FairQueueOptions {
  /** Most holders at once. */
  readonly maxInFlight: number;
  /** Most waiters at once. */
  readonly maxQueued: number;
  /** The clock (ms); default `Date.now` (tests may move it). */
  readonly now?: () => number;
}

/** Why a waiter was refused. */
export type RefusalReason = 'queue_full' | 'deadline' | 'aborted';

/** The outcome of {@link FairQueue.enter}: a slot to release once the work is done, or a refusal. */
export type Admission =
  | { readonly kind: 'admitted'; readonly waitedMs: number; release(): void }
  | {
      readonly kind: 'refused';
      readonly reason: RefusalReason;
      /** When a retry can expect to be served, in whole seconds (at least 1). */
      readonly retryAfterSeconds: number;
      /** One line for the error record, e.g. `… 16 requests in flight and 512 waiting …`. */
      readonly message: string;
    };

/** What the queue holds now (monitoring and tests). */
export interface QueueStats {
  readonly inFlight: number;
  readonly queued: number;
  /** The typical time a holder keeps its slot (ms): the median of the last 64, 0 before any was released. */
  readonly serviceMs: number;
}

interface Waiter {
  readonly address: string;
  readonly connection: string;
  readonly deadline: number;
  readonly enqueuedAt: number;
  readonly settle: (admission: Admission) => void;
  cleanup(): void;
}

/** Clients without a {@link QueueClient} (in-process requests: the desktop app, a capture) share this lane. */
const LOCAL: QueueClient = { address: 'local', connection: 'local' };
/** The longest delay `setTimeout` takes. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A turn that would leave less than this of the deadline is refused: too little time to be worth sending. */
const MIN_REMAINING_MS = 100;
/**
 * Service times kept for the typical one. Their median, not a running mean: one answer that stalls (a large
 * body, the process descheduled on a busy machine) must not make every waiter look late and be refused.
 */
const SERVICE_SAMPLES = 64;

/** A bounded fair queue (see the file comment). */
export class FairQueue {
  readonly maxInFlight: number;
  readonly maxQueued: number;
  readonly #now: () => number;
  /** address → connection → its waiters, oldest first; map order is the round-robin order (served go last). */
  readonly #lanes = new Map<string, Map<string, Waiter[]>>();
  readonly #perAddress = new Map<string, number>();
  #queued = 0;
  #inFlight = 0;
  readonly #serviceTimes: number[] = [];
  #nextSample = 0;
  #typicalMs = 0;
  #typicalStale = false;

  /** A queue with the given limits (each at least 1; `maxQueued` may be 0: no waiting). */
  constructor(options: FairQueueOptions) {
    if (!(options.maxInFlight >= 1)) throw new RangeError(`maxInFlight must be at least 1, got ${options.maxInFlight}`);
    if (!(options.maxQueued >= 0)) throw new RangeError(`maxQueued must be at least 0, got ${options.maxQueued}`);
    this.maxInFlight = options.maxInFlight;
    this.maxQueued = options.maxQueued;
    this.#now = options.now ?? Date.now;
  }

  /** Holders, waiters and the typical service time now. */
  stats(): QueueStats {
    return { inFlight: this.#inFlight, queued: this.#queued, serviceMs: this.#serviceMs() };
  }

  /**
   * Waits for a slot until `deadline` (ms on the queue's clock). Resolves (never rejects) with the slot or
   * a refusal; `signal` aborting while it waits refuses it (`aborted`) and frees its place.
   */
  enter(client: QueueClient | undefined, deadline: number, signal?: AbortSignal): Promise<Admission> {
    const { address, connection } = client ?? LOCAL;
    if (signal?.aborted) return Promise.resolve(this.#refusal('aborted'));
    if (this.#queued === 0 && this.#inFlight < this.maxInFlight) return Promise.resolve(this.#admit(this.#now()));
    const now = this.#now();
    const expected = this.#expectedWaitMs(address, connection);
    // Its own time is not counted: service times hold long answers' bodies, the deadline only wait and headers.
    if (expected > 0 && now + expected + MIN_REMAINING_MS > deadline) return Promise.resolve(this.#refusal('deadline'));
    if (this.#queued >= this.maxQueued && !this.#makeRoomFor(address, connection))
      return Promise.resolve(this.#refusal('queue_full'));
    return new Promise<Admission>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = (): void => this.#drop(waiter, this.#refusal('aborted'));
      const waiter: Waiter = {
        address,
        connection,
        deadline,
        enqueuedAt: now,
        settle: resolve,
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      // A timer cannot wait more than 2^31 − 1 ms (it would fire at once): a deadline that far is none.
      if (deadline - now <= MAX_TIMER_MS)
        timer = setTimeout(() => this.#drop(waiter, this.#refusal('deadline')), Math.max(0, deadline - now));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#push(waiter);
    });
  }

  #admit(enqueuedAt: number): Admission {
    this.#inFlight += 1;
    const start = this.#now();
    let released = false;
    return {
      kind: 'admitted',
      waitedMs: start - enqueuedAt,
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight -= 1;
        this.#serviceTimes[this.#nextSample] = this.#now() - start;
        this.#nextSample = (this.#nextSample + 1) % SERVICE_SAMPLES;
        this.#typicalStale = true;
        this.#dispatch();
      },
    };
  }

  /** Hands freed slots to waiters in round-robin order, refusing those that could no longer be served in time. */
  #dispatch(): void {
    while (this.#inFlight < this.maxInFlight && this.#queued > 0) {
      const waiter = this.#shiftNext();
      waiter.cleanup();
      if (this.#now() + MIN_REMAINING_MS > waiter.deadline) waiter.settle(this.#refusal('deadline'));
      else waiter.settle(this.#admit(waiter.enqueuedAt));
    }
  }

  #push(waiter: Waiter): void {
    let group = this.#lanes.get(waiter.address);
    if (group === undefined) this.#lanes.set(waiter.address, (group = new Map()));
    let lane = group.get(waiter.connection);
    if (lane === undefined) group.set(waiter.connection, (lane = []));
    lane.push(waiter);
    this.#perAddress.set(waiter.address, (this.#perAddress.get(waiter.address) ?? 0) + 1);
    this.#queued += 1;
  }

  /** The next waiter in round-robin order: first address, its first connection; both then move last. */
  #shiftNext(): Waiter {
    const [address, group] = this.#lanes.entries().next().value as [string, Map<string, Waiter[]>];
    const [connection, lane] = group.entries().next().value as [string, Waiter[]];
    const waiter = lane.shift() as Waiter;
    group.delete(connection);
    if (lane.length > 0) group.set(connection, lane);
    this.#lanes.delete(address);
    if (group.size > 0) this.#lanes.set(address, group);
    this.#forget(waiter);
    return waiter;
  }

  /** Takes a waiter out wherever it is (deadline, abort, eviction) and settles it. */
  #drop(waiter: Waiter, admission: Admission): void {
    const group = this.#lanes.get(waiter.address);
    const lane = group?.get(waiter.connection);
    const index = lane?.indexOf(waiter) ?? -1;
    if (group === undefined || lane === undefined || index < 0) return;
    lane.splice(index, 1);
    if (lane.length === 0) group.delete(waiter.connection);
    if (group.size === 0) this.#lanes.delete(waiter.address);
    this.#forget(waiter);
    waiter.cleanup();
    waiter.settle(admission);
  }

  #forget(waiter: Waiter): void {
    this.#queued -= 1;
    const left = (this.#perAddress.get(waiter.address) ?? 1) - 1;
    if (left === 0) this.#perAddress.delete(waiter.address);
    else this.#perAddress.set(waiter.address, left);
  }

  /**
   * With the queue full: refuses the newest waiter of the address holding the most waiters (of its longest
   * connection lane) so the newcomer gets a place — or, when the newcomer's address holds the most, of the
   * longest connection lane of that address. False when the newcomer's own lane would be the longest.
   */
  #makeRoomFor(address: string, connection: string): boolean {
    if (this.maxQueued === 0) return false;
    // Another address gives way only when it holds more than the newcomer's would after joining.
    let largest = address;
    let most = (this.#perAddress.get(address) ?? 0) + 1;
    for (const [other, count] of this.#perAddress) {
      if (count > most) {
        largest = other;
        most = count;
      }
    }
    const group = this.#lanes.get(largest);
    if (group === undefined) return false;
    let longest: Waiter[] = [];
    for (const lane of group.values()) if (lane.length > longest.length) longest = lane;
    const ownLength = largest === address ? (group.get(connection)?.length ?? 0) + 1 : 0;
    const victim = longest.at(-1);
    if (victim === undefined || longest.length <= ownLength) return false;
    this.#drop(victim, this.#refusal('queue_full'));
    return true;
  }

  /**
   * The waiters served before a newcomer on (`address`, `connection`) in round-robin order: its own
   * connection's waiters, one per turn of every other connection of its address, and one per turn of its
   * address from every other address.
   */
  #rankOf(address: string, connection: string): number {
    const group = this.#lanes.get(address);
    const own = group?.get(connection)?.length ?? 0;
    let turns = own;
    for (const [other, lane] of group ?? []) if (other !== connection) turns += Math.min(lane.length, own + 1);
    let rank = turns;
    for (const [other, count] of this.#perAddress) if (other !== address) rank += Math.min(count, turns + 1);
    return rank;
  }

  /** The wait a newcomer can expect: slots free one per typical service time / `maxInFlight`. */
  #expectedWaitMs(address: string, connection: string): number {
    if (this.#inFlight < this.maxInFlight && this.#queued === 0) return 0;
    return ((this.#rankOf(address, connection) + 1) * this.#serviceMs()) / this.maxInFlight;
  }

  /** The median of the recent service times (sorted only when asked for after a change). */
  #serviceMs(): number {
    if (this.#typicalStale) {
      const sorted = [...this.#serviceTimes].sort((a, b) => a - b);
      this.#typicalMs = sorted[Math.floor(sorted.length / 2)] ?? 0;
      this.#typicalStale = false;
    }
    return this.#typicalMs;
  }

  #refusal(reason: RefusalReason): Admission {
    const drainMs = ((this.#queued + 1) * this.#serviceMs()) / this.maxInFlight;
    const retryAfterSeconds = Math.max(1, Math.ceil(drainMs / 1000));
    const load = `${this.#inFlight} requests in flight and ${this.#queued} waiting`;
    const limits = `its limits are ${this.maxInFlight} and ${this.maxQueued}`;
    const message =
      reason === 'aborted'
        ? 'the request was cancelled while it waited for its turn'
        : reason === 'queue_full'
          ? `this server is too busy: ${load} (${limits}); retry after ${retryAfterSeconds} s`
          : `this server is too busy to send the request in time: ${load} ` +
            `(about ${Math.round(this.#serviceMs())} ms each, ${this.maxInFlight} at once); ` +
            `retry after ${retryAfterSeconds} s`;
    return { kind: 'refused', reason, retryAfterSeconds, message };
  }
}
