/**
 * `ix_events` as a view over the snapshot's own events (docs/snapshot-format.md "Indexer tables"): the handle events
 * of `events` and the module events of `module_events`, of every transaction the file holds in full (a
 * `transaction_details` row: the ones the indexer pass derives), each rendered exactly as the events processor derives
 * it (electron/indexer/processors/transaction-rows.ts `eventRows`): a module event under the `0x0…0` account with
 * creation and sequence number 0, `indexed_type` the type's first 300 characters, `data` the BCS decoded on read by
 * `ix_event_data` (indexer-functions.ts). Nothing of it is stored twice.
 *
 * SQLite lets a view stored in the file call only built-in functions while `trusted_schema` is off (as the store
 * opens an untrusted file: electron/snapshot/open-snapshot.ts), and better-sqlite3 cannot mark ours innocuous. So the
 * file holds the view with `data` as the BCS's hex in a JSON string (what any SQLite client reads), and each connection
 * of this build that reads the indexer tables shadows it with a TEMP view of the same name (temporary objects come
 * first in name resolution and are trusted) whose `data` is decoded (indexer-functions.ts
 * `registerIndexerFunctions`).
 */
import { CODED_SUFFIX } from './indexer-codecs.ts';
import type { DecodedColumns } from './indexer-table.ts';
import { MODULE_EVENT_ADDRESS } from './processors/transaction-rows.ts';

/** The SQL function rendering an event's `data` (registered by indexer-functions.ts). */
export const EVENT_DATA_FUNCTION = 'ix_event_data';

/**
 * The view's `rowid` (the order the processors derive events in: by version, then event index) is `version *
 * EVENTS_PER_VERSION + event_index`; a transaction emits far fewer events than this (the node caps a transaction's
 * events well below it), and versions up to 2^43 keep the product within SQLite's 64-bit integers.
 */
const EVENTS_PER_VERSION = 1_048_576;

/**
 * The TEMP view's column of the event's BCS, from which `data` is rendered: a query sorts and limits the rows without
 * `data` and decodes only the rows it keeps (graphql/select-query.ts).
 */
export const EVENT_BCS_COLUMN = '_data_bcs';

/** `data` rendered from the TEMP view's other columns (graphql/decoded-on-read.ts). */
export const EVENTS_DECODED_ON_READ: DecodedColumns = {
  data: {
    reads: ['transaction_version', 'type', EVENT_BCS_COLUMN],
    sql: (ref) => `${EVENT_DATA_FUNCTION}(${ref('transaction_version')}, ${ref('type')}, ${ref(EVENT_BCS_COLUMN)})`,
  },
};

/** How `data` is rendered: decoded (the TEMP view), or as the hex of its BCS (the view stored in the file). */
type DataForm = 'decoded' | 'bcs';

/** One branch of the view: `address` the 32-byte account (a column, or the module events' constant). */
function branch(data: DataForm, from: string, address: string, creation: string, sequence: string): string {
  const rendered =
    data === 'decoded'
      ? `${EVENT_DATA_FUNCTION}(e.version, e.type_tag, e.data) AS data,
  e.data AS ${EVENT_BCS_COLUMN}`
      : `json_quote('0x' || lower(hex(e.data))) AS data`;
  return `SELECT e.version * ${EVENTS_PER_VERSION} + e.event_index AS rowid,
  ${sequence} AS sequence_number,
  ${creation} AS creation_number,
  '0x' || lower(hex(${address})) AS account_address,
  ${address} AS account_address${CODED_SUFFIX},
  e.version AS transaction_version,
  t.block_height AS transaction_block_height,
  e.type_tag AS "type",
  ${rendered},
  e.event_index AS event_index,
  substr(e.type_tag, 1, 300) AS indexed_type
FROM ${from} e JOIN transactions t ON t.version = e.version
WHERE EXISTS (SELECT 1 FROM transaction_details d WHERE d.version = e.version)`;
}

/**
 * The two branches in the processors' order (a query without `order_by` lists rows in the view's order, as it listed
 * the stored rows in theirs; a filter by version or stream is pushed into both branches, so only its rows are sorted).
 */
function viewSql(data: DataForm): string {
  return `SELECT * FROM (
${branch(data, 'events', 'e.address', 'e.creation_number', 'e.sequence_number')}
UNION ALL
${branch(data, 'module_events', `X'${MODULE_EVENT_ADDRESS.slice(2)}'`, '0', '0')}) ORDER BY rowid`;
}

/** The `SELECT` of the view `ix_events` stored in the file (`data` as the hex of its BCS). */
export const EVENTS_VIEW_SQL = viewSql('bcs');

/** The `SELECT` of the TEMP view `ix_events` a connection of this build reads (`data` decoded). */
export const EVENTS_DECODED_VIEW_SQL = viewSql('decoded');
