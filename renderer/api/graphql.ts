/**
 * The renderer's one GraphQL request: `POST /v1/graphql` on its own origin (the indexer's Hasura dialect, docs/api.md
 * "The indexer (GraphQL)"), pinned to a ledger version by `?ledger_version=` (snapshots) so `current_*` tables
 * answer as of the view's version and later log rows are hidden. Integers beyond 2^53 (Hasura's `numeric` keeps every
 * digit) arrive as decimal text, not rounded numbers. A GraphQL `errors` answer (HTTP 200 in Hasura's
 * dialect) becomes an
 * {@link ApiRequestError} like every other failure, so panels show its message instead of empty data.
 */
import { ENDPOINTS } from '../../shared/api/registry.ts';
import { ApiRequestError, request } from './client.ts';

/** A GraphQL answer: `data` on success, Hasura's `errors` otherwise. */
interface GraphqlReply<T> {
  readonly data?: T;
  readonly errors?: readonly { readonly message: string }[];
}

/** GraphQL variables: JSON values by name. */
export type GraphqlVariables = Readonly<Record<string, unknown>>;

/**
 * `query` with `variables`, as of `version` when one is given (a snapshot answers any retained version; a remote
 * source's indexer knows only "now" and refuses `ledger_version`, so queries of log tables bound their versions in
 * `where` instead and pass none): its `data`, or an {@link ApiRequestError} (status 200 for GraphQL errors).
 */
export async function requestGraphql<T>(
  query: string,
  variables: GraphqlVariables,
  version: string | undefined,
  signal?: AbortSignal,
): Promise<T> {
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

/**
 * Whether a GraphQL request failed because the source has no indexer (a snapshot without indexer tables, a remote
 * source without `--indexer`): the service answers 404 `web_framework_error` (docs/api.md).
 */
export function isNoIndexer(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
