/**
 * Indexer tables that are SQL views over what the snapshot already stores, not a second copy of it
 * (docs/snapshot-format.md "Indexer tables"): `ix_user_transactions` and `ix_block_metadata_transactions` render the
 * `transactions`, `transaction_details` and `blocks` rows exactly as the processors derive them
 * (electron/indexer/processors/transaction-rows.ts), with the same column names and SQLite types as a stored table
 * (indexer-table.ts `SQLITE_AFFINITY`), so the GraphQL layer reads a view as it reads a table. Each view also names
 * a `rowid` column (a view has none of its own): the order the processors derive the rows in, which the GraphQL
 * layer's default order and verify's comparison use. `ix_events` is a view too, over its stored rows, putting back
 * the values it does not store twice (`USUAL_VALUES` below).
 */

import { indexerSqlTable, type IndexerTable } from './indexer-table.ts';
import type { IndexerRow, IndexerValue } from './processors/processor-input.ts';
import { MODULE_EVENT_ADDRESS } from './processors/transaction-rows.ts';

/** Hasura's `timestamp` text of `usec` in SQL, as processor-input.ts `indexerTimestamp` writes it. */
function timestampSql(usec: string): string {
  return (
    `(strftime('%Y-%m-%dT%H:%M:%S', (${usec}) / 1000000, 'unixepoch') || CASE WHEN (${usec}) % 1000000 = 0 ` +
    `THEN '' ELSE '.' || rtrim(printf('%06d', (${usec}) % 1000000), '0') END)`
  );
}

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
  t.sequence_number AS sequence_number,
  CAST(t.max_gas_amount AS TEXT) AS max_gas_amount,
  ${timestampSql('coalesce(d.expiration_timestamp_secs, 0) * 1000000')} AS expiration_timestamp_secs,
  CAST(t.gas_unit_price AS TEXT) AS gas_unit_price,
  ${timestampSql('t.timestamp_usec')} AS timestamp,
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
  ${timestampSql('t.timestamp_usec')} AS timestamp
FROM transactions t JOIN transaction_details d ON d.version = t.version
WHERE t.kind = 'block_metadata'`;

/** The `SELECT` of each indexer table served as a view over the file's own tables (no rows), by table name. */
export const INDEXER_VIEWS: Readonly<Record<string, string>> = {
  user_transactions: USER_TRANSACTIONS_SQL,
  block_metadata_transactions: BLOCK_METADATA_TRANSACTIONS_SQL,
};

/** A column stored as NULL where it holds its usual value (`sql` in the view, `value` of a derived row). */
interface UsualValue {
  readonly column: string;
  readonly sql: string;
  readonly value: (row: IndexerRow) => IndexerValue | undefined;
}

/**
 * Tables whose rows are stored (`ix_<name>_stored`) with some columns NULL where they hold their usual value, behind
 * a view `ix_<name>` that puts it back: `events.account_address` of a module event (the 66-character `0x0…0`, most
 * events today) and `events.indexed_type` (the type, unless longer than 300 characters).
 */
const USUAL_VALUES: Readonly<Record<string, readonly UsualValue[]>> = {
  events: [
    { column: 'account_address', sql: `'${MODULE_EVENT_ADDRESS}'`, value: () => MODULE_EVENT_ADDRESS },
    { column: 'indexed_type', sql: '"type"', value: (row) => row['type'] },
  ],
};

/** Whether the indexer table `name` is served by a view (of the file's tables, or of its own stored rows). */
export function isIndexerView(name: string): boolean {
  return Object.hasOwn(INDEXER_VIEWS, name) || Object.hasOwn(USUAL_VALUES, name);
}

/** The SQLite table that stores the rows of `table` (none for a view of the file's own tables). */
export function storageTable(table: IndexerTable): string | undefined {
  if (Object.hasOwn(INDEXER_VIEWS, table.name)) return undefined;
  return Object.hasOwn(USUAL_VALUES, table.name) ? `${indexerSqlTable(table)}_stored` : indexerSqlTable(table);
}

/** The view `ix_<name>` of `table` (undefined when it is a plain table). */
export function indexerViewSql(table: IndexerTable): string | undefined {
  const view = INDEXER_VIEWS[table.name];
  if (view !== undefined) return view;
  const usual = USUAL_VALUES[table.name];
  if (usual === undefined) return undefined;
  const columns = table.columns.map((c) => {
    const found = usual.find((u) => u.column === c.name);
    return found === undefined ? `"${c.name}"` : `coalesce("${c.name}", ${found.sql}) AS "${c.name}"`;
  });
  return `SELECT rowid AS rowid, ${columns.join(', ')} FROM "${storageTable(table)}"`;
}

/** The stored values of a derived row (`values` in the table's column order): usual values become NULL. */
export function compactValues(
  table: IndexerTable,
  row: IndexerRow,
  values: (string | number | bigint | null)[],
): (string | number | bigint | null)[] {
  const usual = USUAL_VALUES[table.name];
  if (usual === undefined) return values;
  for (const { column, value } of usual) {
    const index = table.columns.findIndex((c) => c.name === column);
    if (index >= 0 && values[index] !== null && values[index] === value(row)) values[index] = null;
  }
  return values;
}
