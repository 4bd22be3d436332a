/**
 * The route table and path matching. Paths are split on `/` before percent-decoding (so an
 * encoded `/` stays inside its segment); each parameter segment is then decoded, raw or
 * percent-encoded alike. A path that matches no route is 404; a path that matches with another
 * method is 405 with `Allow`.
 */
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  NOT_SERVED,
  notServedMessage,
  type EndpointName,
} from '../../shared/api/registry.ts';
import type { Endpoint, EndpointMethod } from '../../shared/api/endpoint.ts';
import { ApiError } from './http-errors.ts';
import { decodePathSegment } from './params.ts';
import type { RouteHandler } from './request-context.ts';
import { ROUTE_HANDLERS } from './route-handlers.ts';

/** HTTP methods the service routes. */
export type RouteMethod = EndpointMethod;

/**
 * One route: the endpoint's name and declaration (which parameters its handler receives), method, path
 * pattern (`:name` segments are parameters) and handler.
 */
export interface Route {
  readonly name: EndpointName | 'not_served';
  /** The declaration (undefined for a not-served node route, which is only matched). */
  readonly endpoint: Endpoint | undefined;
  readonly method: RouteMethod;
  readonly pattern: string;
  readonly handler: RouteHandler;
}

/**
 * Every route of the service, derived from the endpoint registry (shared/api/registry.ts) and the
 * handlers bound to it by name (route-handlers.ts): the node API under `/v1`, the explorer extras
 * under `/explorer/v1`.
 */
export const ROUTES: readonly Route[] = ENDPOINT_NAMES.map((name) => ({
  name,
  endpoint: ENDPOINTS[name],
  method: ENDPOINTS[name].method,
  pattern: ENDPOINTS[name].path,
  // Each handler receives its own declaration's parameters, which the service parses with that declaration.
  handler: ROUTE_HANDLERS[name] as RouteHandler,
}));

/**
 * The node endpoints a snapshot does not serve, as routes (for path matching only: their handlers
 * are never called, the router turns a match into the "not served" 404).
 */
export const NOT_SERVED_ROUTES: readonly Route[] = NOT_SERVED.flatMap((endpoint) =>
  endpoint.methods.map((method) => ({
    name: 'not_served' as const,
    endpoint: undefined,
    method,
    pattern: endpoint.path,
    handler: (): never => {
      throw new Error(`${method} ${endpoint.path} is not served`);
    },
  })),
);

/** The outcome of matching a request against the route table. */
export type RouteMatch =
  | { readonly kind: 'found'; readonly route: Route; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'wrong_method'; readonly allow: readonly string[] }
  | { readonly kind: 'none' };

/** The raw (still percent-encoded) segments of a path; one trailing slash is ignored. */
function pathSegments(pathname: string): string[] {
  const segments = pathname.split('/').slice(1);
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  return segments;
}

/** Each route's pattern split into segments, once per route object (not on every request). */
const patternParts = new WeakMap<Route, readonly string[]>();

function partsOf(route: Route): readonly string[] {
  let parts = patternParts.get(route);
  if (parts === undefined) {
    parts = pathSegments(route.pattern);
    patternParts.set(route, parts);
  }
  return parts;
}

/**
 * The parameters of `segments` under `parts`, or undefined when they do not match. Literal parts are compared
 * first, so a route that does not match allocates nothing (a request is tried against every route of its length).
 */
function matchPattern(parts: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (parts.length !== segments.length) return undefined;
  let hasParams = false;
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] ?? '';
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
      hasParams = true;
    } else if (part !== segment) {
      return undefined;
    }
  }
  const params: Record<string, string> = {};
  if (!hasParams) return params;
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = segments[index] ?? '';
  }
  return params;
}

/** Each route table's routes by their number of segments (built once per table, in table order). */
const tablesByLength = new WeakMap<readonly Route[], ReadonlyMap<number, readonly Route[]>>();

function routesOfLength(routes: readonly Route[], length: number): readonly Route[] {
  let byLength = tablesByLength.get(routes);
  if (byLength === undefined) {
    const index = new Map<number, Route[]>();
    for (const route of routes) {
      const count = partsOf(route).length;
      const list = index.get(count);
      if (list === undefined) index.set(count, [route]);
      else list.push(route);
    }
    byLength = index;
    tablesByLength.set(routes, byLength);
  }
  return byLength.get(length) ?? [];
}

/** The methods allowed on a path, as sent in `Allow` (HEAD goes with GET). */
function allowed(methods: readonly RouteMethod[]): string[] {
  const list: string[] = [...new Set(methods)];
  if (list.includes('GET')) list.push('HEAD');
  return list;
}

/** Matches a method and path; parameters come back percent-decoded (bad escapes: 400). */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): RouteMatch {
  const segments = pathSegments(pathname);
  const methods: RouteMethod[] = [];
  const effective = method === 'HEAD' ? 'GET' : method;
  for (const route of routesOfLength(routes, segments.length)) {
    const raw = matchPattern(partsOf(route), segments);
    if (raw === undefined) continue;
    if (route.method !== effective) {
      methods.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw)) params[name] = decodePathSegment(value);
    return { kind: 'found', route, params };
  }
  return methods.length > 0 ? { kind: 'wrong_method', allow: allowed(methods) } : { kind: 'none' };
}

/**
 * 404 for a path no route serves (the node's framework answers `web_framework_error`). A path the
 * real node serves (with any method) says that a snapshot does not serve it, unlike a mistyped one.
 */
export function routeNotFound(method = 'GET', pathname = ''): ApiError {
  const nodeOnly = matchRoute(NOT_SERVED_ROUTES, method, pathname);
  if (nodeOnly.kind !== 'none') {
    const route =
      nodeOnly.kind === 'found'
        ? nodeOnly.route
        : NOT_SERVED_ROUTES.find((r) => matchRoute([r], r.method, pathname).kind === 'found');
    if (route) return new ApiError(404, 'web_framework_error', notServedMessage(route.method, route.pattern));
  }
  return new ApiError(404, 'web_framework_error', 'not found');
}

/** 405 with the `Allow` header. */
export function methodNotAllowed(allow: readonly string[]): ApiError {
  return new ApiError(405, 'web_framework_error', 'method not allowed', [['Allow', allow.join(', ')]]);
}
