/**
 * Reads of a running `serve` (its URL from `url()`, known once the server has started) as the indexer tests make them:
 * a GraphQL document answered 200 with data and no errors, and a REST read that answers 200.
 */
import { expect } from 'vitest';

type Json = Record<string, unknown>;

/** The GraphQL and REST readers of the server at `url()`. */
export function servedReads(url: () => string): {
  readonly graphql: <T = Json>(query: string, variables?: Json, version?: bigint) => Promise<T>;
  readonly rest: <T>(path: string) => Promise<T>;
} {
  return {
    async graphql<T = Json>(query: string, variables: Json = {}, version?: bigint): Promise<T> {
      const path = version === undefined ? '/v1/graphql' : `/v1/graphql?ledger_version=${version}`;
      const response = await fetch(`${url()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      expect(response.status).toBe(200);
      const json = (await response.json()) as { data?: T; errors?: unknown };
      expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
      return json.data as T;
    },
    async rest<T>(path: string): Promise<T> {
      const response = await fetch(`${url()}${path}`);
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    },
  };
}
