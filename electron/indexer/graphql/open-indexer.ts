/**
 * The indexer engine of an open snapshot, when the file holds the indexer tables (`ix_<name>` for every declared
 * table: electron/indexer/tables/); undefined for an older file, whose `/v1/graphql` then says how to upgrade it.
 */
import type Database from 'better-sqlite3';
import { indexerSqlTable, type IndexerTable } from '../indexer-table.ts';
import { INDEXER_TABLES } from '../tables/index.ts';
import { createIndexerGraphql, type IndexerGraphql } from './indexer-graphql.ts';

/** Whether `db` holds every table of `tables`. */
export function hasIndexerTables(db: Database.Database, tables: readonly IndexerTable[] = INDEXER_TABLES): boolean {
  const present = new Set(
    (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ix\\_%' ESCAPE '\\'`).all() as {
        name: string;
      }[]
    ).map((row) => row.name),
  );
  return tables.every((table) => present.has(indexerSqlTable(table)));
}

/** The engine over the snapshot connection `db` (read-only), or undefined when it has no indexer tables. */
export function openIndexerGraphql(db: Database.Database): IndexerGraphql | undefined {
  return hasIndexerTables(db) ? createIndexerGraphql({ db, tables: INDEXER_TABLES }) : undefined;
}
