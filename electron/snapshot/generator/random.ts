/**
 * A small deterministic PRNG (sfc32) for the generator: the same seed gives the same chain on
 * every machine and Node version, which `Math.random` cannot promise.
 */

/** Deterministic random source with the few helpers the generator needs. */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** Seeds the generator; any 32-bit integer works, and different seeds give unrelated streams. */
  constructor(seed: number) {
    this.#a = 0x9e3779b9;
    this.#b = 0x243f6a88;
    this.#c = 0xb7e15162;
    this.#d = seed >>> 0;
    for (let i = 0; i < 16; i += 1) this.next();
  }

  /** Next 32-bit unsigned integer. */
  next(): number {
    const a = this.#a,
      b = this.#b,
      c = this.#c,
      d = this.#d;
    const t = (((a + b) | 0) + d) | 0;
    this.#d = (d + 1) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    const rotated = (c << 21) | (c >>> 11);
    this.#c = (rotated + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.float() * items.length)];
    if (item === undefined) throw new Error('Random.pick on an empty array');
    return item;
  }

  /** `length` random bytes. */
  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 1) out[i] = this.next() & 0xff;
    return out;
  }
}
