/**
 * `POST /v1/graphql` of a remote source: forwarded to the indexer (`--indexer URL`, or the node profile's hosted
 * indexer) through the same hardened fetch as the node's answers (upstream-fetch.ts: timeouts, body cap, the
 * process-wide byte budget, no redirects, the API key as a bearer token). Only a JSON object holding `data` or
 * `errors` passes, as this server's own JSON; anything else (HTML, a redirect, an oversized or malformed answer)
 * is one 503 record naming the indexer and the cause. A hosted indexer knows only the latest state, so a request
 * pinned to a version is refused with a record saying so. Without an indexer: one record saying there is none.
 */
import { LEDGER_VERSION_HEADER } from '../../../shared/api/endpoints/indexer.ts';
import { JSON_CONTENT_TYPE } from '../content-negotiation.ts';
import { ApiError } from '../http-errors.ts';
import { MAX_BODY_BYTES } from '../request-body.ts';
import { API_SECURITY_HEADERS, errorReply } from '../responses.ts';
import { NO_INDEXER_MESSAGE } from '../routes/indexer-graphql.ts';
import type { ServiceReply, ServiceRequest } from '../service-reply.ts';
import type { RemoteSettings } from './remote-options.ts';
import { fetchUpstream } from './upstream-fetch.ts';

/** The GraphQL path a remote source answers itself (everything else under `/v1` goes to the node). */
export function isGraphqlPath(pathname: string): boolean {
  return pathname === '/v1/graphql' || pathname === '/v1/graphql/';
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Why an indexer's answer cannot be passed on, or undefined when it can. */
function refusal(status: number, contentType: string | null, body: Uint8Array): string | undefined {
  if (status !== 200 && status !== 400) return `it answered status ${status}`;
  if (contentType === null || !/^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType.trim()))
    return `unexpected content type ${JSON.stringify((contentType ?? 'none').slice(0, 100))}`;
  let json: unknown;
  try {
    json = JSON.parse(UTF8.decode(body));
  } catch {
    return 'it answered malformed JSON';
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'its answer is not a JSON object';
  const { data, errors } = json as { data?: unknown; errors?: unknown };
  const dataOk = typeof data === 'object' && !Array.isArray(data);
  if (!(data !== undefined && dataOk) && !Array.isArray(errors))
    return 'its answer holds neither "data" nor an "errors" array';
  return undefined;
}

/** The handler of `/v1/graphql` for a remote source whose indexer is `indexerUrl` (undefined: none). */
export function indexerProxy(
  settings: RemoteSettings,
  indexerUrl: string | undefined,
): (request: ServiceRequest) => Promise<ServiceReply> {
  return async (request) => {
    if (indexerUrl === undefined) throw new ApiError(404, 'web_framework_error', NO_INDEXER_MESSAGE);
    if (request.method !== 'POST')
      throw new ApiError(405, 'web_framework_error', 'method not allowed', [['Allow', 'POST']]);
    if (request.url.searchParams.has('ledger_version') || request.header(LEDGER_VERSION_HEADER) !== null)
      throw new ApiError(
        400,
        'invalid_input',
        `the indexer ${indexerUrl} answers the latest state only: ledger_version is answered by snapshots`,
      );
    const body = await request.body();
    if (body.byteLength > MAX_BODY_BYTES)
      throw new ApiError(
        413,
        'web_framework_error',
        `payload too large: request bodies are limited to ${MAX_BODY_BYTES} bytes`,
      );
    // In the node's fair queue like any request of this client (upstream-fetch.ts), and dropped when it goes away.
    const outcome = await fetchUpstream(
      {
        method: 'POST',
        url: indexerUrl,
        accept: 'application/json',
        contentType: 'application/json',
        body,
        retryable: true,
        client: request.client,
        signal: request.signal,
      },
      settings,
    );
    const unavailable = (cause: string): ServiceReply =>
      errorReply(503, 'internal_error', `Indexer ${indexerUrl} is unavailable: ${cause}`, undefined);
    if (outcome.kind === 'failure') return unavailable(outcome.cause);
    const problem = refusal(outcome.status, outcome.headers.get('content-type'), outcome.body);
    if (problem !== undefined) return unavailable(problem);
    return {
      status: outcome.status,
      headers: [['Content-Type', JSON_CONTENT_TYPE], ...API_SECURITY_HEADERS],
      body: outcome.body,
    };
  };
}
