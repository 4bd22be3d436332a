/**
 * Query options built from an endpoint's declaration (shared/api/registry.ts): the key and the request come from
 * the same parts, so a key cannot disagree with what it fetches. The key is the app's root, the endpoint's
 * declared name, then every part of the request by name — its path parameters, its query parameters, the body
 * (as JSON text), the content type asked for (`accept: 'bcs'`) — plus `version`, the ledger version the answer
 * belongs to, and `read` when the answer is reshaped before it is cached (a named {@link Reader}).
 *
 * The version rules of query-keys.ts hold for every key built here ({@link ReadAt}): a state read carries the
 * concrete version (sent as `ledger_version` where the endpoint declares it, key-only where it does not, such as
 * events and listings: the view's version, so "the newest" is re-read when the view moves); an answer fixed by
 * its path (a transaction by version or hash, a block) is immutable; a read of "latest" is keyed `unversioned`
 * and never served as fresh, or refreshed on an interval. Every answer with a version is kept for ever
 * (`staleTime: Infinity`, renderer/app/query-client.ts). A query is skipped (`skipToken`) while a path
 * parameter, a required query parameter, the body or its version is unknown.
 */
import { infiniteQueryOptions, queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import type { BodyOf, Endpoint, PathParams, QueryParams as DeclaredQuery, ReplyOf } from '../../shared/api/endpoint.ts';
import { ENDPOINT_NAMES, ENDPOINTS, type EndpointName } from '../../shared/api/registry.ts';
import { requestAssembled, type ApiAnswer, type QueryParams } from './client.ts';
import { UNVERSIONED, type DomainKey, type KeyParts, type VersionKey } from './query-keys.ts';
import { keepPreviousWhileSame } from './queries/keep-previous.ts';

/** The name of every declared endpoint, found by its declaration object. */
const NAMES = new Map<Endpoint, EndpointName>(ENDPOINT_NAMES.map((name) => [ENDPOINTS[name], name]));

/** The declared name of an endpoint (the key's domain); a declaration outside the registry is a programming error. */
export function endpointName(endpoint: Endpoint): EndpointName {
  const name = NAMES.get(endpoint);
  if (name === undefined) throw new Error(`${endpoint.method} ${endpoint.path} is not in shared/api/registry.ts`);
  return name;
}

/**
 * Which ledger version an answer belongs to:
 * - `{ version }`: the state at that concrete version (skipped while undefined); `refreshMs` for a key that follows
 *   the newest version seen (the gas panel) and is re-read on that interval;
 * - `'immutable'`: fixed by its path parameters (a committed transaction, a block, a table's types);
 * - `'unversioned'`: the source's latest where no version is known (the offline inspector): never fresh;
 * - `{ refreshMs }`: the source's status, which moves (the ledger info, the source description);
 * - `{ staleMs }`: an answer about "now" read again when asked after that long (a search: accounts appear).
 */
export type ReadAt =
  | { readonly version: VersionKey | undefined; readonly refreshMs?: number | undefined }
  | 'immutable'
  | 'unversioned'
  | { readonly refreshMs: number }
  | { readonly staleMs: number };

type Maybe<T> = { readonly [K in keyof T]?: T[K] | undefined };

/** The parts of one read of a declared endpoint; `ledger_version` is never passed here but derived from `at`. */
export interface EndpointRead<E extends Endpoint> {
  readonly path?: Maybe<PathParams<E['path']>> | undefined;
  readonly query?: Maybe<Omit<DeclaredQuery<E['query']>, 'ledger_version'>> | undefined;
  readonly body?: BodyOf<E> | undefined;
  /** `'bcs'`: the stored bytes (`Accept: application/x-bcs`) of an endpoint with a BCS reply. */
  readonly accept?: 'bcs' | undefined;
  readonly at: ReadAt;
  /** False skips the query whatever its parts (a panel that is closed). */
  readonly enabled?: boolean | undefined;
}

/** The answer of a read: JSON typed by the endpoint's reply schema, or the BCS bytes. */
export type AnswerOf<E extends Endpoint, R extends EndpointRead<E>> = R['accept'] extends 'bcs'
  ? ApiAnswer<Uint8Array>
  : ApiAnswer<ReplyOf<E>>;

/** What a query function gets besides the read: its signal and the client (for reads of cached status). */
export interface ReadContext {
  readonly signal: AbortSignal;
  readonly client: QueryClient;
  /** The version the key carries and the read is made at (`unversioned` for a read without one). */
  readonly version: VersionKey;
}

/**
 * How an answer is reshaped before it is cached, by name (the name is part of the key, so two reshapings of
 * one request never share a cache entry). `run` gets the request as a function: it may turn an error into an
 * answer (absent → null), follow the pages of a read (`fetch(page)` adds that page's cursor to the read's query),
 * or, where the source lacks the endpoint, read the same facts another way.
 */
export interface Reader<A, T> {
  readonly name: string;
  readonly run: (fetch: (page?: QueryParams) => Promise<A>, context: ReadContext) => Promise<T>;
}

/** A {@link Reader} from its name and function. */
export function reader<A, T>(name: string, run: Reader<A, T>['run']): Reader<A, T> {
  return { name, run };
}

/** What is known of one read: its key parts, whether it can be sent, its freshness. */
interface Plan {
  readonly parts: KeyParts;
  readonly ready: boolean;
  readonly version: VersionKey | undefined;
  readonly staleTime: number;
  readonly refetchInterval: number | undefined;
}

function put(parts: Record<string, string | number | undefined>, name: string, value: unknown): void {
  if (name in parts) throw new Error(`key part ${name} is named twice`);
  parts[name] = typeof value === 'number' ? value : value === undefined ? undefined : String(value);
}

function plan(endpoint: Endpoint, read: EndpointRead<Endpoint>, extra: KeyParts = {}): Plan {
  const parts: Record<string, string | number | undefined> = {};
  let ready = read.enabled !== false;
  const path = (read.path ?? {}) as Readonly<Record<string, string | undefined>>;
  for (const name of Object.keys(endpoint.params)) {
    put(parts, name, path[name]);
    if (path[name] === undefined) ready = false;
  }
  const query = (read.query ?? {}) as Readonly<Record<string, unknown>>;
  for (const [name, declared] of Object.entries(endpoint.query)) {
    if (name === 'ledger_version') continue;
    if (!(name in query)) continue;
    put(parts, name, query[name]);
    if (declared.required === true && query[name] === undefined) ready = false;
  }
  for (const name of Object.keys(query))
    if (!(name in endpoint.query) || name === 'ledger_version') throw new Error(`${name} is not a declared parameter`);
  if (endpoint.body !== undefined) {
    put(parts, 'body', read.body === undefined ? undefined : JSON.stringify(read.body));
    if (read.body === undefined) ready = false;
  }
  if (read.accept === 'bcs') put(parts, 'accept', 'bcs');
  let version: VersionKey | undefined;
  let staleTime = Infinity;
  let refetchInterval: number | undefined;
  const at = read.at;
  if (at === 'unversioned') {
    put(parts, 'version', UNVERSIONED);
    staleTime = 0;
  } else if (at !== 'immutable' && 'staleMs' in at) {
    staleTime = at.staleMs;
  } else if (at !== 'immutable') {
    if ('version' in at) {
      version = at.version;
      put(parts, 'version', version);
      if (version === undefined) ready = false;
    }
    if (at.refreshMs !== undefined) {
      staleTime = at.refreshMs;
      refetchInterval = at.refreshMs;
    }
  }
  for (const [name, value] of Object.entries(extra)) put(parts, name, value);
  return { parts, ready, version, staleTime, refetchInterval };
}

/** The key of a read: the root, the endpoint's declared name, every request part by name (and `extra`). */
export function endpointKey<E extends Endpoint>(
  endpoint: E,
  read: EndpointRead<E>,
  extra?: KeyParts,
): DomainKey<KeyParts> {
  return ['ledger-explorer', endpointName(endpoint), plan(endpoint, read as EndpointRead<Endpoint>, extra).parts];
}

/** Sends a read (with `query` added for one page): the declared path, method, body, accept and version. */
function send<E extends Endpoint>(
  endpoint: E,
  read: EndpointRead<E>,
  version: VersionKey | undefined,
  signal: AbortSignal,
  page: QueryParams = {},
): Promise<ApiAnswer<unknown>> {
  // The query string lists the parameters in their declared order, whichever part of the read gives them.
  const given: Record<string, unknown> = { ...(read.query ?? {}), ...page };
  if ('ledger_version' in endpoint.query && version !== undefined) given.ledger_version = version;
  const query: Record<string, string | number | bigint> = {};
  for (const name of Object.keys(endpoint.query)) {
    const value = given[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') query[name] = value;
  }
  return requestAssembled(endpoint, { path: read.path ?? {}, query, body: read.body, signal, accept: read.accept });
}

/**
 * Query options of one read of a declared endpoint: its answer, or what `readAs` makes of it. `keepWhileSame`
 * keeps the previous answer on screen while those key parts are unchanged (keep-previous.ts; `[]`: any answer
 * of this endpoint, e.g. a chart that follows the newest version).
 */
export function endpointQuery<E extends Endpoint, const R extends EndpointRead<E>, T = AnswerOf<E, R>>(
  endpoint: E,
  read: R,
  readAs?: Reader<AnswerOf<E, R>, T>,
  keepWhileSame?: readonly string[],
) {
  const known = plan(endpoint, read as EndpointRead<Endpoint>, readAs === undefined ? {} : { read: readAs.name });
  const queryKey = ['ledger-explorer', endpointName(endpoint), known.parts] as DomainKey<KeyParts>;
  const fetch = (signal: AbortSignal) => (page?: QueryParams) =>
    send(endpoint, read, known.version, signal, page) as Promise<AnswerOf<E, R>>;
  return queryOptions({
    queryKey,
    queryFn: !known.ready
      ? skipToken
      : ({ signal, client }): Promise<T> =>
          readAs === undefined
            ? (fetch(signal)() as Promise<T>)
            : readAs.run(fetch(signal), { signal, client, version: known.version ?? UNVERSIONED }),
    staleTime: known.staleTime,
    ...(known.refetchInterval === undefined ? {} : { refetchInterval: known.refetchInterval }),
    ...(keepWhileSame === undefined ? {} : { placeholderData: keepPreviousWhileSame(queryKey, keepWhileSame) }),
  });
}

/** Query options of one read of a declared endpoint, caching the answer's body (its ledger headers left out). */
export function endpointBodyQuery<E extends Endpoint, const R extends EndpointRead<E>>(endpoint: E, read: R) {
  return endpointQuery(
    endpoint,
    read,
    reader<AnswerOf<E, R>, AnswerOf<E, R>['body']>('body', async (fetch) => (await fetch()).body),
  );
}

/** How an infinite read pages: the page parameter and how one page is read from the endpoint. */
export interface Paging<E extends Endpoint, R extends EndpointRead<E>, Param, Page> {
  /**
   * Key parts that shape the paging but are not sent as such (a page size, a range, where the list starts): the
   * pages' parameters are computed from them. Named apart from the request's parts (a clash throws).
   */
  readonly shape?: KeyParts;
  readonly initialPageParam: Param;
  /** One page: `fetchPage(query)` sends the read with that page's query parameters added. */
  readonly page: (
    fetchPage: (query: Maybe<DeclaredQuery<E['query']>>) => Promise<AnswerOf<E, R>>,
    pageParam: Param,
    context: ReadContext,
  ) => Promise<Page>;
  readonly getNextPageParam: (last: Page, pages: Page[], lastParam: Param) => Param | undefined | null;
  readonly getPreviousPageParam?: (first: Page, pages: Page[], firstParam: Param) => Param | undefined | null;
  /** Keep the previous rows on screen while these key parts are unchanged (keep-previous.ts); none: never. */
  readonly keepWhileSame?: readonly string[];
  /** Skip although every part is known (e.g. a range that can hold nothing). */
  readonly skip?: boolean;
}

/** Infinite query options of a paged read of a declared endpoint (cursor or sequence paging). */
export function endpointInfiniteQuery<E extends Endpoint, const R extends EndpointRead<E>, Param, Page>(
  endpoint: E,
  read: R,
  paging: Paging<E, R, Param, Page>,
) {
  // `paging` keeps a paged read's key apart from a one-shot read of the same parts (their cached shapes differ).
  const known = plan(endpoint, read as EndpointRead<Endpoint>, { ...paging.shape, paging: 'pages' });
  const queryKey = ['ledger-explorer', endpointName(endpoint), known.parts] as DomainKey<KeyParts>;
  return infiniteQueryOptions({
    queryKey,
    queryFn:
      !known.ready || paging.skip === true
        ? skipToken
        : ({ pageParam, signal, client }): Promise<Page> =>
            paging.page(
              (query) => send(endpoint, read, known.version, signal, query as QueryParams) as Promise<AnswerOf<E, R>>,
              pageParam as Param,
              { signal, client, version: known.version ?? UNVERSIONED },
            ),
    initialPageParam: paging.initialPageParam,
    getNextPageParam: paging.getNextPageParam,
    ...(paging.getPreviousPageParam === undefined ? {} : { getPreviousPageParam: paging.getPreviousPageParam }),
    staleTime: known.staleTime,
    ...(known.refetchInterval === undefined ? {} : { refetchInterval: known.refetchInterval }),
    ...(paging.keepWhileSame === undefined
      ? {}
      : { placeholderData: keepPreviousWhileSame(queryKey, paging.keepWhileSame) }),
  });
}
