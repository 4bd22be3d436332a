/**
 * The query parameters the routes read, and what the reply cache may key on. A reply depends on
 * the path, the negotiated format, the body, and only the query parameters its route reads; the
 * node ignores unknown ones and so do we. So the cache key keeps only the known parameters: a
 * client adding unique junk parameters (`?x=1`, `?x=2`, …) reuses one entry instead of filling the
 * cache. Routes see the query through {@link TrackedQuery}, which notes any read of a parameter
 * outside the known set; such a reply is not cached (a route added later with a new parameter
 * stays correct, only uncached, until its declaration in shared/api/endpoints/ lists the name).
 */
import { KEYED_QUERY_PARAMETERS } from '../../shared/api/registry.ts';

/** Every query parameter a route reads: the keyed parameters of the endpoint registry. */
export const ROUTE_QUERY_PARAMETERS: ReadonlySet<string> = KEYED_QUERY_PARAMETERS;

/** The query part of a cache key: the known parameters, decoded, in the order sent. */
export function keyedQuery(search: string): string {
  if (search === '') return '';
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search))
    if (ROUTE_QUERY_PARAMETERS.has(name)) kept.append(name, value);
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
}

/** A request's query as routes read it; `readUnknown` tells whether a route looked past the known parameters. */
export class TrackedQuery extends URLSearchParams {
  #readUnknown = false;

  /** True once a parameter outside {@link ROUTE_QUERY_PARAMETERS} was read (or the whole query was listed). */
  get readUnknown(): boolean {
    return this.#readUnknown;
  }

  #note(name: string): void {
    if (!ROUTE_QUERY_PARAMETERS.has(name)) this.#readUnknown = true;
  }

  /** Reading everything at once counts as reading the unknown parameters too. */
  #all(): void {
    this.#readUnknown = true;
  }

  override get(name: string): string | null {
    this.#note(name);
    return super.get(name);
  }

  override getAll(name: string): string[] {
    this.#note(name);
    return super.getAll(name);
  }

  override has(name: string, value?: string): boolean {
    this.#note(name);
    return value === undefined ? super.has(name) : super.has(name, value);
  }

  override get size(): number {
    this.#all();
    return super.size;
  }

  override entries(): URLSearchParamsIterator<[string, string]> {
    this.#all();
    return super.entries();
  }

  override keys(): URLSearchParamsIterator<string> {
    this.#all();
    return super.keys();
  }

  override values(): URLSearchParamsIterator<string> {
    this.#all();
    return super.values();
  }

  override forEach(callback: (value: string, key: string, parent: URLSearchParams) => void, thisArg?: unknown): void {
    this.#all();
    super.forEach(callback, thisArg);
  }

  override [Symbol.iterator](): URLSearchParamsIterator<[string, string]> {
    this.#all();
    return super[Symbol.iterator]();
  }

  override toString(): string {
    this.#all();
    return super.toString();
  }
}
