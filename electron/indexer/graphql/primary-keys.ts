/**
 * The hosted indexer's primary keys, which name the arguments of its `<table>_by_pk` root fields (the TypeScript
 * SDK's generated `QueryRoot…ByPkArgs`). `_by_pk` answers as of the ledger version like every other field: for a
 * `current_*` table, the key's state at V.
 */

/** Primary-key columns by table name (tables absent here have no `_by_pk`). */
export const PRIMARY_KEYS: Readonly<Record<string, readonly string[]>> = {
  account_transactions: ['account_address', 'transaction_version'],
  user_transactions: ['version'],
  signatures: ['is_sender_primary', 'multi_agent_index', 'multi_sig_index', 'transaction_version'],
  events: ['event_index', 'transaction_version'],
  block_metadata_transactions: ['version'],
  fungible_asset_activities: ['event_index', 'transaction_version'],
  current_fungible_asset_balances: ['storage_id'],
  fungible_asset_metadata: ['asset_type'],
  current_objects: ['object_address'],
  current_token_ownerships_v2: ['owner_address', 'property_version_v1', 'storage_id', 'token_data_id'],
  current_token_datas_v2: ['token_data_id'],
  current_collections_v2: ['collection_id'],
  token_activities_v2: ['event_index', 'transaction_version'],
  table_items: ['transaction_version', 'write_set_change_index'],
  table_metadatas: ['handle'],
  processor_status: ['processor'],
  ledger_infos: ['chain_id'],
  nft_metadata_crawler_parsed_asset_uris: ['asset_uri'],
};
