/**
 * The process-wide budget of node answer bytes being read. Each answer is capped on its own (32 MiB by
 * default), but a hundred concurrent large or decompression-bomb answers would still take gigabytes;
 * this bounds them all together. The first {@link FREE_BYTES_PER_ANSWER} of every answer are not
 * charged, so small answers — nearly all of them — are never refused because large ones are in flight;
 * the bound on memory is then the budget plus that allowance per open connection.
 */

/** Bytes of each answer read without charging the budget. */
export const FREE_BYTES_PER_ANSWER = 64 * 1024;

/** Default budget of all answers being read at once. */
export const DEFAULT_UPSTREAM_BUDGET_BYTES = 128 * 1024 * 1024;

/** A counter of bytes taken and given back, refusing to go over its limit. */
export class ByteBudget {
  readonly limit: number;
  #used = 0;

  /** A budget of `limit` bytes. */
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Bytes currently taken. */
  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` if they fit; returns whether they were taken. */
  tryTake(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  /** Gives back bytes taken earlier. */
  give(bytes: number): void {
    this.#used = Math.max(0, this.#used - bytes);
  }
}

/** The budget every remote service of this process shares unless given its own. */
export const UPSTREAM_BUDGET = new ByteBudget(DEFAULT_UPSTREAM_BUDGET_BYTES);
