/**
 * Snapshot formats v1 and v2: the SQLite schema, written once here and documented in docs/snapshot-format.md.
 * The generator creates v2 (v1 on request, for tests of old files); the store checks `application_id`/`user_version`
 * and the meta rows before trusting a file, so a foreign SQLite database is refused with a clear message.
 * Format v2 is v1 plus full transactions (`transaction_details`), module events and an index of state rows by
 * version (each transaction's write set); format v3 is v2 plus the indexer's tables derived from them as text, v4
 * the same tables stored compactly (electron/indexer/indexer-storage.ts). v1, v2 and v3 files still open,
 * read-only, with what they hold.
 */

import { indexerSqlTable } from '../indexer/indexer-table.ts';
import { INDEXER_TABLES } from '../indexer/tables/index.ts';
import { isIndexerView } from '../indexer/indexer-views.ts';

/** `PRAGMA application_id` of a snapshot: the ASCII bytes "LEXS" (Ledger EXplorer Snapshot). */
export const SNAPSHOT_APPLICATION_ID = 0x4c455853;

/** The format version this code writes by default (`PRAGMA user_version` and meta `format_version`). */
export const SNAPSHOT_FORMAT_VERSION = 4;

/** A format version this build reads. */
export type SnapshotFormatVersion = 1 | 2 | 3 | 4;

/** Every format version this build reads. */
export const READABLE_FORMAT_VERSIONS: readonly SnapshotFormatVersion[] = [1, 2, 3, 4];

/**
 * The format version of the indexer's tables as this build reads them (`ix_*`, electron/indexer/tables/): v3 stored
 * them as the hosted text; v4 stores coded columns compactly behind views (electron/indexer/indexer-codecs.ts). A v3
 * file still opens (everything but GraphQL) and `snapshot upgrade` derives its tables again on a copy.
 */
export const INDEXER_FORMAT_VERSION = 4;

/** Names of the `meta` rows. Values are text: decimal integers, or JSON for `node_settings`. */
export const META_KEYS = {
  format: 'format',
  formatVersion: 'format_version',
  chainId: 'chain_id',
  oldestVersion: 'oldest_version',
  latestVersion: 'latest_version',
  nodeSettings: 'node_settings',
  generator: 'generator',
  /** JSON `SnapshotOrigin` (shared/api/source-info.ts): set only in snapshots captured from a node. */
  origin: 'origin',
} as const;

/** The `meta.format` value that marks a file as ours. */
export const SNAPSHOT_FORMAT_NAME = 'ledger-explorer-snapshot';

/**
 * DDL of format v1 (format v2 adds {@link SCHEMA_V2_SQL}). Tables are WITHOUT ROWID where the key is the natural lookup
 * path.
 */
export const SCHEMA_SQL = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE blocks (
  height              INTEGER PRIMARY KEY,
  epoch               INTEGER NOT NULL,
  round               INTEGER NOT NULL,
  first_version       INTEGER NOT NULL,
  last_version        INTEGER NOT NULL,
  timestamp_usec      INTEGER NOT NULL,
  hash                BLOB    NOT NULL CHECK (length(hash) = 32),
  block_limit_reached INTEGER NOT NULL DEFAULT 0 CHECK (block_limit_reached IN (0, 1))
);
CREATE UNIQUE INDEX blocks_by_last_version ON blocks (last_version);

CREATE TABLE transactions (
  version         INTEGER PRIMARY KEY,
  block_height    INTEGER NOT NULL,
  hash            BLOB    NOT NULL CHECK (length(hash) = 32),
  kind            TEXT    NOT NULL
                          CHECK (kind IN ('genesis', 'block_metadata', 'user', 'state_checkpoint', 'block_epilogue')),
  sender          BLOB    CHECK (sender IS NULL OR length(sender) = 32),
  sequence_number INTEGER,
  nonce           INTEGER,
  entry_function  TEXT,
  gas_unit_price  INTEGER NOT NULL DEFAULT 0,
  max_gas_amount  INTEGER NOT NULL DEFAULT 0,
  gas_used        INTEGER NOT NULL DEFAULT 0,
  success         INTEGER NOT NULL DEFAULT 1 CHECK (success IN (0, 1)),
  timestamp_usec  INTEGER NOT NULL
);

CREATE TABLE account_transactions (
  sender  BLOB    NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (sender, version)
) WITHOUT ROWID;

CREATE TABLE state_values (
  state_key BLOB    NOT NULL,
  version   INTEGER NOT NULL,
  value     BLOB,
  PRIMARY KEY (state_key, version)
) WITHOUT ROWID;

CREATE TABLE modules (
  address BLOB    NOT NULL,
  name    TEXT    NOT NULL,
  version INTEGER NOT NULL,
  abi     TEXT    NOT NULL,
  PRIMARY KEY (address, name, version)
) WITHOUT ROWID;

CREATE TABLE events (
  address         BLOB    NOT NULL,
  creation_number INTEGER NOT NULL,
  sequence_number INTEGER NOT NULL,
  version         INTEGER NOT NULL,
  event_index     INTEGER NOT NULL,
  type_tag        TEXT    NOT NULL,
  data            BLOB    NOT NULL,
  PRIMARY KEY (address, creation_number, sequence_number)
) WITHOUT ROWID;

