/**
 * The request body of `POST /v1/graphql`, checked: `query` a string, `variables` an object (or null), `operationName`
 * a string (or null). Anything else is a 400 with GraphQL errors, as a body that is no GraphQL request is.
 * Variables nested deeper than {@link MAX_VARIABLE_DEPTH} are refused before graphql-js walks them.
 */
import { GraphqlFailure } from './graphql-errors.ts';

/** A checked request. */
export interface GraphqlRequest {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly operationName: string | undefined;
}

/** Depth of nested objects and lists in `variables`. */
export const MAX_VARIABLE_DEPTH = 64;

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Iterative (a hostile depth cannot overflow the stack here): throws past `max`. */
function checkDepth(value: unknown, max: number): void {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop() as { value: unknown; depth: number };
    if (typeof top.value !== 'object' || top.value === null) continue;
    if (top.depth > max)
      throw new GraphqlFailure(`variables nest deeper than ${max} levels`, 'limit-exceeded', '$.variables');
    for (const inner of Object.values(top.value))
      if (typeof inner === 'object' && inner !== null) stack.push({ value: inner, depth: top.depth + 1 });
  }
}

/** The request in `body` (parsed JSON). */
export function checkRequestShape(body: unknown): GraphqlRequest {
  if (!isObject(body))
    throw new GraphqlFailure('the body must be a JSON object with a "query"', 'bad-request', '$', 400);
  const { query, variables, operationName } = body;
  if (typeof query !== 'string')
    throw new GraphqlFailure('the field "query" must be a string', 'bad-request', '$.query', 400);
  if (variables !== undefined && variables !== null && !isObject(variables))
    throw new GraphqlFailure('the field "variables" must be an object', 'bad-request', '$.variables', 400);
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
    throw new GraphqlFailure('the field "operationName" must be a string', 'bad-request', '$.operationName', 400);
  const vars = isObject(variables) ? variables : {};
  checkDepth(vars, MAX_VARIABLE_DEPTH);
  return { query, variables: vars, operationName: typeof operationName === 'string' ? operationName : undefined };
}
