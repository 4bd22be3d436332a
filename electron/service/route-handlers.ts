/**
 * The handler of every declared endpoint (shared/api/registry.ts), bound by name: the map's type
 * requires one handler per endpoint, so declaring an endpoint without a handler (or the reverse)
 * is a type error. The route table (router.ts) is derived from the registry and this map.
 */
import type { ENDPOINTS, EndpointName } from '../../shared/api/registry.ts';
import type { RouteHandler } from './request-context.ts';
import { captureRoute } from './capture/capture-route.ts';
import {
  getAccount,
  getModule,
  getModules,
  getResource,
  getResources,
  getTransactionSummaries,
} from './routes/accounts.ts';
import { getEventsByCreationNumber, getEventsByHandle } from './routes/events.ts';
import { getSource, getSourceDigest, getTableInfo, listAccounts, listBlocks, listTables } from './routes/explorer.ts';
import { getVersionInfo, listEventStreams } from './routes/explorer-extras.ts';
import { getAccountAssets } from './routes/explorer-assets.ts';
import { search } from './routes/explorer-search.ts';
import { getTransactionChanges } from './routes/transaction-changes.ts';
import { getGasEstimate, getLedgerInfo } from './routes/ledger.ts';
import { getRawTableItem, getTableItem } from './routes/tables.ts';
import { getBlockByHeight, getBlockByVersion } from './routes/blocks.ts';
import {
  getAccountTransactions,
  getTransactionByHash,
  getTransactionByVersion,
  getTransactions,
  waitTransactionByHash,
} from './routes/transactions.ts';
import { graphqlRoute } from './routes/indexer-graphql.ts';
import { balanceRoute, viewRoute } from './view/view-routes.ts';

/** One handler per declared endpoint. */
export const ROUTE_HANDLERS: { readonly [Name in EndpointName]: RouteHandler<(typeof ENDPOINTS)[Name]> } = {
  ledgerInfo: getLedgerInfo,
  gasEstimate: getGasEstimate,
  tableItem: getTableItem,
  rawTableItem: getRawTableItem,
  account: getAccount,
  eventsByCreationNumber: getEventsByCreationNumber,
  eventsByHandle: getEventsByHandle,
  transactionSummaries: getTransactionSummaries,
  resources: getResources,
  resource: getResource,
  modules: getModules,
  accountModule: getModule,
  accountBalance: balanceRoute,
  view: viewRoute,
  transactionByVersion: getTransactionByVersion,
  transactionByHash: getTransactionByHash,
  waitTransactionByHash,
  transactions: getTransactions,
  accountTransactions: getAccountTransactions,
  blockByHeight: getBlockByHeight,
  blockByVersion: getBlockByVersion,
  explorerAccounts: listAccounts,
  explorerTables: listTables,
  explorerTable: getTableInfo,
  explorerBlocks: listBlocks,
  explorerSearch: search,
  explorerCapture: captureRoute,
  explorerSource: getSource,
  explorerSourceDigest: getSourceDigest,
  explorerVersion: getVersionInfo,
  explorerEventStreams: listEventStreams,
  explorerAccountAssets: getAccountAssets,
  explorerTransactionChanges: getTransactionChanges,
  graphql: graphqlRoute,
};
