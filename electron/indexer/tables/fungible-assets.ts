/**
 * The fungible-asset tables (coin v1 and fungible asset v2 alike). Names, columns and scalars are the hosted
 * indexer's. Left null here: `fungible_asset_metadata.supply_aggregator_table_key_v1` when the coin's supply is
 * not a table aggregator, `maximum_v2`/`supply_v2` for coins, `icon_uri`/`project_uri` for coins (hosted: empty).
 */

import type { IndexerTable } from '../indexer-table.ts';
import { columns } from './columns.ts';

const METADATA = {
  name: 'metadata',
  kind: 'object',
  table: 'fungible_asset_metadata',
  on: { asset_type: 'asset_type' },
} as const;

/** `fungible_asset_activities`: one row per coin/fungible-asset event, plus one gas-fee row per user transaction. */
export const FUNGIBLE_ASSET_ACTIVITIES: IndexerTable = {
  name: 'fungible_asset_activities',
  columns: columns(
    {
      transaction_version: 'bigint',
      event_index: 'bigint',
      owner_address: 'String?',
      storage_id: 'String',
      asset_type: 'String?',
      is_frozen: 'Boolean?',
      amount: 'numeric?',
      type: 'String',
      is_gas_fee: 'Boolean',
      gas_fee_payer_address: 'String?',
      is_transaction_success: 'Boolean',
      entry_function_id_str: 'String?',
      block_height: 'bigint',
      token_standard: 'String',
      transaction_timestamp: 'timestamp',
      storage_refund_amount: 'numeric',
    },
    [],
    [
      'owner_address',
      'storage_id',
      'asset_type',
      'type',
      'gas_fee_payer_address',
      'entry_function_id_str',
      'token_standard',
    ],
  ),
  history: { kind: 'log', versionColumn: 'transaction_version' },
  relationships: [METADATA],
  aggregate: true,
};

/**
 * `current_fungible_asset_balances`: one row per store (a coin v1 `CoinStore` is keyed by its owner and coin type,
 * as the hosted indexer does: `storage_id` = the coin type's primary-store address). Every state is kept
 * (`_valid_to`), so the table answers as of any version.
 */
export const CURRENT_FUNGIBLE_ASSET_BALANCES: IndexerTable = {
  name: 'current_fungible_asset_balances',
  columns: columns(
    {
      storage_id: 'String',
      owner_address: 'String',
      asset_type: 'String',
      is_primary: 'Boolean',
      is_frozen: 'Boolean',
      amount: 'numeric',
      last_transaction_timestamp: 'timestamp?',
      last_transaction_version: 'bigint?',
      token_standard: 'String',
      amount_v1: 'numeric?',
      amount_v2: 'numeric?',
      asset_type_v1: 'String?',
      asset_type_v2: 'String?',
      last_transaction_version_v1: 'bigint?',
      last_transaction_version_v2: 'bigint?',
      last_transaction_timestamp_v1: 'timestamp?',
      last_transaction_timestamp_v2: 'timestamp?',
    },
    [],
    ['storage_id', 'owner_address', 'asset_type', 'token_standard', 'asset_type_v1', 'asset_type_v2'],
  ),
  history: { kind: 'current', key: ['storage_id'], versionColumn: 'last_transaction_version' },
  relationships: [METADATA],
  aggregate: true,
};

/** `fungible_asset_metadata`: one row per coin type and per fungible-asset metadata object, as of its last change. */
export const FUNGIBLE_ASSET_METADATA: IndexerTable = {
  name: 'fungible_asset_metadata',
  columns: columns(
    {
      asset_type: 'String',
      creator_address: 'String',
      name: 'String',
      symbol: 'String',
      decimals: 'Int',
      icon_uri: 'String?',
      project_uri: 'String?',
      last_transaction_version: 'bigint',
      last_transaction_timestamp: 'timestamp',
      supply_aggregator_table_handle_v1: 'String?',
      supply_aggregator_table_key_v1: 'String?',
      token_standard: 'String',
      supply_v2: 'numeric?',
      maximum_v2: 'numeric?',
    },
    ['supply_aggregator_table_key_v1'],
    [
      'asset_type',
      'creator_address',
      'name',
      'symbol',
      'icon_uri',
      'project_uri',
      'supply_aggregator_table_handle_v1',
      'token_standard',
    ],
  ),
  history: { kind: 'current', key: ['asset_type'], versionColumn: 'last_transaction_version' },
  relationships: [],
  aggregate: false,
};
