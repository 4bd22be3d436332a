/**
 * The transaction tables: who a transaction touched, user transactions, their signatures, events and block
 * metadata. Names, columns and scalars are the hosted indexer's (its Hasura metadata and the TypeScript SDK's
 * generated types); every column is filled except `signatures.function_info` (abstract-account authenticators
 * only, null here as on most hosted rows).
 */

import type { IndexerTable } from '../indexer-table.ts';
import { columns } from './columns.ts';

/** `account_transactions`: one row per (account, version) the transaction touched. */
export const ACCOUNT_TRANSACTIONS: IndexerTable = {
  name: 'account_transactions',
  columns: columns({ account_address: 'String', transaction_version: 'bigint' }, [], ['account_address']),
  history: { kind: 'log', versionColumn: 'transaction_version' },
  relationships: [
    { name: 'user_transaction', kind: 'object', table: 'user_transactions', on: { transaction_version: 'version' } },
    {
      name: 'fungible_asset_activities',
      kind: 'array',
      table: 'fungible_asset_activities',
      on: { transaction_version: 'transaction_version' },
    },
    {
      name: 'token_activities_v2',
      kind: 'array',
      table: 'token_activities_v2',
      on: { transaction_version: 'transaction_version' },
    },
  ],
  aggregate: true,
};

/** `user_transactions`: one row per user transaction (not block metadata, not validator transactions). */
export const USER_TRANSACTIONS: IndexerTable = {
  name: 'user_transactions',
  columns: columns(
    {
      version: 'bigint',
      block_height: 'bigint',
      parent_signature_type: 'String',
      sender: 'String',
      sequence_number: 'bigint?',
      max_gas_amount: 'numeric',
      expiration_timestamp_secs: 'timestamp',
      gas_unit_price: 'numeric',
      timestamp: 'timestamp',
      entry_function_id_str: 'String',
      entry_function_contract_address: 'String?',
      entry_function_module_name: 'String?',
      entry_function_function_name: 'String?',
      epoch: 'bigint',
    },
    ['sender'],
  ),
  history: { kind: 'log', versionColumn: 'version' },
  relationships: [
    // Hasura declares it an object relationship although a multi-agent transaction has several rows.
    { name: 'signature', kind: 'object', table: 'signatures', on: { version: 'transaction_version' } },
  ],
  aggregate: true,
};

/** `signatures`: one row per signer's key (one per key of a multi-key or multi-ed25519 signer). */
export const SIGNATURES: IndexerTable = {
  name: 'signatures',
  columns: columns(
    {
      transaction_version: 'bigint',
      multi_agent_index: 'bigint',
      multi_sig_index: 'bigint',
      transaction_block_height: 'bigint',
      signer: 'String',
      is_sender_primary: 'Boolean',
      type: 'String',
      public_key: 'String',
      signature: 'String',
      threshold: 'bigint',
      public_key_indices: 'jsonb',
      any_signature_type: 'String?',
      public_key_type: 'String?',
      function_info: 'String?',
    },
    ['signature'],
    ['signer', 'type', 'public_key', 'any_signature_type', 'public_key_type'],
  ),
  history: { kind: 'log', versionColumn: 'transaction_version' },
  relationships: [],
  aggregate: false,
};

/** `events`: every event of every transaction, in order. */
export const EVENTS: IndexerTable = {
  name: 'events',
  columns: columns(
    {
      sequence_number: 'bigint',
      creation_number: 'bigint',
      account_address: 'String',
      transaction_version: 'bigint',
      transaction_block_height: 'bigint',
      type: 'String',
      data: 'jsonb',
      event_index: 'bigint',
      indexed_type: 'String',
    },
    // A view of the file's events (electron/indexer/event-view.ts): the account's bytes are `events.address`.
    ['account_address'],
  ),
  history: { kind: 'log', versionColumn: 'transaction_version' },
  relationships: [],
  aggregate: false,
};

/** `block_metadata_transactions`: one row per block metadata transaction. */
export const BLOCK_METADATA_TRANSACTIONS: IndexerTable = {
  name: 'block_metadata_transactions',
  columns: columns({
    version: 'bigint',
    block_height: 'bigint',
    id: 'String',
    round: 'bigint',
    epoch: 'bigint',
    previous_block_votes_bitvec: 'jsonb',
    proposer: 'String',
    failed_proposer_indices: 'jsonb',
    timestamp: 'timestamp',
  }),
  history: { kind: 'log', versionColumn: 'version' },
  relationships: [],
  aggregate: false,
};
