/**
 * Identical concurrent reads coalesced: while one is being answered, another with the same key joins it
 * instead of sending its own, and every waiter gets the same outcome. The key is the caller's; it must
 * hold everything that can change the answer (the remote source keys by method, URL, `Accept`, body and
 * API key: docs/remote.md "Under load"), and only requests safe to send once for many (reads) may use it.
 *
 * The work gets a signal that aborts only when every waiter's own signal has aborted (all their clients
 * went away), so one client leaving never cancels an answer others wait for, and an answer nobody waits for
 * any more stops holding its upstream slot. Plain TypeScript with no I/O, reusable by any proxy.
 */

interface Entry<T> {
  readonly promise: Promise<T>;
  readonly controller: AbortController;
  waiters: number;
}

/** Runs at most one task per key at a time; later callers with the key share its outcome. */
export class RequestCoalescer<T> {
  readonly #running = new Map<string, Entry<T>>();
  #joined = 0;

  /** Tasks running now (monitoring and tests). */
  get size(): number {
    return this.#running.size;
  }

  /** Calls that joined a running task instead of starting one, since this coalescer was made. */
  get joined(): number {
    return this.#joined;
  }

  /**
   * The outcome of `task` for `key`: a running task's if there is one, else a new one's. `signal` is this
   * caller's (its client going away); the task's signal aborts once every caller's has.
   */
  run(key: string, signal: AbortSignal | undefined, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let entry = this.#running.get(key);
    // A task whose callers have all gone is being cancelled: a new caller starts afresh.
    if (entry !== undefined && !entry.controller.signal.aborted) this.#joined += 1;
    else {
      const controller = new AbortController();
      const started: Entry<T> = {
        controller,
        waiters: 0,
        promise: Promise.resolve()
          .then(() => task(controller.signal))
          .finally(() => {
            if (this.#running.get(key) === started) this.#running.delete(key);
          }),
      };
      this.#running.set(key, started);
      entry = started;
    }
    const joined = entry;
    joined.waiters += 1;
    if (signal !== undefined) {
      const leave = (): void => {
        joined.waiters -= 1;
        if (joined.waiters === 0) joined.controller.abort(signal.reason);
      };
      if (signal.aborted) leave();
      else {
        signal.addEventListener('abort', leave, { once: true });
        void joined.promise.finally(() => signal.removeEventListener('abort', leave)).catch(() => undefined);
      }
    }
    return joined.promise;
  }
}
