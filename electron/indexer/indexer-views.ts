/**
 * Indexer tables that are SQL views over what the snapshot already stores, not a second copy of it
 * (docs/snapshot-format.md "Indexer tables"): `ix_user_transactions` and `ix_block_metadata_transactions` render the
 * `transactions`, `transaction_details` and `blocks` rows exactly as the processors derive them
 * (electron/indexer/processors/transaction-rows.ts), with the same column names and SQLite types as a stored table
 * (indexer-table.ts `SQLITE_AFFINITY`), so the GraphQL layer reads a view as it reads a table. Each view also names
 * a `rowid` column (a view has none of its own): the order the processors derive the rows in, which the GraphQL
 * layer's default order and verify's comparison use.
 */

/** `ix_<name>` of a version-stamped timestamp: Hasura's `timestamp` text of `usec` (processor-input.ts). */
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
  return `CASE WHEN ${value} IS NULL THEN ${otherwise} WHEN json_type(${FIELDS}, '${path}') = 'text' THEN ${value} ELSE json_quote(${value}) END`;
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

/** The `SELECT` of each indexer table served as a view, by table name. */
export const INDEXER_VIEWS: Readonly<Record<string, string>> = {
  user_transactions: USER_TRANSACTIONS_SQL,
  block_metadata_transactions: BLOCK_METADATA_TRANSACTIONS_SQL,
};

/** Whether the indexer table `name` is a view over the snapshot's own tables (no rows are written for it). */
export function isIndexerView(name: string): boolean {
  return Object.hasOwn(INDEXER_VIEWS, name);
}
