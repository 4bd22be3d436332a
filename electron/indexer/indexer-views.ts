/**
 * Indexer tables that are SQL views over what the snapshot already stores, not a second copy of it
 * (docs/snapshot-format.md "Indexer tables"): `ix_user_transactions` and `ix_block_metadata_transactions` render the
 * `transactions`, `transaction_details` and `blocks` rows exactly as the processors derive them
 * (electron/indexer/processors/transaction-rows.ts), with the same column names and SQLite types as a stored table
 * (indexer-table.ts `SQLITE_AFFINITY`), so the GraphQL layer reads a view as it reads a table. Each view also names
 * a `rowid` column (a view has none of its own): the order the processors derive the rows in, which the GraphQL
 * layer's default order and verify's comparison use. `ix_events` is a view of the file's events (event-view.ts).
 */

import {
  CODED_SUFFIX,
  encodeCoded,
  renderSql,
  timestampSql,
  type CodedValue,
  type Interner,
} from './indexer-codecs.ts';
import { indexerSqlTable, VALID_TO_COLUMN, type IndexerTable } from './indexer-table.ts';
import { EVENTS_VIEW_SQL } from './event-view.ts';
import { tableItemsViewSql, tableItemVersionsSql, type WriteSetSource } from './table-item-view.ts';

/** The long (64-digit) form of an address text `0x…` (any number of digits up to 64), as formatAddressLong writes. */
function longAddressSql(text: string): string {
  return `('0x' || substr('${'0'.repeat(64)}' || lower(substr(${text}, 3)), -64))`;
}

/** The long form of a 32-byte address BLOB. */
function blobAddressSql(blob: string): string {
  return `('0x' || lower(hex(${blob})))`;
}

/** `e` = the entry function text `addr::module::name`; its parts as transaction-rows.ts splits it. */
const ENTRY = 't.entry_function';
const ENTRY_REST = `substr(${ENTRY}, instr(${ENTRY}, '::') + 2)`;

const USER_TRANSACTIONS_SQL = `
SELECT t.version AS rowid,
  t.version AS version,
  t.block_height AS block_height,
  coalesce(d.signature_kind, '') AS parent_signature_type,
  ${blobAddressSql('t.sender')} AS sender,
  t.sender AS sender${CODED_SUFFIX},
  t.sequence_number AS sequence_number,
  CAST(t.max_gas_amount AS TEXT) AS max_gas_amount,
  ${timestampSql('coalesce(d.expiration_timestamp_secs, 0) * 1000000')} AS expiration_timestamp_secs,
  coalesce(d.expiration_timestamp_secs, 0) * 1000000 AS expiration_timestamp_secs${CODED_SUFFIX},
  CAST(t.gas_unit_price AS TEXT) AS gas_unit_price,
  ${timestampSql('t.timestamp_usec')} AS timestamp,
  t.timestamp_usec AS timestamp${CODED_SUFFIX},
  coalesce(${ENTRY}, '') AS entry_function_id_str,
  CASE WHEN instr(${ENTRY}, '::') > 0 THEN ${longAddressSql(`substr(${ENTRY}, 1, instr(${ENTRY}, '::') - 1)`)}
    END AS entry_function_contract_address,
  CASE WHEN instr(${ENTRY}, '::') = 0 THEN NULL
    WHEN instr(${ENTRY_REST}, '::') > 0 THEN substr(${ENTRY_REST}, 1, instr(${ENTRY_REST}, '::') - 1)
    ELSE ${ENTRY_REST} END AS entry_function_module_name,
  CASE WHEN instr(${ENTRY_REST}, '::') > 0 THEN substr(${ENTRY_REST}, instr(${ENTRY_REST}, '::') + 2)
    END AS entry_function_function_name,
  coalesce((SELECT b.epoch FROM blocks b WHERE b.height = t.block_height), 0) AS epoch
FROM transactions t JOIN transaction_details d ON d.version = t.version
WHERE t.kind = 'user' AND t.sender IS NOT NULL`;

const FIELDS = 'd.kind_fields';

/** A field of the block's fields as text: a string as is, another value as its JSON (`text` of transaction-rows.ts). */
function jsonTextSql(path: string, otherwise: string): string {
  const value = `json_extract(${FIELDS}, '${path}')`;
  const type = `json_type(${FIELDS}, '${path}')`;
  return `CASE WHEN ${value} IS NULL THEN ${otherwise} WHEN ${type} = 'text' THEN ${value} ELSE json_quote(${value})
    END`;
}

/** A field of the block's fields as JSON text, `[]` when absent or null (`JSON.stringify(field ?? [])`). */
function jsonSql(path: string): string {
  const value = `json_extract(${FIELDS}, '${path}')`;
  return `CASE WHEN ${value} IS NULL THEN '[]' ELSE json_quote(${value}) END`;
}

