/**
 * GraphQL errors as Hasura sends them: `{"errors":[{"message","extensions":{"path","code"}}]}`. A request the
 * engine cannot answer (bad JSON, a query that does not parse or validate, a limit passed) is one of these, never
 * an exception escaping to the service's 500.
 */

/** Hasura's error codes the engine uses. */
export type GraphqlErrorCode =
  'invalid-json' | 'bad-request' | 'validation-failed' | 'limit-exceeded' | 'not-supported' | 'unexpected';

/** One error of the `errors` array. */
export interface GraphqlErrorEntry {
  readonly message: string;
  readonly extensions: { readonly path: string; readonly code: GraphqlErrorCode };
}

/** A request refused with GraphQL errors; `status` is 200 (as Hasura) or 400 for a body that is not a request. */
export class GraphqlFailure extends Error {
  override readonly name = 'GraphqlFailure';
  readonly errors: readonly GraphqlErrorEntry[];
  readonly status: number;

  /** One error (`path` in Hasura's JSON-path form, `$` for the whole request). */
  constructor(message: string, code: GraphqlErrorCode, path = '$', status = 200) {
    super(message);
    this.errors = [{ message, extensions: { path, code } }];
    this.status = status;
  }

  /** Several errors at once (graphql-js validation). */
  static of(errors: readonly GraphqlErrorEntry[], status = 200): GraphqlFailure {
    const failure = new GraphqlFailure(errors[0]?.message ?? 'request failed', 'unexpected', '$', status);
    return Object.assign(failure, { errors });
  }
}

/** The JSON body of a failure. */
export function graphqlErrorsJson(errors: readonly GraphqlErrorEntry[]): string {
  return JSON.stringify({ errors });
}
