/**
 * An asset's page from the indexer (`POST /v1/graphql`): its metadata (`fungible_asset_metadata`, a coin type or a
 * metadata address), its holders (`current_fungible_asset_balances`, largest first, paged) and its recent
 * activities (`fungible_asset_activities`, newest first). The metadata and holders are `current_*` tables: a snapshot
 * answers them as of the view's version; a remote source's indexer knows only "now" and refuses `ledger_version`
 * (400), so those are read again without it and said to be the latest ({@link IndexerAnswer.latestOnly}).
 * Activities are a log: bounded by the version in `where`, exact on both.
 */
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { ApiRequestError } from '../client.ts';
import { graphqlKey, requestGraphql, type GraphqlRequestContext, type GraphqlVariables } from '../graphql.ts';
import type { VersionKey } from '../query-keys.ts';
import { assetTypesOf } from './history-queries.ts';

/** Holders per page. */
export const HOLDERS_PAGE_SIZE = 25;
/** Recent activities shown. */
export const ASSET_ACTIVITIES = 25;

/** An answer of a `current_*` table, and whether it is the latest state instead of the view's version. */
export interface IndexerAnswer<T> {
  readonly data: T;
  readonly latestOnly: boolean;
}

/** One asset's metadata row. */
export interface AssetMetadataRow {
  readonly asset_type: string;
  readonly creator_address: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly icon_uri: string | null;
  readonly project_uri: string | null;
  readonly token_standard: string;
  readonly supply_v2: string | number | null;
  readonly maximum_v2: string | number | null;
  readonly last_transaction_version: number;
}

/** One holder. */
export interface HolderRow {
  readonly owner_address: string;
  readonly storage_id: string;
  readonly asset_type: string;
  readonly amount: string | number;
  readonly is_primary: boolean;
  readonly last_transaction_version: number;
}

/** One activity of the asset. */
export interface AssetActivityRow {
  readonly transaction_version: number;
  readonly event_index: number;
  readonly owner_address: string | null;
  readonly type: string;
  readonly amount: string | number | null;
  readonly is_gas_fee: boolean;
}

const METADATA_QUERY = `query AssetMetadata($types: [String!]!) {
  fungible_asset_metadata(where: {asset_type: {_in: $types}}) {
    asset_type creator_address name symbol decimals icon_uri project_uri token_standard supply_v2 maximum_v2
    last_transaction_version
  }
}`;

const HOLDERS_QUERY = `query AssetHolders($types: [String!]!, $limit: Int!, $offset: Int!) {
  current_fungible_asset_balances(
    where: {asset_type: {_in: $types}, amount: {_gt: "0"}}
    order_by: [{amount: desc}, {storage_id: asc}]
    limit: $limit
    offset: $offset
  ) { owner_address storage_id asset_type amount is_primary last_transaction_version }
}`;

const ACTIVITIES_QUERY = `query AssetActivities($types: [String!]!, $at: bigint!, $limit: Int!) {
  fungible_asset_activities(
    where: {asset_type: {_in: $types}, transaction_version: {_lte: $at}}
    order_by: [{transaction_version: desc}, {event_index: desc}]
    limit: $limit
  ) { transaction_version event_index owner_address type amount is_gas_fee }
}`;

/** A remote indexer's refusal of `ledger_version` (it answers only the latest state). */
function isLatestOnly(error: unknown): boolean {
  return error instanceof ApiRequestError && error.is(400, 'invalid_input');
}

/** A `current_*` query as of `version`, or the latest state where the indexer knows only that (also for tokens). */
export async function currentAnswer<T>(
  query: string,
  variables: GraphqlVariables,
  version: string,
  context: GraphqlRequestContext,
): Promise<IndexerAnswer<T>> {
  try {
    return { data: await requestGraphql<T>(query, variables, version, context), latestOnly: false };
  } catch (error) {
    if (!isLatestOnly(error)) throw error;
    return { data: await requestGraphql<T>(query, variables, undefined, context), latestOnly: true };
  }
}

/** The metadata rows of `asset` (APT: its coin and its fungible asset) as of `version`. */
export function assetMetadataQuery(asset: string, version: VersionKey | undefined) {
  const types = assetTypesOf(asset);
  return queryOptions({
    queryKey: graphqlKey(METADATA_QUERY, { types }, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ signal, client }) => {
            const answer = await currentAnswer<{ fungible_asset_metadata: AssetMetadataRow[] }>(
              METADATA_QUERY,
              { types },
              version,
              { signal, client },
            );
            return { data: answer.data.fungible_asset_metadata, latestOnly: answer.latestOnly };
          },
    staleTime: Infinity,
  });
}

/** The holders of `asset` as of `version`, largest first, page `page` (0-based). */
export function assetHoldersQuery(asset: string, page: number, version: VersionKey | undefined) {
  const types = assetTypesOf(asset);
  const variables = { types, limit: HOLDERS_PAGE_SIZE + 1, offset: page * HOLDERS_PAGE_SIZE };
  return queryOptions({
    queryKey: graphqlKey(HOLDERS_QUERY, variables, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ signal, client }) => {
            const answer = await currentAnswer<{ current_fungible_asset_balances: HolderRow[] }>(
              HOLDERS_QUERY,
              variables,
              version,
              { signal, client },
            );
            const rows = answer.data.current_fungible_asset_balances;
            // One row more than a page tells whether another page exists.
            return { rows: rows.slice(0, HOLDERS_PAGE_SIZE), more: rows.length > HOLDERS_PAGE_SIZE, ...answer };
          },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** The newest activities of `asset` at or below `version`. */
export function assetActivitiesQuery(asset: string, version: VersionKey | undefined) {
  const types = assetTypesOf(asset);
  return queryOptions({
    queryKey: graphqlKey(ACTIVITIES_QUERY, { types, limit: ASSET_ACTIVITIES }, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ signal, client }) =>
            (
              await requestGraphql<{ fungible_asset_activities: AssetActivityRow[] }>(
                ACTIVITIES_QUERY,
                { types, at: version, limit: ASSET_ACTIVITIES },
                undefined,
                { signal, client },
              )
            ).fungible_asset_activities,
    staleTime: Infinity,
  });
}
