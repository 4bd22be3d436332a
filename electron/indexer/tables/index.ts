/**
 * Every indexer table a snapshot stores and GraphQL serves, in the order the processors fill them. The GraphQL
 * layer derives its schema from this list; the snapshot creates `ix_<name>` for each (indexer-table.ts).
 */

import type { IndexerTable } from '../indexer-table.ts';
import {
  CURRENT_FUNGIBLE_ASSET_BALANCES,
  FUNGIBLE_ASSET_ACTIVITIES,
  FUNGIBLE_ASSET_METADATA,
} from './fungible-assets.ts';
import {
  CURRENT_COLLECTIONS_V2,
  CURRENT_OBJECTS,
  CURRENT_TOKEN_DATAS_V2,
  CURRENT_TOKEN_OWNERSHIPS_V2,
  TOKEN_ACTIVITIES_V2,
} from './objects-tokens.ts';
import { LEDGER_INFOS, PROCESSOR_STATUS, TABLE_ITEMS, TABLE_METADATAS } from './tables-status.ts';
import {
  ACCOUNT_TRANSACTIONS,
  BLOCK_METADATA_TRANSACTIONS,
  EVENTS,
  SIGNATURES,
  USER_TRANSACTIONS,
} from './transactions.ts';

export * from './fungible-assets.ts';
export * from './objects-tokens.ts';
export * from './tables-status.ts';
export * from './transactions.ts';

/** The indexer tables, each with its hosted Hasura name, columns, history and relationships. */
export const INDEXER_TABLES: readonly IndexerTable[] = [
  ACCOUNT_TRANSACTIONS,
  USER_TRANSACTIONS,
  SIGNATURES,
  EVENTS,
  BLOCK_METADATA_TRANSACTIONS,
  FUNGIBLE_ASSET_ACTIVITIES,
  CURRENT_FUNGIBLE_ASSET_BALANCES,
  FUNGIBLE_ASSET_METADATA,
  CURRENT_OBJECTS,
  CURRENT_TOKEN_OWNERSHIPS_V2,
  CURRENT_TOKEN_DATAS_V2,
  CURRENT_COLLECTIONS_V2,
  TOKEN_ACTIVITIES_V2,
  TABLE_ITEMS,
  TABLE_METADATAS,
  PROCESSOR_STATUS,
  LEDGER_INFOS,
];

/** The table named `name` (a Hasura root field without `_aggregate`), if we serve it. */
export function indexerTable(name: string): IndexerTable | undefined {
  return INDEXER_TABLES.find((t) => t.name === name);
}
