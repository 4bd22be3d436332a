/**
 * The assets an account has held up to the view's version, for the balance chart's choice: every asset type of a
 * `fungible_asset_activities` row of its stores or of a gas fee it paid (coins and fungible assets alike), one row per
 * type (`distinct_on`), with the asset's metadata (name, symbol, decimals: `fungible_asset_metadata`). A log table:
 * bounded by the version in `where`, so it runs on a snapshot and through a remote indexer alike.
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { graphqlKey, requestGraphql } from '../graphql.ts';
import type { VersionKey } from '../query-keys.ts';
import { APT_ASSET_TYPES, indexerAddress } from './history-queries.ts';

/** One asset the account held. */
export interface HeldAsset {
  /** The asset as the history's filter takes it (APT's coin type stands for both of APT's forms). */
  readonly asset: string;
  readonly name: string;
  readonly symbol: string;
  /** Decimals from the metadata; undefined when the indexer has none for it (amounts then in base units). */
  readonly decimals: number | undefined;
}

interface HeldRow {
  readonly asset_type: string;
  readonly metadata: { readonly name: string; readonly symbol: string; readonly decimals: number } | null;
}

const HELD_QUERY = `query HeldAssets($address: String!, $at: bigint!) {
  fungible_asset_activities(
    where: {transaction_version: {_lte: $at}, asset_type: {_is_null: false}, _or: [
      {owner_address: {_eq: $address}}, {gas_fee_payer_address: {_eq: $address}}
    ]}
    distinct_on: asset_type
    order_by: [{asset_type: asc}, {transaction_version: desc}]
    limit: 100
  ) { asset_type metadata { name symbol decimals } }
}`;

/** The assets from the indexer's rows: APT first (its two forms as one), then the others by symbol. */
export function heldAssets(rows: readonly HeldRow[]): HeldAsset[] {
  const apt = new Set<string>(APT_ASSET_TYPES);
  const others: HeldAsset[] = [];
  let hasApt = false;
  for (const row of rows) {
    if (apt.has(row.asset_type)) {
      hasApt = true;
      continue;
    }
    others.push({
      asset: row.asset_type,
      name: row.metadata?.name ?? row.asset_type,
      symbol: row.metadata?.symbol ?? row.asset_type,
      decimals: row.metadata?.decimals,
    });
  }
  others.sort((a, b) => a.symbol.localeCompare(b.symbol) || a.asset.localeCompare(b.asset));
  const aptAsset: HeldAsset = { asset: APT_ASSET_TYPES[0], name: 'Aptos Coin', symbol: 'APT', decimals: 8 };
  return hasApt ? [aptAsset, ...others] : others;
}

/** The assets `address` held at or below `version`. */
export function heldAssetsQuery(address: string, version: VersionKey | undefined) {
  const long = indexerAddress(address);
  return queryOptions({
    queryKey: graphqlKey(HELD_QUERY, { address: long }, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ signal, client }) =>
            heldAssets(
              (
                await requestGraphql<{ fungible_asset_activities: HeldRow[] }>(
                  HELD_QUERY,
                  { address: long, at: version },
                  undefined,
                  { signal, client },
                )
              ).fungible_asset_activities,
            ),
    staleTime: Infinity,
  });
}
