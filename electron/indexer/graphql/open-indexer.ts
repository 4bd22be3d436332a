/**
 * The indexer engine of an open snapshot, when the file holds the indexer tables (`ix_<name>` for every declared
 * table: electron/indexer/tables/, checked by electron/indexer/indexer-storage.ts); undefined for an older file,
 * whose `/v1/graphql` then says how to upgrade it.
 */
import type Database from 'better-sqlite3';
import { hasIndexerTables } from '../indexer-storage.ts';
import { INDEXER_TABLES } from '../tables/index.ts';
import { servedTables } from './served-tables.ts';
import { createIndexerGraphql, type IndexerGraphql } from './indexer-graphql.ts';

export { hasIndexerTables };

/** The engine over the snapshot connection `db` (read-only), or undefined when it has no indexer tables. */
export function openIndexerGraphql(db: Database.Database): IndexerGraphql | undefined {
  return hasIndexerTables(db) ? createIndexerGraphql({ db, tables: servedTables(INDEXER_TABLES) }) : undefined;
}
