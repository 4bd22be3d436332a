/**
 * The renderer's one GraphQL request: `POST /v1/graphql` on its own origin (the indexer's Hasura dialect, docs/api.md
 * "The indexer (GraphQL)"), pinned to a ledger version by `?ledger_version=` (snapshots) so `current_*` tables
 * answer as of the view's version and later log rows are hidden. Integers beyond 2^53 (Hasura's `numeric` keeps every
 * digit) arrive as decimal text, not rounded numbers. A GraphQL `errors` answer (HTTP 200 in Hasura's
 * dialect) becomes an
 * {@link ApiRequestError} like every other failure, so panels show its message instead of empty data.
 *
 * Whether the source has an indexer is read first from `GET /explorer/v1/source` (`indexer`, the query the status
 * bar already holds): a source without one is not asked, and the request fails as the service would have answered
 * it (404 `web_framework_error`), so panels take their "no indexer" path without a failed load in the console.
 */
import type { QueryClient } from '@tanstack/react-query';
import { NO_INDEXER_MESSAGE } from '../../shared/api/endpoints/indexer.ts';
import { ENDPOINTS } from '../../shared/api/registry.ts';
import { ApiRequestError, request } from './client.ts';
import { endpointName } from './endpoint-query.ts';
import type { DomainKey, KeyParts, VersionKey } from './query-keys.ts';
import { sourceQuery } from './queries/ledger-queries.ts';

/** A GraphQL answer: `data` on success, Hasura's `errors` otherwise. */
interface GraphqlReply<T> {
  readonly data?: T;
  readonly errors?: readonly { readonly message: string }[];
}

/** GraphQL variables: JSON values by name. */
export type GraphqlVariables = Readonly<Record<string, unknown>>;

/**
 * How a GraphQL request is made: the query function's context (its signal, and the client whose cached source
 * description says whether there is an indexer), or only a signal (the source is then asked once more).
 */
export type GraphqlRequestContext = AbortSignal | { readonly signal: AbortSignal; readonly client: QueryClient };

/** Whether the source says it has an indexer (a reply without the field, from an older service: assume so). */
async function sourceHasIndexer(context: GraphqlRequestContext | undefined): Promise<boolean> {
  const answer =
    context === undefined || !('client' in context)
      ? await request(ENDPOINTS.explorerSource, { signal: context })
      : await context.client.fetchQuery(sourceQuery());
  return (answer.body as { readonly indexer?: boolean }).indexer !== false;
}

/**
 * `query` with `variables`, as of `version` when one is given (a snapshot answers any retained version; a remote
 * source's indexer knows only "now" and refuses `ledger_version`, so queries of log tables bound their versions in
 * `where` instead and pass none): its `data`, or an {@link ApiRequestError} (status 200 for GraphQL errors).
 */
export async function requestGraphql<T>(
  query: string,
  variables: GraphqlVariables,
  version: string | undefined,
  context?: GraphqlRequestContext,
): Promise<T> {
  if (!(await sourceHasIndexer(context)))
    throw new ApiRequestError(404, {
      message: NO_INDEXER_MESSAGE,
      error_code: 'web_framework_error',
      vm_error_code: null,
    });
  const signal = context === undefined || !('client' in context) ? context : context.signal;
  // Declared in shared/api/endpoints/indexer.ts; its reply schema types `data` loosely, the caller knows the shape.
  const answer = await request(ENDPOINTS.graphql, {
    query: { ledger_version: version },
    body: { query, variables: { ...variables } },
    signal,
    // `numeric` columns (supplies, maximums, u128 amounts) keep every digit: beyond 2^53 as decimal text.
    exactNumbers: true,
  });
  const { data, errors } = answer.body as GraphqlReply<T>;
  if (errors !== undefined && errors.length > 0) {
    const message = `The indexer refused the query: ${errors.map((error) => error.message).join('; ')}`;
    throw new ApiRequestError(200, { message, error_code: 'http_error', vm_error_code: null });
  }
  if (data === undefined) {
    throw new ApiRequestError(200, {
      message: 'The indexer answered neither data nor errors',
      error_code: 'http_error',
      vm_error_code: null,
    });
  }
  return data;
}

/** The operation a query text names (`query Name(…)`); a query without a name is refused. */
export function operationOf(query: string): string {
  const name = /^\s*query\s+([A-Za-z_]\w*)/.exec(query)?.[1];
  if (name === undefined) throw new Error('a GraphQL query of the renderer names its operation');
  return name;
}

/**
 * The key of a GraphQL read: the `graphql` endpoint's declared name, the operation its text names, the variables it
 * is sent with (for a paged read, everything its pages' variables are made from) and the version it is read as of
 * (the view's, also for log tables bounded in `where`).
 */
export function graphqlKey(
  query: string,
  variables: GraphqlVariables,
  version: VersionKey | undefined,
): DomainKey<KeyParts> {
  const parts = { operation: operationOf(query), variables: JSON.stringify(variables), version };
  return ['ledger-explorer', endpointName(ENDPOINTS.graphql), parts];
}

/**
 * Whether a GraphQL request failed because the source has no indexer (a snapshot without indexer tables, a remote
 * source without `--indexer`): the source's description says so, or the service answers 404 `web_framework_error`
 * (docs/api.md).
 */
export function isNoIndexer(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
