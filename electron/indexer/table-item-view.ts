/**
 * `ix_table_items` as a view over the snapshot's own state rows (docs/snapshot-format.md "Indexer tables"): every
 * table item a transaction the file holds in full wrote or deleted, rendered as the processors derive it
 * (electron/indexer/processors/table-items.ts `tableItemRows`). A generated file's write set of a version is its
 * `state_values` rows at that version in key order (from `oldest_version` on: below it the history is gone); a
 * capture's is its `captured_write_sets` rows in the node's order. `write_set_change_index` is the item's place in
 * that write set. The item's state key is `0x01`, the handle's 32 bytes, then the key as BCS bytes (a ULEB128 length
 * first: shared/ledger/state-keys.ts). `decoded_key`/`decoded_value` are rendered on read by `ix_table_item`
 * (indexer-functions.ts) in the TEMP view; the view stored in the file gives them as the BCS's hex in a JSON string
 * (event-view.ts says why).
 */
import { CODED_SUFFIX } from './indexer-codecs.ts';
import type { DecodedColumns } from './indexer-table.ts';

/** The SQL function rendering a table item's decoded key (`part` 0) or value (`part` 1). */
export const TABLE_ITEM_FUNCTION = 'ix_table_item';

/** As event-view.ts: `rowid` = version × this + the item's place in the write set. */
const ITEMS_PER_VERSION = 1_048_576;

/** Bytes of the key's ULEB128 length prefix (at most 4: keys below 256 MiB), from the key's first byte on. */
const LENGTH_BYTES = `CASE WHEN hex(substr(s.state_key, 34, 1)) < '80' THEN 1
    WHEN hex(substr(s.state_key, 35, 1)) < '80' THEN 2 WHEN hex(substr(s.state_key, 36, 1)) < '80' THEN 3 ELSE 4 END`;
const KEY = `substr(s.state_key, 34 + ${LENGTH_BYTES})`;
const HANDLE = 'substr(s.state_key, 2, 32)';

/** The TEMP view's column of the value's BCS (null for a deletion), from which `decoded_value` is rendered. */
export const TABLE_VALUE_BCS_COLUMN = '_value_bcs';

/**
 * `decoded_key`/`decoded_value` rendered from the TEMP view's other columns, so a query decodes only the rows it keeps
 * (graphql/decoded-on-read.ts); the same expressions as the view's.
 */
export const TABLE_ITEMS_DECODED_ON_READ: DecodedColumns = {
  decoded_key: {
    reads: ['transaction_version', `table_handle${CODED_SUFFIX}`, `key${CODED_SUFFIX}`],
    sql: (ref) =>
      `${TABLE_ITEM_FUNCTION}(${ref('transaction_version')}, ${ref(`table_handle${CODED_SUFFIX}`)}, ` +
      `${ref(`key${CODED_SUFFIX}`)}, 0)`,
  },
  decoded_value: {
    reads: ['transaction_version', `table_handle${CODED_SUFFIX}`, TABLE_VALUE_BCS_COLUMN],
    sql: (ref) =>
      `CASE WHEN ${ref(TABLE_VALUE_BCS_COLUMN)} IS NULL THEN NULL ELSE ${TABLE_ITEM_FUNCTION}(` +
      `${ref('transaction_version')}, ${ref(`table_handle${CODED_SUFFIX}`)}, ${ref(TABLE_VALUE_BCS_COLUMN)}, 1) END`,
  },
};

/** How the JSON columns are rendered: decoded (the TEMP view) or as the hex of the BCS (the view in the file). */
export type TableItemForm = 'decoded' | 'bcs';

/** Where a file's write sets are: a capture's own, or a generated file's state rows. */
export type WriteSetSource = 'captured' | 'state';

function json(form: TableItemForm, bytes: string, part: 0 | 1): string {
  return form === 'decoded'
    ? `${TABLE_ITEM_FUNCTION}(s.version, ${HANDLE}, ${bytes}, ${part})`
    : `json_quote('0x' || lower(hex(${bytes})))`;
}

/** The `SELECT` of the view `ix_table_items` (stored in the file: `bcs`; the TEMP view: `decoded`). */
export function tableItemsViewSql(form: TableItemForm, source: WriteSetSource): string {
  const place =
    source === 'captured'
      ? '(SELECT count(*) FROM captured_write_sets w WHERE w.version = s.version AND w.position < s.position)'
      : '(SELECT count(*) FROM state_values w INDEXED BY state_values_by_version ' +
        'WHERE w.version = s.version AND w.state_key < s.state_key)';
  const window =
    source === 'captured'
      ? ''
      : "AND s.version >= (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'oldest_version')";
  // In the processors' order (by version, then place), which a query without `order_by` lists the rows in.
  return `SELECT * FROM (
SELECT s.version * ${ITEMS_PER_VERSION} + ${place} AS rowid,
  s.version AS transaction_version,
  ${place} AS write_set_change_index,
  '0x' || lower(hex(${KEY})) AS "key",
  ${KEY} AS "key${CODED_SUFFIX}",
  '0x' || lower(hex(${HANDLE})) AS table_handle,
  ${HANDLE} AS table_handle${CODED_SUFFIX},
  ${json(form, KEY, 0)} AS decoded_key,
  CASE WHEN s.value IS NULL THEN NULL ELSE ${json(form, 's.value', 1)} END AS decoded_value${
    form === 'decoded' ? `,\n  s.value AS ${TABLE_VALUE_BCS_COLUMN}` : ''
  }
FROM ${source === 'captured' ? 'captured_write_sets' : 'state_values'} s
WHERE s.state_key >= X'01' AND s.state_key < X'02' ${window}
  AND EXISTS (SELECT 1 FROM transaction_details d WHERE d.version = s.version)) ORDER BY rowid`;
}

/** The view of every write's (version, state key) the table items view reads (`WRITE_SET_KEYS_SQL`). */
export const WRITE_SET_KEYS_VIEW = 'ix_write_set_keys';

/** The `SELECT` of {@link WRITE_SET_KEYS_VIEW} for a file whose write sets are in `source`. */
export function writeSetKeysSql(source: WriteSetSource): string {
  return source === 'captured'
    ? 'SELECT version, state_key FROM captured_write_sets'
    : 'SELECT version, state_key FROM state_values';
}

/**
 * The versions whose write sets hold items of the tables in `list` (an SQL subquery of handles' 32 bytes, in
 * parentheses): a range of the state key per handle, so on a generated file a filter on `table_handle` is a search
 * of `state_values`' primary key (a capture's few write sets are scanned).
 */
export function tableItemVersionsSql(list: string): string {
  // Built with unhex: `||` of BLOBs gives TEXT, which sorts before every BLOB.
  const range = (handle: string): string =>
    `s.state_key > unhex('01' || hex(${handle})) AND s.state_key < unhex('01' || hex(${handle}) || 'ffffffffff')`;
  // The list is one value in parentheses (`_eq`) or a subquery of several (`_in`): graphql/sql-coded.ts.
  const keys = `${WRITE_SET_KEYS_VIEW} s`;
  if (!/^\(\s*SELECT\b/i.test(list)) return `SELECT s.version FROM ${keys} WHERE ${range(list)}`;
  return `WITH h(handle) AS ${list} SELECT s.version FROM h CROSS JOIN ${keys} WHERE ${range('h.handle')}`;
}

/** Where the write sets of the file open as `db` are (a capture keeps its own). */
export function writeSetSource(db: { prepare(sql: string): { get(): unknown } }): WriteSetSource {
  const found = db.prepare("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = 'captured_write_sets'");
  return found.get() === undefined ? 'state' : 'captured';
}
