/**
 * Checking a JSON answer against its endpoint's reply schema, as the remote proxy does before it
 * passes a node's answer on: a node that answers something else (another API version, a captive
 * portal, a bug) is reported as a clear 503 naming the field, instead of being rendered as garbage.
 */
import * as v from 'valibot';
import { checkedByProxy, endpointNamed, ENDPOINT_NAMES } from './registry.ts';

/** The schema of a 200 JSON answer, by path pattern, for the endpoints the proxy checks. */
export const REPLY_SCHEMAS: Readonly<Record<string, v.GenericSchema>> = Object.fromEntries(
  ENDPOINT_NAMES.map(endpointNamed)
    .filter(checkedByProxy)
    .map((endpoint) => [endpoint.path, endpoint.reply]),
);

/** Checks `json` against `schema`; the first problem as `path: message`, or undefined when it fits. */
export function shapeProblem(schema: v.GenericSchema, json: unknown): string | undefined {
  const result = v.safeParse(schema, json, { abortEarly: true });
  if (result.success) return undefined;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  return `${path === null || path === '' ? 'body' : path}: ${issue.message}`;
}
