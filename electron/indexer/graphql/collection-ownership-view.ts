/**
 * `current_collection_ownership_v2_view`: the hosted indexer's Postgres view of how many distinct tokens each owner
 * holds per collection (the SDK's `getAccountCollectionsWithOwnedTokens` reads it). Its definition is the public
 * processors' (aptos-indexer-processors migrations): ownerships with a positive amount joined to their token datas
 * and collections, grouped by owner and collection, with the newest ownership version, the count of distinct
 * tokens, the collection's URI and the smallest token URI. Here it is computed from the stored tables as of the
 * version asked (each of the three as of V), nothing stored.
 */
import { VALID_TO_COLUMN, type IndexerTable } from '../indexer-table.ts';
import { columns } from '../tables/columns.ts';

/** What the view's SQL needs of the statement being built (sql-context.ts `SqlBuilder`). */
export interface VersionBinder {
  /** The parameter of the version asked. */
  bindVersion(): string;
}

/** The view as GraphQL serves it (every column nullable, as a view's are). */
export const CURRENT_COLLECTION_OWNERSHIP_V2_VIEW: IndexerTable = {
  name: 'current_collection_ownership_v2_view',
  columns: columns({
    collection_id: 'String?',
    collection_name: 'String?',
    collection_uri: 'String?',
    creator_address: 'String?',
    distinct_tokens: 'bigint?',
    last_transaction_version: 'bigint?',
    owner_address: 'String?',
    single_token_uri: 'String?',
  }),
  // The as-of conditions are inside its source: the rows themselves carry no validity.
  history: { kind: 'static' },
  relationships: [
    {
      name: 'current_collection',
      kind: 'object',
      table: 'current_collections_v2',
      on: { collection_id: 'collection_id' },
    },
  ],
  aggregate: true,
};

/** A `current_*` table's rows at `alias` as of the version bound (indexer-table.ts, `TableHistory`). */
function currentAsOf(alias: string, sql: VersionBinder): string {
  const version = sql.bindVersion();
  return (
    `${alias}."last_transaction_version" <= ${version} ` +
    `AND (${alias}.${VALID_TO_COLUMN} IS NULL OR ${alias}.${VALID_TO_COLUMN} > ${version})`
  );
}

/** The view's rows as of the builder's version, as a parenthesised SELECT. */
export function collectionOwnershipSource(sql: VersionBinder): string {
  return (
    '(SELECT o."owner_address" AS "owner_address", c."creator_address" AS "creator_address", ' +
    'c."collection_name" AS "collection_name", d."collection_id" AS "collection_id", ' +
    'max(o."last_transaction_version") AS "last_transaction_version", ' +
    'count(DISTINCT o."token_data_id") AS "distinct_tokens", min(c."uri") AS "collection_uri", ' +
    'min(d."token_uri") AS "single_token_uri" ' +
    'FROM "ix_current_token_ownerships_v2" AS o ' +
    // Joined on the stored (interned) ids: electron/indexer/indexer-codecs.ts.
    'JOIN "ix_current_token_datas_v2" AS d ON d."token_data_id__c" = o."token_data_id__c" ' +
    `AND ${currentAsOf('d', sql)} ` +
    'JOIN "ix_current_collections_v2" AS c ON c."collection_id__c" = d."collection_id__c" ' +
    `AND ${currentAsOf('c', sql)} ` +
    // amount > 0 (decimal text of a non-negative integer).
    `WHERE ${currentAsOf('o', sql)} AND o."amount" NOT IN ('0', '') ` +
    'GROUP BY o."owner_address", c."creator_address", c."collection_name", d."collection_id")'
  );
}
