/**
 * The remote-node source: the same handler interface as the snapshot service (`createReadService`),
 * answering from a node's REST API instead of a file. `/v1` requests are forwarded — method, path,
 * query, `Accept`, body — and the node's status, ledger headers, cursor and body come back unchanged
 * (headers in both spellings). Failures (unreachable, slow, oversized, malformed or misshapen
 * answers, rate limiting that outlasts the retries) become one 503 error record naming the node and
 * the cause. Answers pinned to a `ledger_version` are cached (bounded); "latest" answers never are.
 * Under load, requests to the node wait their turn in a fair queue (fair-queue.ts) or are refused early
 * (503 with `Retry-After`), and identical concurrent reads share one request (request-coalescer.ts).
 *
 * `/explorer/v1/source` and `/explorer/v1/capture` are answered here; other `/explorer/v1` routes are
 * forwarded when the node serves them (another `ledger-explorer serve`), else 404 with a message
 * saying the explorer API is not available for a remote node.
 */
import { createHash } from 'node:crypto';
import type { LedgerInfo } from '../../snapshot/ledger-store.ts';
import type { SourceInfo } from '../../../shared/api/source-info.ts';
import { negotiateOutput } from '../content-negotiation.ts';
import { ApiError, describeError, type ErrorCode } from '../http-errors.ts';
import type { ReadServiceHandler } from '../read-service.ts';
import { API_SECURITY_HEADERS, apiErrorReply, errorReply, jsonReply } from '../responses.ts';
import { cacheKeyOf, ResponseCache, type CacheKeyScope } from '../response-cache.ts';
import { matchRoute, methodNotAllowed, routeNotFound, ROUTES } from '../router.ts';
import { responseOf, serviceRequestOf, withoutBody, type ServiceReply, type ServiceRequest } from '../service-reply.ts';
import { createCaptureRoute } from '../capture/capture-route.ts';
import { judgeAnswer } from './judge-answer.ts';
import { ledgerEntries, ledgerOfHeaders } from './remote-headers.ts';
import { DEFAULT_REMOTE_CACHE, remoteSettings, type RemoteServiceOptions } from './remote-options.ts';
import { RequestCoalescer } from './request-coalescer.ts';
import { fetchUpstream, type UpstreamFailure, type UpstreamRequest } from './upstream-fetch.ts';
import { indexerProxy, isGraphqlPath } from './indexer-proxy.ts';

export type { RemoteServiceOptions } from './remote-options.ts';

/** Message of the 404 for explorer routes a node does not serve (the UI degrades on it). */
export const EXPLORER_UNAVAILABLE_MESSAGE = 'The explorer API (/explorer/v1) is not available for a remote node';

/** How long a node found without the explorer API is believed before asking again. */
const EXPLORER_RECHECK_MS = 60_000;
const EXPLORER_PREFIX = '/explorer/v1';

type Health = Extract<SourceInfo, { kind: 'remote' }>['health'];

/** The two idempotent table POSTs (`/v1/tables/{handle}/item|raw_item`), by raw path segments. */
function isTablePost(pathname: string): boolean {
  const segments = pathname.replace(/\/$/, '').split('/');
  return (
    segments.length === 5 &&
    segments[1] === 'v1' &&
    segments[2] === 'tables' &&
    (segments[4] === 'item' || segments[4] === 'raw_item')
  );
}

