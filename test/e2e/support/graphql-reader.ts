/**
 * The journeys' own reads of `/v1/graphql` as of a version, to compare what a page shows with what the API answers.
 */

/** `query` with `variables` at `baseUrl`'s `/v1/graphql` as of `version`: its `data`, or an error naming the body. */
export async function graphqlAt<T>(
  baseUrl: string,
  query: string,
  variables: object,
  version: string | number | bigint,
): Promise<T> {
  const response = await fetch(`${baseUrl}/v1/graphql?ledger_version=${version}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (body.data === undefined) throw new Error(`graphql: ${JSON.stringify(body)}`);
  return body.data;
}
