/**
 * The tables GraphQL serves: the stored indexer tables (electron/indexer/tables/) with the hosted relationships to
 * derived tables added, and the derived tables themselves — the crawler's `nft_metadata_crawler_parsed_asset_uris`
 * (crawler-table.ts) and the view `current_collection_ownership_v2_view` (collection-ownership-view.ts) — whose rows
 * are SELECTs over the stored ones, as of the version asked.
 */
import type { IndexerTable } from '../indexer-table.ts';
import {
  collectionOwnershipSource,
  CURRENT_COLLECTION_OWNERSHIP_V2_VIEW,
  type VersionBinder,
} from './collection-ownership-view.ts';
import { CRAWLER_SOURCE, NFT_METADATA_CRAWLER_PARSED_ASSET_URIS, withCdnAssetUris } from './crawler-table.ts';

/** The tables GraphQL serves over the stored `tables`. */
export function servedTables(tables: readonly IndexerTable[]): IndexerTable[] {
  return [...withCdnAssetUris(tables), CURRENT_COLLECTION_OWNERSHIP_V2_VIEW, NFT_METADATA_CRAWLER_PARSED_ASSET_URIS];
}

/** The SQL source of a derived table as of the builder's version (a parenthesised SELECT), or undefined. */
export function derivedSource(table: Pick<IndexerTable, 'name'>, sql: VersionBinder): string | undefined {
  if (table.name === NFT_METADATA_CRAWLER_PARSED_ASSET_URIS.name) return CRAWLER_SOURCE;
  if (table.name === CURRENT_COLLECTION_OWNERSHIP_V2_VIEW.name) return collectionOwnershipSource(sql);
  return undefined;
}
