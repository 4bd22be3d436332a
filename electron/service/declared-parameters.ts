/**
 * The endpoint declaration runs the request's parameters (shared/api/endpoint.ts): every path and query
 * parameter is parsed by its declared kind and bounded by its declared minimum, maximum and default
 * before the handler runs, so a handler receives typed values (`context.query.limit` a number,
 * `context.params.address` bytes) and parses nothing by hand. Path parameters parse first in pattern
 * order, then the query in declaration order; the first that fails is the answer, with the error
 * records of params.ts. The reply cache keys on the same declared query names ({@link declaredQueryKey}).
 */
import type { Endpoint, PathParameterKind, QueryParameter } from '../../shared/api/endpoint.ts';
import type { RequestContext } from './request-context.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { parseResourceCursor } from './cursor.ts';
import { invalidInput, unparsable } from './http-errors.ts';
import {
  parseAddressParam,
  parseBoolParam,
  parseHashParam,
  parseIdentifierParam,
  parseStructTagParam,
  parseU16,
  parseU64,
} from './params.ts';

/** One path parameter, parsed by its kind. */
function parsePathParameter(kind: PathParameterKind, text: string, name: string): unknown {
  switch (kind) {
    case 'address':
      return parseAddressParam(text, name);
    case 'u64':
      return parseU64(text, name);
    case 'struct_tag':
      return parseStructTagParam(text, name);
    case 'identifier':
      return parseIdentifierParam(text, name);
    case 'hash':
      return parseHashParam(text, name);
    case 'text':
      return text;
    default:
      return assertNever(kind);
  }
}

/** A number parameter bounded by its declaration: below `min` refused, above `max` clamped. */
function bounded(value: number, parameter: QueryParameter, name: string): number {
  if (parameter.min !== undefined && value < parameter.min) {
    throw invalidInput(`${name.charAt(0).toUpperCase()}${name.slice(1)} must be greater than ${parameter.min - 1}`);
  }
  return parameter.max === undefined ? value : Math.min(value, parameter.max);
}

/** One query parameter, parsed by its kind; undefined (or its default) when left out. */
function parseQueryParameter(parameter: QueryParameter, text: string | null, name: string): unknown {
  if (text === null) {
    if (parameter.required === true) throw unparsable(`failed to parse query parameter "${name}": it is required`);
    return parameter.default;
  }
  switch (parameter.kind) {
    case 'u64':
      return parseU64(text, name, 'query');
    case 'u16':
      return bounded(parseU16(text, name), parameter, name);
    case 'bool':
      return parseBoolParam(text, name);
    case 'address':
      return parseAddressParam(text, name, 'query');
    case 'cursor':
      return parseResourceCursor(text, name);
    case 'text':
      return text;
    default:
      return assertNever(parameter.kind);
  }
}

/** The path parameters of a matched route (percent-decoded text by name), parsed by the endpoint's declaration. */
export function parseDeclaredPath<E extends Endpoint>(
  endpoint: E,
  raw: Readonly<Record<string, string>>,
): RequestContext<E>['params'] {
  const parsed: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(endpoint.params as Readonly<Record<string, PathParameterKind>>)) {
    const text = raw[name];
    // The route table is derived from the same pattern, so a declared parameter is always matched.
    if (text === undefined) throw new Error(`route ${endpoint.path} has no parameter "${name}"`);
    parsed[name] = parsePathParameter(kind, text, name);
  }
  // Each value has the type its declared kind names (ParsedPath in shared/api/endpoint.ts).
  return parsed as RequestContext<E>['params'];
}

/** The query of a request (`?…` or empty), parsed by the endpoint's declaration; undeclared names are ignored. */
export function parseDeclaredQuery<E extends Endpoint>(endpoint: E, search: string): RequestContext<E>['query'] {
  const parsed: Record<string, unknown> = {};
  const query = search === '' ? undefined : new URLSearchParams(search);
  for (const [name, parameter] of Object.entries(endpoint.query))
    parsed[name] = parseQueryParameter(parameter, query?.get(name) ?? null, name);
  // Each value has the type its declared kind names (ParsedQuery in shared/api/endpoint.ts).
  return parsed as RequestContext<E>['query'];
}

/**
 * The query part of a reply cache key: the declared parameters only (a reply depends on no other; the node
 * ignores unknown ones and so do we), decoded, in the order sent. A client adding unique junk parameters
 * (`?x=1`, `?x=2`, …) reuses one entry instead of filling the cache.
 */
export function declaredQueryKey(endpoint: Endpoint | undefined, search: string): string {
  if (search === '' || endpoint === undefined) return '';
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search))
    if (Object.hasOwn(endpoint.query, name)) kept.append(name, value);
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
}
