/**
 * An account's whole history from the indexer (`POST /v1/graphql`, renderer/api/graphql.ts): every transaction that
 * touched it (`account_transactions`, newest first, never past the view's version: these are log tables, so the
 * bound is in `where` and the same query runs against a snapshot and a remote source's indexer, which knows only
 * "now"), each with its user transaction and the fungible-asset activities that moved the account's balances (with
 * their asset's metadata for the decimals), and the transaction that last changed a balance. Filters become the
 * query's `where`, so a filtered list pages on the indexer, not on the rows already loaded.
 */
import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { formatAddressLong, isAddress, parseAddress } from '../../../shared/address.ts';
import { graphqlKey, requestGraphql, type GraphqlVariables } from '../graphql.ts';
import type { VersionKey } from '../query-keys.ts';

/** Rows per page of the history. */
export const HISTORY_PAGE_SIZE = 25;

/** APT as a coin (v1) and as a fungible asset (its metadata object `0xa`, long form as the indexer writes it). */
export const APT_ASSET_TYPES = [
  '0x1::aptos_coin::AptosCoin',
  '0x000000000000000000000000000000000000000000000000000000000000000a',
] as const;

/** Activity types that add to the owner's balance (coin v1 and v2 events, fungible-asset module and handle events). */
export const DEPOSIT_TYPES = [
  '0x1::coin::DepositEvent',
  '0x1::coin::CoinDeposit',
  '0x1::fungible_asset::Deposit',
  '0x1::fungible_asset::DepositEvent',
] as const;

/** Who moved what: sent (the account signed it), received (someone else's transaction paid it), other. */
export type Direction = 'sent' | 'received' | 'other';

/** The history's filters (all optional; from the URL). */
export interface HistoryFilters {
  /** An asset type (coin type or metadata address); APT's coin type stands for both of APT's types. */
  readonly asset?: string | undefined;
  readonly direction?: Direction | undefined;
  /** An entry function id (`0x1::aptos_account::transfer`). */
  readonly fn?: string | undefined;
}

/** One fungible-asset activity as the history reads it. */
export interface HistoryActivity {
  readonly owner_address: string | null;
  readonly asset_type: string | null;
  readonly amount: string | number | null;
  readonly type: string;
  readonly is_gas_fee: boolean;
  readonly gas_fee_payer_address: string | null;
  readonly is_transaction_success: boolean;
  readonly transaction_timestamp: string;
  readonly metadata: { readonly symbol: string; readonly decimals: number } | null;
}

/** One transaction that touched the account. */
export interface HistoryRow {
  readonly transaction_version: number | string;
  readonly user_transaction: {
    readonly sender: string;
    readonly entry_function_id_str: string | null;
    readonly timestamp: string;
  } | null;
  /** The activities that moved the account's balances (its stores' events, the gas fee it paid). */
  readonly fungible_asset_activities: readonly HistoryActivity[];
  /** One activity of the transaction, for its status when none of the account's own moved anything. */
  readonly status: readonly { readonly is_transaction_success: boolean }[];
}

/** One page: its rows newest first, and the version the next older page starts below. */
export interface HistoryPage {
  readonly rows: readonly HistoryRow[];
  readonly next: string | undefined;
}

const HISTORY_QUERY = `query AccountHistory($where: account_transactions_bool_exp!, $address: String!, $limit: Int!) {
  account_transactions(where: $where, order_by: {transaction_version: desc}, limit: $limit) {
    transaction_version
    user_transaction { sender entry_function_id_str timestamp }
    fungible_asset_activities(
      where: {_or: [{owner_address: {_eq: $address}}, {gas_fee_payer_address: {_eq: $address}}]}
      order_by: {event_index: asc}
    ) {
      owner_address asset_type amount type is_gas_fee gas_fee_payer_address is_transaction_success
      transaction_timestamp metadata { symbol decimals }
    }
    status: fungible_asset_activities(limit: 1) { is_transaction_success }
  }
}`;

const LAST_CHANGE_QUERY = `query LastBalanceChange($address: String!, $types: [String!]!, $at: bigint!) {
  fungible_asset_activities(
    where: {asset_type: {_in: $types}, transaction_version: {_lte: $at}, _or: [
      {owner_address: {_eq: $address}, gas_fee_payer_address: {_is_null: true}},
      {gas_fee_payer_address: {_eq: $address}}
    ]}
    order_by: [{transaction_version: desc}, {event_index: desc}]
    limit: 1
  ) { transaction_version }
}`;

