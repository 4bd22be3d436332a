/**
 * Endpoints of the real node's API (v1) that a snapshot cannot serve: it holds committed state, events,
 * transactions and blocks, not a mempool or a node's health and spec. A request for one of
 * them is 404 with a message saying so, distinct from the plain `not found` of a mistyped path.
 * When the service learns to answer one, its line moves to a declaration in node-*.ts.
 */
import type { EndpointMethod } from '../endpoint.ts';

/** One node endpoint that is not served: its methods and path pattern (`:name` segments are parameters). */
export interface NotServedEndpoint {
  readonly methods: readonly EndpointMethod[];
  readonly path: string;
}

/** The node endpoints a snapshot does not serve. */
export const NOT_SERVED: readonly NotServedEndpoint[] = [
  { methods: ['GET'], path: '/v1/-/healthy' },
  { methods: ['GET'], path: '/v1/info' },
  { methods: ['GET'], path: '/v1/spec' },
  { methods: ['GET'], path: '/v1/spec.json' },
  { methods: ['GET'], path: '/v1/spec.yaml' },
  { methods: ['GET'], path: '/v1/events/:event_key' },
  { methods: ['POST'], path: '/v1/transactions' },
  { methods: ['POST'], path: '/v1/transactions/batch' },
  { methods: ['POST'], path: '/v1/transactions/simulate' },
  { methods: ['POST'], path: '/v1/transactions/encode_submission' },
];

/** The message of the 404 for a node endpoint that is not served. */
export function notServedMessage(method: EndpointMethod, path: string): string {
  return (
    `${method} ${path.replace(/:([a-z_]+)/g, '{$1}')} is an endpoint of the node API ` +
    'that is not served by a snapshot (a snapshot holds committed state, events, transactions and blocks: ' +
    'no mempool, submission, simulation, node health or spec)'
  );
}
