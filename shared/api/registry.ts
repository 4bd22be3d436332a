/**
 * The endpoint registry: every route the service answers, declared once (shared/api/endpoints/),
 * and the node routes a snapshot does not serve. Everything that lists routes is derived from here:
 * the service's route table (electron/service/router.ts, handlers bound by name in
 * electron/service/route-handlers.ts), the parameters each handler receives parsed and the reply cache keys
 * on (electron/service/declared-parameters.ts), the remote proxy's shape
 * checks, the not-served answers, the renderer's typed client (renderer/api/client.ts) and the
 * coverage checks of the tests (registry, fuzz, docs/api.md).
 */
import type { Endpoint } from './endpoint.ts';
import {
  account,
  accountModule,
  gasEstimate,
  ledgerInfo,
  modules,
  resource,
  resources,
  transactionSummaries,
} from './endpoints/node-accounts.ts';
import { accountBalance, view } from './endpoints/node-state-reads.ts';
import {
  accountTransactions,
  blockByHeight,
  blockByVersion,
  transactionByHash,
  transactionByVersion,
  transactions,
  waitTransactionByHash,
} from './endpoints/node-transactions.ts';
import { graphql } from './endpoints/indexer.ts';
import { eventsByCreationNumber, eventsByHandle, rawTableItem, tableItem } from './endpoints/node-tables-events.ts';
import {
  explorerAccountAssets,
  explorerAccounts,
  explorerBlocks,
  explorerCapture,
  explorerEventStreams,
  explorerSearch,
  explorerSource,
  explorerSourceDigest,
  explorerTable,
  explorerTables,
  explorerTransactionChanges,
  explorerVersion,
} from './endpoints/explorer.ts';

export { NOT_SERVED, notServedMessage, type NotServedEndpoint } from './endpoints/not-served.ts';

/** Every endpoint the service answers, by name (the order of the route table). */
export const ENDPOINTS = {
  ledgerInfo,
  gasEstimate,
  tableItem,
  rawTableItem,
  account,
  eventsByCreationNumber,
  eventsByHandle,
  transactionSummaries,
  resources,
  resource,
  modules,
  accountModule,
  accountBalance,
  view,
  transactionByVersion,
  transactionByHash,
  waitTransactionByHash,
  transactions,
  accountTransactions,
  blockByHeight,
  blockByVersion,
  explorerAccounts,
  explorerTables,
  explorerTable,
  explorerBlocks,
  explorerSearch,
  explorerCapture,
  explorerSource,
  explorerSourceDigest,
  explorerVersion,
  explorerEventStreams,
  explorerAccountAssets,
  explorerTransactionChanges,
  graphql,
} as const satisfies Readonly<Record<string, Endpoint>>;

/** The name of a declared endpoint. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Every endpoint name, in the route table's order. */
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as readonly EndpointName[];

/** The declared endpoint of a name, widened (for code that walks every endpoint). */
export function endpointNamed(name: EndpointName): Endpoint {
  return ENDPOINTS[name];
}

/**
 * Whether the remote proxy checks a node's JSON answer against the reply schema: the node API's GETs
 * (the explorer routes a proxy forwards come from another `ledger-explorer serve`, not a node).
 */
export function checkedByProxy(endpoint: Endpoint): boolean {
  return endpoint.method === 'GET' && endpoint.sources.includes('remote') && endpoint.path.startsWith('/v1');
}