/** The route pattern of a `/v1` path (for the shape check), or undefined. */
function patternOf(method: string, pathname: string): string | undefined {
  try {
    const match = matchRoute(ROUTES, method, pathname);
    return match.kind === 'found' ? match.route.pattern : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The key scope of pinned answers: the whole query (a node may read parameters the snapshot service
 * does not), and only the two table POSTs (a node's other POSTs submit or simulate).
 */
const PINNED_KEY_SCOPE: CacheKeyScope = { query: (search) => search, readPost: isTablePost };

/**
 * What makes two reads the same request to the node: method, URL, `Accept`, `Content-Type`, body and the
 * API key they are sent with (a digest of it: another key may see other data or limits).
 */
function coalescingKey(upstream: UpstreamRequest, apiKeyDigest: string): string {
  const body = upstream.body === undefined ? '' : createHash('sha256').update(upstream.body).digest('base64');
  return JSON.stringify([upstream.method, upstream.url, upstream.accept, upstream.contentType, body, apiKeyDigest]);
}

/** Creates the handler serving `options.baseUrl` (a node API root ending in `/v1`). */
export function createRemoteService(options: RemoteServiceOptions): ReadServiceHandler {
  const settings = remoteSettings(options);
  const explorerBase = `${settings.baseUrl.replace(/\/v1$/, '')}${EXPLORER_PREFIX}`;
  const cache = options.cache === false ? undefined : new ResponseCache(options.cache ?? DEFAULT_REMOTE_CACHE);
  let latest: LedgerInfo | undefined;
  let health: Health | undefined;
  let explorer: { available: boolean; checkedAt: number } | undefined;
  const coalescer = new RequestCoalescer<ServiceReply>();
  const apiKeyDigest =
    settings.apiKey === undefined ? '' : createHash('sha256').update(settings.apiKey).digest('base64');

  const recordHealth = (ok: boolean, message: string | null): void => {
    health = { ok, checked_at: new Date().toISOString(), message };
  };
  const unavailable = (cause: string): ServiceReply => {
    const message = `Node ${settings.baseUrl} is unavailable: ${cause}`;
    recordHealth(false, message);
    return errorReply(503, 'internal_error', message, undefined);
  };
  /** This server was too busy to ask the node: 503 with `Retry-After`; the node's health is not in question. */
  const busy = (failure: UpstreamFailure & { retryAfterSeconds: number }): ServiceReply => {
    const reply = errorReply(
      503,
      'internal_error',
      `Node ${settings.baseUrl} was not asked: ${failure.cause}`,
      undefined,
    );
    return { ...reply, headers: [...reply.headers, ['Retry-After', String(failure.retryAfterSeconds)]] };
  };

  /** Sends one request upstream and judges the answer; the reply without cached-entry handling. */
  const exchange = async (
    upstream: UpstreamRequest,
    what: string,
    shape: string | undefined,
  ): Promise<{ reply: ServiceReply; core?: ServiceReply }> => {
    const outcome = await fetchUpstream(upstream, settings);
    if (outcome.kind === 'failure') {
      if (outcome.retryAfterSeconds !== undefined)
        return { reply: busy({ ...outcome, retryAfterSeconds: outcome.retryAfterSeconds }) };
      const tries = outcome.attempts > 1 ? ` (after ${outcome.attempts} attempts)` : '';
      return { reply: unavailable(`${outcome.cause}${tries}`) };
    }
    const ledger = ledgerOfHeaders(outcome.headers);
    if (ledger !== undefined) latest = ledger;
    const verdict = judgeAnswer(outcome, what, shape);
    if (verdict.kind === 'failure') {
      const failed = unavailable(verdict.cause);
      return { reply: { ...failed, headers: [...failed.headers, ...verdict.headers] } };
    }
    recordHealth(outcome.status < 500, outcome.status < 500 ? null : `the node answered ${outcome.status}`);
    // The cached core keeps the security headers: a hit is rebuilt from it with the latest ledger headers.
    const kept = [verdict.contentType, ...verdict.headers, ...API_SECURITY_HEADERS];
    const headers = [verdict.contentType, ...ledgerEntries(ledger), ...verdict.headers, ...API_SECURITY_HEADERS];
    return {
      reply: { status: outcome.status, headers, body: outcome.body },
      core: { status: outcome.status, headers: kept, body: outcome.body },
    };
  };

  /**
   * Forwards a request to `url`; pinned GETs and table POSTs go through the cache, and reads (`retryable`)
   * identical to one on its way join it.
   */
  const forward = async (
    request: ServiceRequest,
    url: string,
    shape: string | undefined,
    retryable: boolean,
  ): Promise<ServiceReply> => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const pinned = request.url.searchParams.has('ledger_version');
    const key =
      pinned && cache
        ? await cacheKeyOf(request, negotiateOutput(request.header('accept')), PINNED_KEY_SCOPE)
        : undefined;
    const hit = key === undefined ? undefined : cache?.get(key);
    if (hit) {
      // A cached answer's ledger headers are those of the latest answer seen, as a node's would be.
      const [contentType, ...rest] = hit.headers;
      return {
        status: hit.status,
        headers: [...(contentType ? [contentType] : []), ...ledgerEntries(latest), ...rest],
        body: hit.body,
      };
    }
    const body = method === 'GET' ? undefined : await request.body();
    const upstream: UpstreamRequest = {
      method,
      url,
      accept: request.header('accept'),
      contentType: request.header('content-type'),
      body,
      retryable,
      client: request.client,
    };
    const send = async (signal: AbortSignal | undefined): Promise<ServiceReply> => {
      const { reply, core } = await exchange({ ...upstream, signal }, `${method} ${request.url.pathname}`, shape);
      if (key !== undefined && core !== undefined && core.status === 200) cache?.set(key, core);
      return reply;
    };
    // Only reads are shared: a submission sent once for two clients would be one transaction, not two.
    if (!retryable) return send(request.signal);
    return coalescer.run(coalescingKey(upstream, apiKeyDigest), request.signal, send);
  };

  const explorerAvailable = async (): Promise<boolean | ServiceReply> => {
    if (explorer && (explorer.available || Date.now() - explorer.checkedAt < EXPLORER_RECHECK_MS))
      return explorer.available;
    const probe = await fetchUpstream(
      {
        method: 'GET',
        url: `${explorerBase}/blocks?limit=1`,
        accept: 'application/json',
        contentType: null,
        body: undefined,
        retryable: true,
      },
      settings,
    );
    if (probe.kind === 'failure') return unavailable(probe.cause);
    explorer = { available: probe.status === 200, checkedAt: Date.now() };
    return explorer.available;
  };

  const source = async (): Promise<ServiceReply> => {
    if (health === undefined) {
      await exchange(
        {
          method: 'GET',
          url: settings.baseUrl,
          accept: 'application/json',
          contentType: null,
          body: undefined,
          retryable: true,
        },
        'GET /v1',
        '/v1',
      );
    }
    const info: SourceInfo = {
      kind: 'remote',
      name: settings.name,
      url: settings.baseUrl,
      health: health ?? { ok: false, checked_at: new Date().toISOString(), message: null },
      // /v1/graphql is forwarded only when an indexer was named (indexer-proxy.ts): the UI asks nothing otherwise.
      indexer: options.indexerUrl !== undefined,
    };
    return jsonReply(info, latest);
  };

  const explorerRoute = async (request: ServiceRequest, rest: string): Promise<ServiceReply> => {
    const getLike = request.method === 'GET' || request.method === 'HEAD';
    if (rest === '/source' || rest === '/source/') {
      if (!getLike) throw methodNotAllowed(['GET', 'HEAD']);
      return source();
    }
    if (rest === '/capture' || rest === '/capture/') {
      if (request.method !== 'POST') throw methodNotAllowed(['POST']);
      return capture(request, latest);
    }
    const available = await explorerAvailable();
    if (typeof available !== 'boolean') return available;
    if (!available)
      throw new ApiError(
        404,
        'web_framework_error',
        `${EXPLORER_UNAVAILABLE_MESSAGE}: ${settings.baseUrl} does not serve ${EXPLORER_PREFIX}${rest}`,
      );
    return forward(request, `${explorerBase}${rest}${request.url.search}`, undefined, getLike);
  };

  // A capture reads through this proxy (checks, retries and the pinned cache included).
  const capture = createCaptureRoute({
    serve: (request) => serve(request),
    target: options.capture,
    origin: settings.baseUrl,
  });

  const graphql = indexerProxy(settings, options.indexerUrl);

  const route = async (request: ServiceRequest): Promise<ServiceReply> => {
    const path = request.url.pathname;
    if (isGraphqlPath(path)) return graphql(request);
    if (path === EXPLORER_PREFIX || path.startsWith(`${EXPLORER_PREFIX}/`))
      return explorerRoute(request, path.slice(EXPLORER_PREFIX.length));
    if (path !== '/v1' && !path.startsWith('/v1/')) throw routeNotFound();
    const url = `${settings.baseUrl}${path.slice('/v1'.length)}${request.url.search}`;
    const getLike = request.method === 'GET' || request.method === 'HEAD';
    // Everything under /v1 is forwarded as is; only reads are repeated after a failure.
    return forward(
      request,
      url,
      getLike ? patternOf('GET', path) : undefined,
      getLike || (request.method === 'POST' && isTablePost(path)),
    );
  };

  const serve = async (request: ServiceRequest): Promise<ServiceReply> => {
    try {
      return await route(request);
    } catch (error) {
      if (error instanceof ApiError) return apiErrorReply(error, latest);
      return errorReply(500, 'internal_error', `Internal error: ${describeError(error)}`, latest);
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    const reply = await serve(serviceRequestOf(request));
    return responseOf(request.method === 'HEAD' ? withoutBody(reply) : reply);
  };
  const errorReplyWithLedger = (status: number, errorCode: ErrorCode, message: string): ServiceReply =>
    errorReply(status, errorCode, message, latest);
  return Object.assign(handle, { serve, errorReply: errorReplyWithLedger });
}
