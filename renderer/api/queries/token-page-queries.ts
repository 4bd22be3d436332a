/**
 * A token's page from the indexer (`POST /v1/graphql`): its data and collection (`current_token_datas_v2` with
 * `current_collection`, a `current_*` table: as of the view's version on a snapshot, the latest on a remote
 * indexer, read like asset-page-queries.ts), who holds it as of that version (`current_token_ownerships_v2`), and its
 * activities (`token_activities_v2`, a log: bounded by the version in `where`, newest first, paged). The owner
 * history is the activities that move the token (mints, transfers, burns), paged the same way
 * (renderer/features/token/owner-history.ts turns them into holdings).
 */
import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { graphqlKey, requestGraphql } from '../graphql.ts';
import type { VersionKey } from '../query-keys.ts';
import { currentAnswer } from './asset-page-queries.ts';
import { indexerAddress } from './history-queries.ts';

/** Activities per page (the indexer serves at most 100 rows per table field). */
export const TOKEN_ACTIVITIES_PAGE_SIZE = 25;
/** Owner-changing activities per page of the owner history. */
export const OWNER_EVENTS_PAGE_SIZE = 50;

/**
 * The event types that change who holds a token, as `token_activities_v2` writes them (electron/indexer/processors/
 * objects-tokens.ts): the module events and their older handle-event forms.
 */
export const MINT_TYPES = ['0x4::collection::Mint', '0x4::collection::MintEvent'] as const;
/** Burns (the token object is deleted). */
export const BURN_TYPES = ['0x4::collection::Burn', '0x4::collection::BurnEvent'] as const;
/** Object transfers (to_address is the new owner). */
export const TRANSFER_TYPES = ['0x1::object::Transfer', '0x1::object::TransferEvent'] as const;

/** A token's collection as the indexer keeps it. */
export interface TokenCollectionRow {
  readonly collection_id: string;
  readonly creator_address: string;
  readonly collection_name: string;
  readonly description: string;
  readonly uri: string;
  readonly current_supply: string | number | null;
  readonly max_supply: string | number | null;
}

/** A token's data. */
export interface TokenDataRow {
  readonly token_data_id: string;
  readonly collection_id: string;
  readonly token_name: string;
  readonly description: string;
  readonly token_uri: string;
  readonly supply: string | number | null;
  readonly maximum: string | number | null;
  readonly token_properties: unknown;
  readonly token_standard: string;
  readonly is_fungible_v2: boolean | null;
  readonly is_deleted_v2: boolean | null;
  readonly last_transaction_version: number;
  readonly current_collection: TokenCollectionRow | null;
}

/** One holder of the token as of the version. */
export interface TokenOwnerRow {
  readonly owner_address: string;
  readonly amount: string | number;
  readonly last_transaction_version: number;
}

/** One token activity. */
export interface TokenActivityRow {
  readonly transaction_version: number;
  readonly event_index: number;
  readonly type: string;
  readonly from_address: string | null;
  readonly to_address: string | null;
  readonly token_amount: string | number;
  readonly before_value: string | null;
  readonly after_value: string | null;
  readonly entry_function_id_str: string | null;
  readonly transaction_timestamp: string;
}

/** One page of activities, newest first, and where the next older page starts. */
export interface TokenActivityPage {
  readonly rows: readonly TokenActivityRow[];
  /** `transaction_version`/`event_index` of the last row, when a page may follow. */
  readonly next: { readonly version: number; readonly index: number } | undefined;
}

const TOKEN_QUERY = `query TokenData($id: String!) {
  current_token_datas_v2(where: {token_data_id: {_eq: $id}}) {
    token_data_id collection_id token_name description token_uri supply maximum token_properties token_standard
    is_fungible_v2 is_deleted_v2 last_transaction_version
    current_collection {
      collection_id creator_address collection_name description uri current_supply max_supply
    }
  }
  current_token_ownerships_v2(
    where: {token_data_id: {_eq: $id}, amount: {_gt: "0"}}
    order_by: [{last_transaction_version: desc}, {owner_address: asc}]
    limit: 100
  ) { owner_address amount last_transaction_version }
}`;

