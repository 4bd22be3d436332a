/**
 * Objects and digital assets (token v2; token v1 rows only where a v1 token's tables are written). Names, columns
 * and scalars are the hosted indexer's. Only the `current_*` forms are exposed, as on the hosted indexer (its
 * `objects`, `token_datas_v2`, `token_ownerships_v2`, `collections_v2` have no anonymous permission); our current
 * tables keep every state (`_valid_to`), so their history is answered as of any version instead.
 * Left null: `collection_properties`, `token_properties_mutated_v1`, `non_transferrable_by_owner`, and the `_v1`
 * columns of tokens that are not v1.
 */

import type { IndexerTable } from '../indexer-table.ts';
import { columns } from './columns.ts';

const CURRENT_TOKEN_DATA = {
  name: 'current_token_data',
  kind: 'object',
  table: 'current_token_datas_v2',
  on: { token_data_id: 'token_data_id' },
} as const;

/** `current_objects`: one row per object (`0x1::object::ObjectCore`), deleted objects kept with `is_deleted`. */
export const CURRENT_OBJECTS: IndexerTable = {
  name: 'current_objects',
  columns: columns(
    {
      object_address: 'String',
      owner_address: 'String',
      state_key_hash: 'String',
      allow_ungated_transfer: 'Boolean',
      last_guid_creation_num: 'numeric',
      last_transaction_version: 'bigint',
      is_deleted: 'Boolean',
    },
    ['state_key_hash'],
    ['object_address', 'owner_address'],
  ),
  history: { kind: 'current', key: ['object_address'], versionColumn: 'last_transaction_version' },
  relationships: [],
  aggregate: false,
};

/** `current_token_ownerships_v2`: who holds how much of each token (amount 0 once it moved away). */
export const CURRENT_TOKEN_OWNERSHIPS_V2: IndexerTable = {
  name: 'current_token_ownerships_v2',
  columns: columns(
    {
      token_data_id: 'String',
      property_version_v1: 'numeric',
      owner_address: 'String',
      storage_id: 'String',
      amount: 'numeric',
      table_type_v1: 'String?',
      token_properties_mutated_v1: 'jsonb?',
      is_soulbound_v2: 'Boolean?',
      token_standard: 'String',
      is_fungible_v2: 'Boolean?',
      last_transaction_version: 'bigint',
      last_transaction_timestamp: 'timestamp',
      non_transferrable_by_owner: 'Boolean?',
    },
    [],
    ['token_data_id', 'owner_address', 'storage_id', 'table_type_v1', 'token_standard'],
  ),
  history: {
    kind: 'current',
    key: ['token_data_id', 'property_version_v1', 'owner_address', 'storage_id'],
    versionColumn: 'last_transaction_version',
  },
  relationships: [
    CURRENT_TOKEN_DATA,
    // Hasura's join of a composed NFT's owner (the token object) to the token.
    {
      name: 'composed_nfts',
      kind: 'array',
      table: 'current_token_ownerships_v2',
      on: { token_data_id: 'owner_address' },
    },
  ],
  aggregate: true,
};

/** `current_token_datas_v2`: one row per token (v2: the token object's address). */
export const CURRENT_TOKEN_DATAS_V2: IndexerTable = {
  name: 'current_token_datas_v2',
  columns: columns(
    {
      token_data_id: 'String',
      collection_id: 'String',
      token_name: 'String',
      maximum: 'numeric?',
      supply: 'numeric?',
      largest_property_version_v1: 'numeric?',
      token_uri: 'String',
      description: 'String',
      token_properties: 'jsonb',
      token_standard: 'String',
      is_fungible_v2: 'Boolean?',
      last_transaction_version: 'bigint',
      last_transaction_timestamp: 'timestamp',
      decimals: 'bigint?',
      is_deleted_v2: 'Boolean?',
    },
    [],
    ['token_data_id', 'collection_id', 'token_standard'],
  ),
  history: { kind: 'current', key: ['token_data_id'], versionColumn: 'last_transaction_version' },
  relationships: [
    {
      name: 'current_collection',
      kind: 'object',
      table: 'current_collections_v2',
      on: { collection_id: 'collection_id' },
    },
    {
      name: 'current_token_ownerships',
      kind: 'array',
      table: 'current_token_ownerships_v2',
      on: { token_data_id: 'token_data_id' },
    },
  ],
  aggregate: false,
};

/** `current_collections_v2`: one row per collection (v2: the collection object's address). */
export const CURRENT_COLLECTIONS_V2: IndexerTable = {
  name: 'current_collections_v2',
  columns: columns(
    {
      collection_id: 'String',
      creator_address: 'String',
      collection_name: 'String',
      description: 'String',
      uri: 'String',
      current_supply: 'numeric',
      max_supply: 'numeric?',
      total_minted_v2: 'numeric?',
      mutable_description: 'Boolean?',
      mutable_uri: 'Boolean?',
      table_handle_v1: 'String?',
      token_standard: 'String',
      last_transaction_version: 'bigint',
      last_transaction_timestamp: 'timestamp',
      collection_properties: 'jsonb?',
    },
    [],
    ['collection_id', 'creator_address', 'table_handle_v1', 'token_standard'],
  ),
  history: { kind: 'current', key: ['collection_id'], versionColumn: 'last_transaction_version' },
  relationships: [],
  aggregate: false,
};

/** `token_activities_v2`: one row per token event (mint, transfer, burn, mutation). */
export const TOKEN_ACTIVITIES_V2: IndexerTable = {
  name: 'token_activities_v2',
  columns: columns(
    {
      transaction_version: 'bigint',
      event_index: 'bigint',
      event_account_address: 'String',
      token_data_id: 'String',
      property_version_v1: 'numeric',
      type: 'String',
      from_address: 'String?',
      to_address: 'String?',
      token_amount: 'numeric',
      before_value: 'String?',
      after_value: 'String?',
      entry_function_id_str: 'String?',
      token_standard: 'String',
      is_fungible_v2: 'Boolean?',
      transaction_timestamp: 'timestamp',
    },
    [],
    [
      'event_account_address',
      'token_data_id',
      'type',
      'from_address',
      'to_address',
      'entry_function_id_str',
      'token_standard',
    ],
  ),
  history: { kind: 'log', versionColumn: 'transaction_version' },
  relationships: [CURRENT_TOKEN_DATA],
  aggregate: true,
};