/** The indexer's form of an address (long, lower case). */
export function indexerAddress(address: string): string {
  return formatAddressLong(parseAddress(address));
}

/**
 * The asset types an asset stands for, as the indexer writes them: a metadata address in its long form, a coin type
 * as given; APT (its coin type or `0xa`) is APT in both forms.
 */
export function assetTypesOf(asset: string): readonly string[] {
  const type = isAddress(asset) ? indexerAddress(asset) : asset;
  return type === APT_ASSET_TYPES[0] || type === APT_ASSET_TYPES[1] ? APT_ASSET_TYPES : [type];
}

/**
 * The `account_transactions_bool_exp` of the history of `address` (long form) with `filters`, at or below `atMost`
 * (the view's version) and below `before` (the previous page's last version).
 */
export function historyWhere(
  address: string,
  filters: HistoryFilters,
  atMost: string,
  before: string | undefined,
): GraphqlVariables {
  const versions = before === undefined ? { _lte: atMost } : { _lte: atMost, _lt: before };
  const conditions: GraphqlVariables[] = [{ account_address: { _eq: address } }, { transaction_version: versions }];
  if (filters.fn !== undefined) conditions.push({ user_transaction: { entry_function_id_str: { _eq: filters.fn } } });
  if (filters.asset !== undefined) {
    const mine = { _or: [{ owner_address: { _eq: address } }, { gas_fee_payer_address: { _eq: address } }] };
    conditions.push({ fungible_asset_activities: { asset_type: { _in: assetTypesOf(filters.asset) }, ...mine } });
  }
  const sent = { user_transaction: { sender: { _eq: address } } };
  const deposit = { fungible_asset_activities: { owner_address: { _eq: address }, type: { _in: DEPOSIT_TYPES } } };
  const received = { _and: [{ _not: sent }, deposit] };
  switch (filters.direction) {
    case undefined:
      break;
    case 'sent':
      conditions.push(sent);
      break;
    case 'received':
      conditions.push(received);
      break;
    case 'other':
      conditions.push({ _not: { _or: [sent, received] } });
      break;
  }
  return { _and: conditions };
}

/**
 * The history of `address` as of `version` with `filters`, newest first in pages of `pageSize` (skipped until the
 * version is known). Pinned answers never change: cached for good.
 */
export function accountHistoryQuery(
  address: string,
  filters: HistoryFilters,
  version: VersionKey | undefined,
  pageSize = HISTORY_PAGE_SIZE,
) {
  const long = indexerAddress(address);
  const variables = { address: long, ...filters, pageSize };
  return infiniteQueryOptions({
    queryKey: graphqlKey(HISTORY_QUERY, variables, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ pageParam, signal, client }): Promise<HistoryPage> => {
            const where = historyWhere(long, filters, version, pageParam);
            const data = await requestGraphql<{ account_transactions: HistoryRow[] }>(
              HISTORY_QUERY,
              { where, address: long, limit: pageSize },
              undefined,
              { signal, client },
            );
            const rows = data.account_transactions;
            const last = rows.at(-1);
            return {
              rows,
              next: rows.length < pageSize || last === undefined ? undefined : String(last.transaction_version),
            };
          },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
    staleTime: Infinity,
  });
}

/**
 * The version of the newest transaction at or below `version` that changed `address`'s balance of `assetTypes`
 * (a deposit, a withdrawal or a gas fee it paid), or null when none did.
 */
export function lastBalanceChangeQuery(
  address: string,
  assetTypes: readonly string[],
  version: VersionKey | undefined,
) {
  const long = indexerAddress(address);
  const variables = { address: long, types: assetTypes };
  return queryOptions({
    queryKey: graphqlKey(LAST_CHANGE_QUERY, variables, version),
    queryFn:
      version === undefined
        ? skipToken
        : async ({ signal, client }): Promise<string | null> => {
            const data = await requestGraphql<{ fungible_asset_activities: { transaction_version: number }[] }>(
              LAST_CHANGE_QUERY,
              { ...variables, at: version },
              undefined,
              { signal, client },
            );
            const row = data.fungible_asset_activities[0];
            return row === undefined ? null : String(row.transaction_version);
          },
    staleTime: Infinity,
  });
}
