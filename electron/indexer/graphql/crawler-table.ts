/**
 * `nft_metadata_crawler_parsed_asset_uris` and the `cdn_asset_uris` relationship of collections and token datas
 * (the SDK's `getCollectionData` asks it). The hosted indexer fills that table with an off-chain crawler that
 * fetches each URI's JSON and copies its images to a CDN; a snapshot holds only the chain, so we serve one row per
 * asset URI a collection or token ever had, with the raw URI and nulls where the crawler's findings would be
 * (`raw_image_uri`, `raw_animation_uri`, every `cdn_*`) and zero retries: docs/api.md, "Differences". Nothing is
 * stored: the rows are derived from the URIs in `ix_current_collections_v2` and `ix_current_token_datas_v2`.
 */
import type { IndexerRelationship, IndexerTable } from '../indexer-table.ts';
import { columns } from '../tables/columns.ts';

/** The crawler table's name. */
export const CRAWLER_TABLE_NAME = 'nft_metadata_crawler_parsed_asset_uris';

/** The crawler table as GraphQL serves it (static: its rows do not depend on the version). */
export const NFT_METADATA_CRAWLER_PARSED_ASSET_URIS: IndexerTable = {
  name: CRAWLER_TABLE_NAME,
  columns: columns({
    asset_uri: 'String',
    raw_image_uri: 'String?',
    raw_animation_uri: 'String?',
    cdn_json_uri: 'String?',
    cdn_image_uri: 'String?',
    cdn_animation_uri: 'String?',
    json_parser_retry_count: 'Int',
    image_optimizer_retry_count: 'Int',
    animation_optimizer_retry_count: 'Int',
  }),
  history: { kind: 'static' },
  relationships: [],
  aggregate: false,
};

/** The value of the crawler's column `name` in the row of the asset URI `uri` (both SQL expressions). */
export function crawlerColumn(name: string, uri: string): string {
  if (name === 'asset_uri') return uri;
  return NFT_METADATA_CRAWLER_PARSED_ASSET_URIS.columns.find((c) => c.name === name)?.type === 'Int' ? '0' : 'NULL';
}

/** The SELECT list of the crawler's row for the asset URI `uri`, in column order. */
function crawlerRowSelect(uri: string): string {
  return NFT_METADATA_CRAWLER_PARSED_ASSET_URIS.columns
    .map((c) => `${crawlerColumn(c.name, uri)} AS "${c.name}"`)
    .join(', ');
}

/** Whether `table` is the crawler's (its rows are a function of the URI: joined without a lookup). */
export function isCrawlerTable(table: Pick<IndexerTable, 'name'>): boolean {
  return table.name === CRAWLER_TABLE_NAME;
}

/** Every row: one per non-empty URI of a collection or token datum, whatever its version. */
export const CRAWLER_SOURCE =
  `(SELECT ${crawlerRowSelect('u')} FROM (SELECT "uri" AS u FROM "ix_current_collections_v2" ` +
  `UNION SELECT "token_uri" FROM "ix_current_token_datas_v2") WHERE u <> '')`;

function cdnAssetUris(local: string): IndexerRelationship {
  return { name: 'cdn_asset_uris', kind: 'object', table: CRAWLER_TABLE_NAME, on: { [local]: 'asset_uri' } };
}

/** The join column of the parents that have `cdn_asset_uris` (hosted: collections by `uri`, tokens by URI). */
const CDN_PARENTS: Readonly<Record<string, string>> = {
  current_collections_v2: 'uri',
  current_token_datas_v2: 'token_uri',
};

/** `tables` with `cdn_asset_uris` added where the hosted indexer has it. */
export function withCdnAssetUris(tables: readonly IndexerTable[]): IndexerTable[] {
  return tables.map((table) => {
    const local = CDN_PARENTS[table.name];
    return local === undefined ? table : { ...table, relationships: [...table.relationships, cdnAssetUris(local)] };
  });
}
