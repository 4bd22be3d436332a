/**
 * Request templates: a client repeats a few queries with different values (an account's history for one address,
 * then another), so the engine plans a query and builds its root SQL once per (query, operation, variables' shape)
 * and reuses them (indexer-graphql.ts). The shape of the variables is their JSON with every string value replaced by
 * a sentinel (`\uE000<n>\uE000`, the n-th string) — except enum-like words (`desc`, a column name), kept as they are
 * since they choose SQL text. The plan is made from the substituted variables; a SQL parameter bound to exactly a
 * sentinel is filled with the request's string (sql-context.ts `SqlBuilder`). Any other use of a sentinel (a
 * pattern, a list, a number parsed from it) throws {@link TaintedTemplate}, and the request is answered without a
 * template: a template never changes an answer.
 */

/** The character marking a sentinel (a private-use code point: JSON writes it as itself). */
export const SENTINEL_MARK = '\uE000';

const SENTINEL = /^\uE000\d+\uE000$/;
const ENUM_LIKE = /^[a-z_][a-z0-9_]*$/;

/** Thrown when a sentinel would be used other than bound as it is: the template cannot serve this query shape. */
export class TaintedTemplate extends Error {
  override readonly name = 'TaintedTemplate';
}

/** Whether `text` is exactly a sentinel. */
export function isSentinel(text: string): boolean {
  return SENTINEL.test(text);
}

/** Throws {@link TaintedTemplate} when `value` holds a sentinel anywhere (it must not be used in place of one). */
export function assertNoSentinel(value: unknown): void {
  if (typeof value === 'string') {
    if (value.includes(SENTINEL_MARK)) throw new TaintedTemplate('a request value is used in a transformed form');
  } else if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) assertNoSentinel(inner);
  }
}

/** The request's variables as a template sees them. */
export interface VariableShape {
  /** The variables with their strings replaced by sentinels. */
  readonly substituted: Readonly<Record<string, unknown>>;
  /** Sentinel → the request's string. */
  readonly values: ReadonlyMap<string, string>;
  /** The JSON of `substituted` (the cache key's part). */
  readonly key: string;
}

/** The shape of `variables` (walked once; numbers, Booleans and null stay, as they may choose SQL text). */
export function variableShape(variables: Readonly<Record<string, unknown>>): VariableShape {
  const values = new Map<string, string>();
  const substitute = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (ENUM_LIKE.test(value)) return value;
      const sentinel = `${SENTINEL_MARK}${values.size}${SENTINEL_MARK}`;
      values.set(sentinel, value);
      return sentinel;
    }
    if (Array.isArray(value)) return value.map(substitute);
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [name, inner] of Object.entries(value)) out[name] = substitute(inner);
      return out;
    }
    return value;
  };
  const substituted = substitute(variables) as Record<string, unknown>;
  return { substituted, values, key: JSON.stringify(substituted) };
}

/**
 * A map bounded by entries and by bytes (each entry's estimated size), dropping the least recently used; a hostile
 * stream of distinct queries costs bounded memory.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  /** A cache of at most `maxEntries` entries and `maxBytes` estimated bytes. */
  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  /** The value of `key` (now the most recently used), if kept. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key`, counting `bytes` (plus the key's); not kept when larger than the whole budget. */
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    const size = bytes + key.length * 2;
    if (size > this.#maxBytes) return;
    this.#entries.set(key, { value, bytes: size });
    this.#bytes += size;
    this.#evict();
  }

  /** Adds `bytes` to the size of `key`'s entry (it grew), evicting as needed. */
  grow(key: string, bytes: number): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    this.#evict();
  }

  /** Forgets `key`. */
  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Entries and estimated bytes kept (for the tests of the bounds). */
  get size(): { readonly entries: number; readonly bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  #evict(): void {
    while (this.#entries.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }
}
