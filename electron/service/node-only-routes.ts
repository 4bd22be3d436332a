/**
 * Endpoints of the real node's API (v1) that a snapshot cannot serve: it holds state, events and
 * transaction summaries, not whole transactions, blocks, a VM or a mempool. A request for one of
 * them is 404 with a message saying so, distinct from the plain `not found` of a mistyped path.
 */
import type { RouteHandler } from './request-context.ts';

/**
 * A node-only endpoint as a route of the router's table (the same shape as router.ts's `Route`, named
 * here so this file does not import the router, which imports it).
 */
interface NodeOnlyRoute {
  readonly method: 'GET' | 'POST';
  readonly pattern: string;
  readonly handler: RouteHandler;
}

/** One node endpoint that is not served: its methods and path pattern (`:name` segments are parameters). */
interface NodeOnlyEndpoint {
  readonly methods: readonly NodeOnlyRoute['method'][];
  readonly pattern: string;
}

const ENDPOINTS: readonly NodeOnlyEndpoint[] = [
  { methods: ['GET'], pattern: '/v1/-/healthy' },
  { methods: ['GET'], pattern: '/v1/info' },
  { methods: ['GET'], pattern: '/v1/spec' },
  { methods: ['GET'], pattern: '/v1/spec.json' },
  { methods: ['GET'], pattern: '/v1/spec.yaml' },
  { methods: ['GET'], pattern: '/v1/accounts/:address/balance/:asset_type' },
  { methods: ['GET'], pattern: '/v1/accounts/:address/transactions' },
  { methods: ['GET'], pattern: '/v1/blocks/by_height/:block_height' },
  { methods: ['GET'], pattern: '/v1/blocks/by_version/:version' },
  { methods: ['GET'], pattern: '/v1/events/:event_key' },
  { methods: ['GET', 'POST'], pattern: '/v1/transactions' },
  { methods: ['POST'], pattern: '/v1/transactions/batch' },
  { methods: ['POST'], pattern: '/v1/transactions/simulate' },
  { methods: ['POST'], pattern: '/v1/transactions/encode_submission' },
  { methods: ['GET'], pattern: '/v1/transactions/by_hash/:txn_hash' },
  { methods: ['GET'], pattern: '/v1/transactions/by_version/:txn_version' },
  { methods: ['GET'], pattern: '/v1/transactions/wait_by_hash/:txn_hash' },
  { methods: ['POST'], pattern: '/v1/view' },
];

/** The pattern as the node's documentation writes it: `{name}` for parameters. */
function shown(pattern: string): string {
  return pattern.replace(/:([a-z_]+)/g, '{$1}');
}

/**
 * The node-only endpoints as routes (for path matching only: their handlers are never called, the
 * router turns a match into the "not served" 404).
 */
export const NODE_ONLY_ROUTES: readonly NodeOnlyRoute[] = ENDPOINTS.flatMap((endpoint) =>
  endpoint.methods.map((method) => ({
    method,
    pattern: endpoint.pattern,
    handler: (): never => {
      throw new Error(`${method} ${endpoint.pattern} is not served`);
    },
  })),
);

/** The message of the 404 for a node-only endpoint. */
export function notServedMessage(route: Pick<NodeOnlyRoute, 'method' | 'pattern'>): string {
  return (
    `${route.method} ${shown(route.pattern)} is an endpoint of the node API that is not served by a snapshot ` +
    '(a snapshot holds state, events and transaction summaries: ' +
    'no full transactions, blocks, view functions or submission)'
  );
}
