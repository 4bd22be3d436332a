/**
 * The read service: a fetch-style handler over a {@link LedgerStore} serving the node REST read
 * API under `/v1` and the explorer extras under `/explorer/v1`. Used in-process by the desktop
 * app and through {@link startHttpServer} by the headless `serve` command.
 */
import { CodecError } from '../../shared/codec-error.ts';
import type { LedgerInfo, LedgerStore } from '../snapshot/ledger-store.ts';
import type { IndexerGraphql } from '../indexer/graphql/indexer-graphql.ts';
import { openIndexerGraphql } from '../indexer/graphql/open-indexer.ts';
import { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { createCaptureRoute } from './capture/capture-route.ts';
import { negotiateOutput, type OutputFormat } from './content-negotiation.ts';
import { parseDeclaredPath, parseDeclaredQuery } from './declared-parameters.ts';
import {
  cacheKeyOf,
  DEFAULT_RESPONSE_CACHE,
  ResponseCache,
  serviceKeyScope,
  type ResponseCacheOptions,
} from './response-cache.ts';
import { createGasEstimator } from './gas-estimator.ts';
import { guardStore } from './guarded-store.ts';
import { guardSnapshotFile } from './snapshot-file-guard.ts';
import { ApiError, describeError, internalError, type ErrorCode } from './http-errors.ts';
import { matchRoute, methodNotAllowed, NOT_SERVED_ROUTES, routeNotFound, ROUTES, type RouteMatch } from './router.ts';
import type { RequestContext, ServiceOptions } from './request-context.ts';
import { apiErrorReply, errorReply } from './responses.ts';
import { responseOf, serviceRequestOf, withoutBody, type ServiceReply, type ServiceRequest } from './service-reply.ts';

/** Options of {@link createReadService}. */
export interface ReadServiceOptions extends ServiceOptions {
  readonly store: LedgerStore;
  /** Called with unexpected exceptions (answered 500); defaults to `console.error`. */
  readonly onUnexpectedError?: ((error: unknown) => void) | undefined;
  /**
   * Limits of the reply cache, or `false` for none. Default {@link DEFAULT_RESPONSE_CACHE}: a
   * store's answers never change while it is open, so identical requests get identical replies.
   */
  readonly responseCache?: ResponseCacheOptions | false | undefined;
  /**
   * The path of the snapshot file `store` reads, when it is one: a file that changes while served is
   * answered 503 until the original is back (snapshot-file-guard.ts), and cached replies are dropped.
   */
  readonly snapshotFile?: string | undefined;
}

/**
 * The service's handler: fetch-style (`Request → Response`) for in-process use and tests, plus
 * the same service on plain values ({@link ServiceRequest} → {@link ServiceReply}) for the headless
 * HTTP adapter, and error replies carrying the ledger headers for errors raised outside the routes.
 */
export interface ReadServiceHandler {
  (request: Request): Promise<Response>;
  /** The same service without fetch objects; a HEAD reply keeps GET's body (the transport drops it). */
  serve(request: ServiceRequest): Promise<ServiceReply>;
  /** An error record reply with the latest ledger headers (when the ledger can be read). */
  errorReply(status: number, errorCode: ErrorCode, message: string): ServiceReply;
}

/**
 * The indexer engine of a snapshot store, opened on the first GraphQL request (a store that cannot be read then
 * fails that request, not the service's creation); undefined for any other store.
 */
function snapshotIndexer(store: LedgerStore): (() => IndexerGraphql | undefined) | undefined {
  if (!(store instanceof SnapshotStore)) return undefined;
  let opened: { readonly engine: IndexerGraphql | undefined } | undefined;
  return () => (opened ??= { engine: openIndexerGraphql(store.database) }).engine;
}

/** Creates the read service handler over `options.store`. */
export function createReadService(options: ReadServiceOptions): ReadServiceHandler {
  const store = guardStore(options.store);
  const gas = createGasEstimator();
  const serviceOptions: ServiceOptions = {
    gitHash: options.gitHash,
    source: options.source,
    capture: options.capture,
    // A snapshot file with the indexer tables answers /v1/graphql (routes/indexer-graphql.ts).
    indexer: options.indexer ?? snapshotIndexer(options.store),
  };
  const report =
    options.onUnexpectedError ?? ((error: unknown) => console.error('read service: unexpected error', error));

  const latestLedger = (): LedgerInfo | undefined => {
    try {
      return store.ledgerInfo();
    } catch {
      return undefined;
    }
  };

  /** The route a request matches (a path segment that does not percent-decode is its 400). */
  const findRoute = (request: ServiceRequest): RouteMatch | ApiError => {
    try {
      return matchRoute(ROUTES, request.method, request.url.pathname);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  };

  const cache =
    options.responseCache === false ? undefined : new ResponseCache(options.responseCache ?? DEFAULT_RESPONSE_CACHE);
  // A capture reads through this service, past the reply cache: its many pinned pages would evict
  // the answers the user is browsing.
  const capture = createCaptureRoute({
    serve: (request) => route(request, negotiateOutput(request.header('accept')), findRoute(request)),
    target: options.capture,
  });

  // A served snapshot file keeps its read lock (SQLite's exclusive locking mode: a read-only connection holds a SHARED
  // lock, so other readers still open the file). In the normal mode every statement takes and drops the lock with
  // fcntl and re-reads the header's change counter, ~9 µs of system calls per statement on the benchmark machine
  // (docs/benchmarks.md); noticing a changed file is the guard's work, which then drops SQLite's cached pages too.
  const served = options.snapshotFile === undefined ? undefined : options.store;
  const database = served instanceof SnapshotStore ? served.database : undefined;
  database?.pragma('locking_mode = EXCLUSIVE');
  const file =
    options.snapshotFile === undefined
      ? undefined
      : guardSnapshotFile(options.snapshotFile, () => {
          cache?.clear();
          // Pages read while the file changed (or before it was put back) must not answer later reads.
          database?.pragma('shrink_memory');
        });

  const serve = async (request: ServiceRequest): Promise<ServiceReply> => {
    const changed = file?.check();
    if (changed) return apiErrorReply(changed, undefined);
    const output = negotiateOutput(request.header('accept'));
    const found = findRoute(request);
    // The key holds the query parameters the matched endpoint declares, the only ones its handler receives.
    const endpoint = found instanceof ApiError || found.kind !== 'found' ? undefined : found.route.endpoint;
    const key = cache ? await cacheKeyOf(request, output, serviceKeyScope(endpoint)) : undefined;
    const cached = key === undefined ? undefined : cache?.get(key);
    if (cached) return cached;
    const reply = await route(request, output, found);
    // A file that changed while this reply was read may have given it a mix of old and new data: its
    // watcher's event is delivered within one turn of the event loop.
    if (file) await file.settled();
    const changedSince = file?.check(false);
    if (changedSince) return apiErrorReply(changedSince, undefined);
    if (key !== undefined) cache?.set(key, reply);
    return reply;
  };

  /** Routes a request to its handler; the full reply (with body, also for HEAD). */
  const route = async (
    request: ServiceRequest,
    output: OutputFormat,
    found: RouteMatch | ApiError,
  ): Promise<ServiceReply> => {
    let ledger: LedgerInfo | undefined;
    try {
      ledger = store.ledgerInfo();
      if (found instanceof ApiError) throw found;
      const url = request.url;
      if (found.kind === 'none') throw routeNotFound(request.method, url.pathname);
      if (found.kind === 'wrong_method') {
        // A node route a snapshot does not serve beside one it does (POST /v1/transactions is submission) says so.
        if (matchRoute(NOT_SERVED_ROUTES, request.method, url.pathname).kind === 'found')
          throw routeNotFound(request.method, url.pathname);
        throw methodNotAllowed(found.allow);
      }
      const endpoint = found.route.endpoint;
      if (endpoint === undefined) throw routeNotFound(request.method, url.pathname);
      // The declaration parses the parameters before the handler runs (path first, then the query).
      const params = parseDeclaredPath(endpoint, found.params);
      const query = parseDeclaredQuery(endpoint, url.search);
      const context: RequestContext = {
        request,
        url,
        query,
        params,
        output,
        ledger,
        store,
        gas,
        options: serviceOptions,
        capture,
      };
      return await found.route.handler(context);
    } catch (error) {
      if (error instanceof ApiError) return apiErrorReply(error, ledger);
      // Stored data a route decodes lazily (a transaction's stored JSON, electron/snapshot/stored-json.ts) that does
      // not decode: the 500 the guarded store gives for the same data read eagerly (guarded-store.ts), not a crash.
      if (error instanceof CodecError) {
        return apiErrorReply(internalError(`The stored data does not decode: ${describeError(error)}`), ledger);
      }
      report(error);
      return errorReply(500, 'internal_error', `Internal error: ${describeError(error)}`, ledger);
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    const reply = await serve(serviceRequestOf(request));
    // A fetch `Response` would send a HEAD body; node:http drops it itself (keeping Content-Length).
    return responseOf(request.method === 'HEAD' ? withoutBody(reply) : reply);
  };
  const errorReplyWithLedger = (status: number, errorCode: ErrorCode, message: string): ServiceReply =>
    errorReply(status, errorCode, message, latestLedger());

  return Object.assign(handle, { serve, errorReply: errorReplyWithLedger });
}