const BLOCK_METADATA_TRANSACTIONS_SQL = `
SELECT t.version AS rowid,
  t.version AS version,
  t.block_height AS block_height,
  ${jsonTextSql('$.id', "''")} AS id,
  CAST(coalesce(json_extract(${FIELDS}, '$.round'), 0) AS INTEGER) AS round,
  CAST(coalesce(json_extract(${FIELDS}, '$.epoch'), (SELECT b.epoch FROM blocks b WHERE b.height = t.block_height), 0)
    AS INTEGER) AS epoch,
  ${jsonSql('$.previous_block_votes_bitvec')} AS previous_block_votes_bitvec,
  CASE WHEN json_type(${FIELDS}, '$.proposer') = 'text' THEN ${longAddressSql(`json_extract(${FIELDS}, '$.proposer')`)}
    ELSE '' END AS proposer,
  ${jsonSql('$.failed_proposer_indices')} AS failed_proposer_indices,
  ${timestampSql('t.timestamp_usec')} AS timestamp,
  t.timestamp_usec AS timestamp${CODED_SUFFIX}
FROM transactions t JOIN transaction_details d ON d.version = t.version
WHERE t.kind = 'block_metadata'`;

/** The `SELECT` of each indexer table served as a view over the file's own tables (no rows), by table name. */
export const INDEXER_VIEWS: Readonly<Record<string, string>> = {
  user_transactions: USER_TRANSACTIONS_SQL,
  block_metadata_transactions: BLOCK_METADATA_TRANSACTIONS_SQL,
  events: EVENTS_VIEW_SQL,
  // A generated file's; a capture's reads its own write sets (`indexerViewSql`).
  table_items: tableItemsViewSql('bcs', 'state'),
};

/**
 * Coded columns of a view of the transactions that no index of the view's own expression serves, but an index of the
 * file's tables does: `user_transactions.sender` is `transactions.sender`, whose versions `account_transactions
 * (sender, version)` lists (a user transaction's sender, docs/snapshot-format.md). By table, then column: the view
 * column holding the version, and the versions whose stored value is in the SQL list `list` (`(…)`).
 */
const VIEW_LOOKUPS: Readonly<Record<string, Readonly<Record<string, ViewLookup>>>> = {
  user_transactions: {
    sender: {
      versionColumn: 'version',
      versions: (list) => `SELECT a.version FROM account_transactions a WHERE a.sender IN ${list}`,
    },
  },
  // A table's items: the versions whose write sets hold keys under its handle (table-item-view.ts).
  table_items: { table_handle: { versionColumn: 'transaction_version', versions: tableItemVersionsSql } },
};

/** How an index of the file's tables finds the rows of a view column's stored values (see `VIEW_LOOKUPS`). */
export interface ViewLookup {
  readonly versionColumn: string;
  readonly versions: (list: string) => string;
}

/** The lookup serving equality on `column` of `table`, if the view has one. */
export function viewLookup(table: IndexerTable, column: string): ViewLookup | undefined {
  return VIEW_LOOKUPS[table.name]?.[column];
}

/** Whether `table` stores some column other than as its text (indexer-codecs.ts). */
function hasCodecs(table: IndexerTable): boolean {
  return table.columns.some((c) => c.codec !== undefined);
}

/**
 * Whether the indexer table `table` is served by a view: of the file's tables, or of its own stored rows
 * (`ix_<name>_stored`) when some of its columns are coded or left NULL where they hold their usual value.
 */
export function isIndexerView(table: IndexerTable): boolean {
  return Object.hasOwn(INDEXER_VIEWS, table.name) || hasCodecs(table);
}

/** The SQLite table that stores the rows of `table` (none for a view of the file's own tables). */
export function storageTable(table: IndexerTable): string | undefined {
  if (Object.hasOwn(INDEXER_VIEWS, table.name)) return undefined;
  return isIndexerView(table) ? `${indexerSqlTable(table)}_stored` : indexerSqlTable(table);
}

/**
 * The view `ix_<name>` of `table` (undefined when it is a plain table): every column as its text, and each coded
 * column's stored value as `<name>__c` (indexer-codecs.ts), which the GraphQL layer filters and joins on.
 */
export function indexerViewSql(table: IndexerTable, source: WriteSetSource = 'state'): string | undefined {
  if (table.name === 'table_items') return tableItemsViewSql('bcs', source);
  const view = INDEXER_VIEWS[table.name];
  if (view !== undefined) return view;
  const stored = storageTable(table);
  return stored === indexerSqlTable(table) || stored === undefined ? undefined : storedRowsViewSql(table, stored);
}

/**
 * The `SELECT` of the view of `table` over its stored rows in the SQLite table `stored` (written by
 * {@link compactValues}, `_valid_to` last for a current table).
 */
export function storedRowsViewSql(table: IndexerTable, stored: string): string {
  const columns = table.columns.map((c) => {
    const value = `"${c.name}"`;
    if (c.codec === undefined) return value;
    return `${renderSql(c.codec, value)} AS "${c.name}", ${value} AS "${c.name}${CODED_SUFFIX}"`;
  });
  if (table.history.kind === 'current') columns.push(VALID_TO_COLUMN);
  return `SELECT rowid AS rowid, ${columns.join(', ')} FROM "${stored}"`;
}

/**
 * The stored values of a derived row in the table's column order (`values`, as indexer-storage.ts `storedRow`
 * makes them): coded columns in their stored form.
 */
export function compactValues(
  table: IndexerTable,
  values: (string | number | bigint | null)[],
  intern: Interner,
): CodedValue[] {
  const coded: CodedValue[] = values;
  table.columns.forEach((c, i) => {
    if (c.codec !== undefined) coded[i] = encodeCoded(c.codec, values[i] ?? null, intern);
  });
  return coded;
}
