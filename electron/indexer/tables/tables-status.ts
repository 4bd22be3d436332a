/**
 * Table items, table metadata and the freshness tables. Names, columns and scalars are the hosted indexer's.
 * `decoded_key`/`decoded_value` are the project's decoding of the item under its inferred key and value types
 * (null when the types of the table are unknown: hosted then stores the raw hex; we leave the value null).
 */

import type { IndexerTable } from '../indexer-table.ts';
import { columns } from './columns.ts';

/** `table_items`: one row per table item written (or deleted) by a transaction. */
export const TABLE_ITEMS: IndexerTable = {
  name: 'table_items',
  columns: columns(
    {
      transaction_version: 'bigint',
      write_set_change_index: 'bigint',
      key: 'String',
      table_handle: 'String',
      decoded_key: 'jsonb',
      decoded_value: 'jsonb?',
    },
    // A view of the file's state rows (electron/indexer/table-item-view.ts): key and handle are their bytes.
    ['key', 'table_handle'],
  ),
  history: { kind: 'log', versionColumn: 'transaction_version' },
  relationships: [],
  aggregate: false,
};

/** `table_metadatas`: the key and value types of every table handle (as our inference knows them). */
export const TABLE_METADATAS: IndexerTable = {
  name: 'table_metadatas',
  columns: columns({ handle: 'String', key_type: 'String', value_type: 'String' }, ['handle']),
  history: { kind: 'static' },
  relationships: [],
  aggregate: false,
};

/**
 * `processor_status`: one row per hosted processor name the SDK waits on, all at the snapshot's newest version.
 * Static: answered as of V, a client should see `last_success_version` = min(V, stored) (the GraphQL layer's
 * business; the stored row is the file's).
 */
export const PROCESSOR_STATUS: IndexerTable = {
  name: 'processor_status',
  columns: columns({
    processor: 'String',
    last_success_version: 'bigint',
    last_updated: 'timestamp',
    last_transaction_timestamp: 'timestamp?',
  }),
  history: { kind: 'static' },
  relationships: [],
  aggregate: false,
};

/** `ledger_infos`: the chain id (one row). */
export const LEDGER_INFOS: IndexerTable = {
  name: 'ledger_infos',
  columns: columns({ chain_id: 'bigint' }),
  history: { kind: 'static' },
  relationships: [],
  aggregate: false,
};