CREATE TABLE table_info (
  handle          BLOB PRIMARY KEY,
  key_type        TEXT NOT NULL,
  value_type      TEXT NOT NULL,
  owner_address   BLOB,
  owner_resource  TEXT,
  owner_field     TEXT,
  created_version INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE accounts (
  address         BLOB PRIMARY KEY,
  created_version INTEGER NOT NULL
) WITHOUT ROWID;
`;

/**
 * What format v2 adds to v1: the full record of each transaction (what the node shows beyond the summary row of
 * `transactions`) and the module (v2) events, which belong to no stream. Handle events stay in `events`.
 */
export const SCHEMA_V2_SQL = `
CREATE TABLE transaction_details (
  version                   INTEGER PRIMARY KEY,
  state_change_hash         BLOB    NOT NULL CHECK (length(state_change_hash) = 32),
  event_root_hash           BLOB    NOT NULL CHECK (length(event_root_hash) = 32),
  state_checkpoint_hash     BLOB    CHECK (state_checkpoint_hash IS NULL OR length(state_checkpoint_hash) = 32),
  accumulator_root_hash     BLOB    NOT NULL CHECK (length(accumulator_root_hash) = 32),
  vm_status                 TEXT    NOT NULL,
  expiration_timestamp_secs INTEGER,
  payload                   TEXT,
  payload_bcs               BLOB,
  signature                 TEXT,
  signature_kind            TEXT,
  secondary_signers         BLOB    CHECK (secondary_signers IS NULL OR length(secondary_signers) % 32 = 0),
  fee_payer                 BLOB    CHECK (fee_payer IS NULL OR length(fee_payer) = 32),
  kind_fields               TEXT,
  write_set_size            INTEGER NOT NULL,
  event_count               INTEGER NOT NULL
);

CREATE TABLE module_events (
  version     INTEGER NOT NULL,
  event_index INTEGER NOT NULL,
  type_tag    TEXT    NOT NULL,
  data        BLOB    NOT NULL,
  PRIMARY KEY (version, event_index)
) WITHOUT ROWID;
`;

/**
 * Format v2, captured snapshots only (docs/snapshot-format.md, "Captured snapshots"): the write sets of the
 * transactions a capture keeps in full, as the node listed them (`position` = the entry's place in the node's
 * `changes`, a resource group's members taken as its one state key). They are history, not state: a capture's state
 * is what it read at its version, in `state_values`, so these rows never answer a state read.
 */
export const CAPTURED_WRITE_SETS_SQL = `
CREATE TABLE captured_write_sets (
  version   INTEGER NOT NULL,
  position  INTEGER NOT NULL,
  state_key BLOB    NOT NULL,
  value     BLOB,
  op        INTEGER,
  metadata  BLOB,
  PRIMARY KEY (version, position)
) WITHOUT ROWID;
CREATE TABLE captured_transactions (
  version     INTEGER PRIMARY KEY,
  bcs     BLOB    NOT NULL
);
CREATE TABLE captured_not_kept (
  version INTEGER PRIMARY KEY,
  reason  TEXT    NOT NULL
);
`;

/** The optional table of {@link CAPTURED_WRITE_SETS_SQL}. */
export const CAPTURED_WRITE_SETS_TABLE = 'captured_write_sets';
/**
 * Captures with proofs (docs/snapshot-format.md, "Captured snapshots"): the node's `Transaction` bytes of each
 * transaction kept in full (their hash is its hash), beside `captured_write_sets.op` and `.metadata` (the node's write
 * ops, so its `state_change_hash` is rebuilt); and the reason each other transaction of the window was not kept.
 */
export const CAPTURED_TRANSACTIONS_TABLE = 'captured_transactions';

/** The tables of format 1. */
const FORMAT_1_TABLES = [
  'meta',
  'blocks',
  'transactions',
  'account_transactions',
  'state_values',
  'modules',
  'events',
  'table_info',
  'accounts',
] as const;

/** The tables of format 2: format 1's, the transactions' details and the module events. */
const FORMAT_2_TABLES = [...FORMAT_1_TABLES, 'transaction_details', 'module_events'] as const;

/** The tables each format version must have. */
export const REQUIRED_TABLES: Readonly<Record<SnapshotFormatVersion, readonly string[]>> = {
  1: FORMAT_1_TABLES,
  2: FORMAT_2_TABLES,
  // Format 3 added the indexer's `ix_*` tables as text: this build derives them again (snapshot upgrade).
  3: FORMAT_2_TABLES,
  // Format 4 stores the indexer's `ix_*` tables compactly (electron/indexer/indexer-codecs.ts).
  4: [
    ...FORMAT_2_TABLES,
    // Those that are views over the tables above (electron/indexer/indexer-views.ts) are checked by the indexer.
    ...INDEXER_TABLES.filter((table) => !isIndexerView(table)).map(indexerSqlTable),
  ],
};

/** Indexes built after bulk loading (cheaper than maintaining them row by row). */
export const POST_LOAD_INDEX_SQL = `
CREATE INDEX events_by_version ON events (version);
CREATE INDEX transactions_by_block ON transactions (block_height);
`;

/** Format v2's further indexes: transactions by hash, and state rows by version (each version's write set). */
export const POST_LOAD_INDEX_V2_SQL = `
CREATE INDEX transactions_by_hash ON transactions (hash);
CREATE INDEX state_values_by_version ON state_values (version);
`;