const ACTIVITIES_QUERY = `query TokenActivities($where: token_activities_v2_bool_exp!, $limit: Int!) {
  token_activities_v2(where: $where, order_by: [{transaction_version: desc}, {event_index: desc}], limit: $limit) {
    transaction_version event_index type from_address to_address token_amount before_value after_value
    entry_function_id_str transaction_timestamp
  }
}`;

/** The token `id`'s data, collection and holders as of `version`. */
export function tokenDataQuery(id: string, version: VersionKey | undefined) {
  const long = indexerAddress(id);
  return queryOptions({
    queryKey: graphqlKey(TOKEN_QUERY, { id: long }, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ signal, client }) => {
            const answer = await currentAnswer<{
              current_token_datas_v2: TokenDataRow[];
              current_token_ownerships_v2: TokenOwnerRow[];
            }>(TOKEN_QUERY, { id: long }, version, { signal, client });
            return {
              token: answer.data.current_token_datas_v2[0],
              owners: answer.data.current_token_ownerships_v2,
              latestOnly: answer.latestOnly,
            };
          },
    staleTime: Infinity,
  });
}

/**
 * The activities of token `id` at or below `version` (of `types` only, when given), newest first, `pageSize` a page;
 * the next page is everything before the last row's (version, event index).
 */
export function tokenActivitiesQuery(
  id: string,
  version: VersionKey | undefined,
  types: readonly string[] | undefined,
  pageSize: number,
) {
  const long = indexerAddress(id);
  return infiniteQueryOptions({
    queryKey: graphqlKey(ACTIVITIES_QUERY, { id: long, types, pageSize }, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ pageParam, signal, client }): Promise<TokenActivityPage> => {
            const conditions: object[] = [{ token_data_id: { _eq: long } }, { transaction_version: { _lte: version } }];
            if (types !== undefined) conditions.push({ type: { _in: types } });
            if (pageParam !== undefined) {
              // Strictly older than the last row shown: an older transaction, or the same one's earlier events.
              conditions.push({
                _or: [
                  { transaction_version: { _lt: pageParam.version } },
                  { transaction_version: { _eq: pageParam.version }, event_index: { _lt: pageParam.index } },
                ],
              });
            }
            const data = await requestGraphql<{ token_activities_v2: TokenActivityRow[] }>(
              ACTIVITIES_QUERY,
              { where: { _and: conditions }, limit: pageSize },
              undefined,
              { signal, client },
            );
            const rows = data.token_activities_v2;
            const last = rows.at(-1);
            return {
              rows,
              next:
                rows.length < pageSize || last === undefined
                  ? undefined
                  : { version: last.transaction_version, index: last.event_index },
            };
          },
    initialPageParam: undefined as { version: number; index: number } | undefined,
    getNextPageParam: (last) => last.next,
    staleTime: Infinity,
  });
}

/** Whether the indexer knows `address` as a token (for search): its name and collection's name, or undefined. */
export async function tokenAtAddress(
  address: string,
  signal: AbortSignal,
): Promise<{ readonly name: string; readonly collection: string } | undefined> {
  const data = await requestGraphql<{
    current_token_datas_v2: { token_name: string; current_collection: { collection_name: string } | null }[];
  }>(
    `query TokenAt($id: String!) {
      current_token_datas_v2(where: {token_data_id: {_eq: $id}}) { token_name current_collection { collection_name } }
    }`,
    { id: indexerAddress(address) },
    undefined,
    signal,
  );
  const row = data.current_token_datas_v2[0];
  return row === undefined
    ? undefined
    : { name: row.token_name, collection: row.current_collection?.collection_name ?? '' };
}
