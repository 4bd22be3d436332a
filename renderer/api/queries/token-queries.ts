/**
 * The tokens an account owns as of the view's version, from the indexer: `current_token_ownerships_v2` with each
 * token's data (`current_token_data`) and collection (`current_collection`). A `current_*` table: a snapshot answers
 * it as of the version, a remote indexer only "now" (asset-page-queries.ts reads it the same way and says so).
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { graphqlKey } from '../graphql.ts';
import type { VersionKey } from '../query-keys.ts';
import { currentAnswer } from './asset-page-queries.ts';
import { indexerAddress } from './history-queries.ts';

/** Tokens listed (the newest first; more are counted). */
export const TOKENS_LIMIT = 200;

/** One owned token with its data and collection. */
export interface OwnedTokenRow {
  readonly token_data_id: string;
  readonly amount: string | number;
  readonly token_standard: string;
  readonly last_transaction_version: number;
  readonly current_token_data: {
    readonly token_name: string;
    readonly token_uri: string;
    readonly collection_id: string;
    readonly current_collection: { readonly collection_name: string; readonly uri: string } | null;
  } | null;
}

const TOKENS_QUERY = `query OwnedTokens($owner: String!, $limit: Int!) {
  current_token_ownerships_v2(
    where: {owner_address: {_eq: $owner}, amount: {_gt: "0"}}
    order_by: [{last_transaction_version: desc}, {token_data_id: asc}]
    limit: $limit
  ) {
    token_data_id amount token_standard last_transaction_version
    current_token_data { token_name token_uri collection_id current_collection { collection_name uri } }
  }
  current_token_ownerships_v2_aggregate(where: {owner_address: {_eq: $owner}, amount: {_gt: "0"}}) {
    aggregate { count }
  }
}`;

/** The tokens `address` owns as of `version`: the newest {@link TOKENS_LIMIT} and how many in all. */
export function ownedTokensQuery(address: string, version: VersionKey | undefined) {
  const owner = indexerAddress(address);
  return queryOptions({
    queryKey: graphqlKey(TOKENS_QUERY, { owner, limit: TOKENS_LIMIT }, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ signal, client }) => {
            const answer = await currentAnswer<{
              current_token_ownerships_v2: OwnedTokenRow[];
              current_token_ownerships_v2_aggregate: { aggregate: { count: number } };
            }>(TOKENS_QUERY, { owner, limit: TOKENS_LIMIT }, version, { signal, client });
            return {
              rows: answer.data.current_token_ownerships_v2,
              count: answer.data.current_token_ownerships_v2_aggregate.aggregate.count,
              latestOnly: answer.latestOnly,
            };
          },
    staleTime: Infinity,
  });
}
