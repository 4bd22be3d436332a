/**
 * Cross-origin access to `/v1`, answered as a real node answers it (docs/node-behaviour.md, "CORS"): any
 * origin is allowed and echoed, with credentials, for GET and POST; a preflight gets 200 with the requested
 * headers echoed and a one-day max age. Browser clients on other origins (the official explorer, wallets,
 * dapps under development) then work against `serve` as against a node.
 *
 * Never on `/explorer/v1` (the capture route writes files; the extras are this UI's own API) nor on the UI.
 * A proxy that sends an API key with every request is different: any page the user visits could spend the
 * key, so there CORS is off unless origins are named, and browser requests from other sites (`<img>` GETs,
 * no-cors POSTs, which need no CORS to reach the node) are refused by their `Sec-Fetch-Site` header.
 */
import type { ReadServiceHandler } from './read-service.ts';
import { responseOf, serviceRequestOf, withoutBody, type ServiceReply, type ServiceRequest } from './service-reply.ts';
import type { HeaderEntry } from './ledger-headers.ts';

/** Which origins may read `/v1` from a browser, and whether other sites' browser requests are refused. */
export interface CorsPolicy {
  /** `'any'`: every origin, as a node; otherwise the exact origins (`scheme://host[:port]`) allowed. */
  readonly allowedOrigins: 'any' | ReadonlySet<string>;
  /**
   * Refuse API requests a browser marks as coming from another site (`Sec-Fetch-Site: cross-site` or
   * `same-site`) unless their origin is allowed. Requests without the header (non-browser clients) pass.
   */
  readonly refuseOtherSites: boolean;
}

/** A node's policy: any origin, nothing refused. */
export const NODE_CORS_POLICY: CorsPolicy = { allowedOrigins: 'any', refuseOtherSites: false };

/**
 * The policy of a server whose answers carry a secret: with an API key, CORS only for the named origins
 * and other sites refused; without one, the node's policy (named origins, if any, narrow it).
 */
export function corsPolicyFor(options: { readonly apiKey: boolean; readonly origins: readonly string[] }): CorsPolicy {
  if (options.origins.length > 0) {
    return { allowedOrigins: new Set(options.origins), refuseOtherSites: options.apiKey };
  }
  return options.apiKey ? { allowedOrigins: new Set(), refuseOtherSites: true } : NODE_CORS_POLICY;
}

/**
 * Normalises an origin given on the command line (`http://localhost:3000/` → `http://localhost:3000`);
 * throws a one-line error for anything that is not an http(s) origin.
 */
export function parseCorsOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not an origin (expected e.g. http://localhost:3000)`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1 || url.search || url.hash) {
    throw new Error(`"${text}" is not an origin (expected scheme://host[:port], e.g. http://localhost:3000)`);
  }
  return url.origin;
}

/** The methods a node allows across origins. */
const CORS_METHODS = ['GET', 'POST'];
/** Response headers a browser page may read: the ledger headers, the page cursor and the view's gas. */
const EXPOSED_HEADERS = [
  'X-Aptos-Chain-Id',
  'X-Aptos-Ledger-Version',
  'X-Aptos-Ledger-Oldest-Version',
  'X-Aptos-Ledger-TimestampUsec',
  'X-Aptos-Epoch',
  'X-Aptos-Block-Height',
  'X-Aptos-Oldest-Block-Height',
  'X-Aptos-Cursor',
  'X-Aptos-Gas-Used',
].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

function isNodeApiPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/');
}

function isApiPath(pathname: string): boolean {
  return isNodeApiPath(pathname) || pathname === '/explorer/v1' || pathname.startsWith('/explorer/v1/');
}

function allows(policy: CorsPolicy, origin: string): boolean {
  return policy.allowedOrigins === 'any' || policy.allowedOrigins.has(origin);
}

function withHeaders(reply: ServiceReply, extra: readonly HeaderEntry[]): ServiceReply {
  return { status: reply.status, headers: [...reply.headers, ...extra], body: reply.body };
}

/** The CORS headers of an answer to an allowed origin. */
function originHeaders(origin: string): HeaderEntry[] {
  return [
    ['Access-Control-Allow-Origin', origin],
    ['Access-Control-Allow-Credentials', 'true'],
    ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
    ['Vary', 'Origin'],
  ];
}

/**
 * Wraps a service handler with the CORS policy. The reply cache stays below it (its replies carry no
 * origin), so a cross-origin request costs one extra header list, not a cache miss.
 */
export function withCors(handler: ReadServiceHandler, policy: CorsPolicy): ReadServiceHandler {
  const refuse = (message: string): ServiceReply => handler.errorReply(403, 'web_framework_error', message);

  const serve = async (request: ServiceRequest): Promise<ServiceReply> => {
    const pathname = request.url.pathname;
    if (!isApiPath(pathname)) return handler.serve(request);
    const origin = request.header('origin');
    const site = request.header('sec-fetch-site');
    const allowedOrigin = origin !== null && allows(policy, origin) && isNodeApiPath(pathname);
    if (policy.refuseOtherSites && (site === 'cross-site' || site === 'same-site') && !allowedOrigin) {
      return refuse(
        `requests from other sites are refused: this server sends an API key with every request ` +
          `(origin ${origin ?? 'not sent'}; allow an origin with --cors-origin)`,
      );
    }
    if (origin === null || !isNodeApiPath(pathname)) return handler.serve(request);
    const requestedMethod = request.header('access-control-request-method');
    if (request.method === 'OPTIONS' && requestedMethod !== null) {
      if (!allowedOrigin) return refuse(`CORS: origin ${origin} is not allowed`);
      if (!CORS_METHODS.includes(requestedMethod.toUpperCase())) {
        return refuse(`CORS: method ${requestedMethod} is not allowed (only ${CORS_METHODS.join(', ')})`);
      }
      const requestedHeaders = request.header('access-control-request-headers');
      return {
        status: 200,
        headers: [
          ...originHeaders(origin),
          ['Access-Control-Allow-Methods', CORS_METHODS.join(', ')],
          ['Access-Control-Allow-Headers', requestedHeaders ?? '*'],
          ['Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS],
        ],
        body: null,
      };
    }
    const reply = await handler.serve(request);
    return allowedOrigin ? withHeaders(reply, originHeaders(origin)) : reply;
  };

  const fetchHandler = async (request: Request): Promise<Response> => {
    const reply = await serve(serviceRequestOf(request));
    return responseOf(request.method === 'HEAD' ? withoutBody(reply) : reply);
  };
  return Object.assign(fetchHandler, { serve, errorReply: handler.errorReply });
}
