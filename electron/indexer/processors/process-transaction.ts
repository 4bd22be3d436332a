/**
 * Every processor over one transaction, and over a pruned file's seed state. The one entry point the generator,
 * capture, `snapshot upgrade`, `snapshot verify` and the tests call, so all derive the same rows.
 */
import { formatAddressLong } from '../../../shared/address.ts';
import { accountTransactionRows } from './account-transactions.ts';
import { fungibleAssetActivityRows } from './fungible-asset-activities.ts';
import { balanceRows, metadataRows, type RowVersions } from './fungible-asset-state.ts';
import { objectTokenRows, tokenActivityRows } from './objects-tokens.ts';
import { indexerTimestamp, type IndexerRows, type IndexerState, type IndexerTransaction } from './processor-input.ts';
import { tableItemRows } from './table-items.ts';
import { blockMetadataRows, eventRows, userTransactionRows } from './transaction-rows.ts';
import { writtenKeys, type WrittenKey } from './written-state.ts';

/** The processor names the hosted indexer reports in `processor_status` (the TypeScript SDK's `ProcessorType`). */
export const PROCESSOR_NAMES: readonly string[] = [
  'account_transactions_processor',
  'default_processor',
  'events_processor',
  'fungible_asset_processor',
  'objects_processor',
  'token_v2_processor',
  'user_transaction_processor',
];

/** No table left out (see {@link processTransaction}). */
const NO_TABLES: ReadonlySet<string> = new Set();

/**
 * The rows of one transaction. `current`: also the current tables' rows from its write set (false where the file's
 * current tables were seeded from a later state, e.g. a capture's transactions below its version). `skipped`: log
 * tables not derived (`events`, `table_items`: the writer serves them as views of the file's own tables,
 * electron/indexer/event-view.ts and table-item-view.ts, so only `snapshot verify` derives them).
 */
export function processTransaction(
  input: IndexerTransaction,
  state: IndexerState,
  current = true,
  skipped: ReadonlySet<string> = NO_TABLES,
): IndexerRows {
  const rows: IndexerRows = new Map();
  const written = input.writeSet === undefined ? [] : writtenKeys(input.writeSet);
  if (current) state.prime?.(input.transaction.version, written);
  userTransactionRows(input, rows);
  blockMetadataRows(input, rows);
  if (!skipped.has('events')) eventRows(input, state, rows);
  accountTransactionRows(input, written, state, rows);
  fungibleAssetActivityRows(input, written, state, rows);
  tokenActivityRows(input, state, rows);
  if (!skipped.has('table_items')) tableItemRows(input, written, state, rows);
  if (current) {
    const version = input.transaction.version;
    currentRows(written, { row: version, read: version }, state, rows, input.transaction.timestampUsec, false);
  }
  return rows;
}

/**
 * The current tables' rows of state written at `at.row` but read as of `at.read`: a pruned file's seed, the state
 * before its oldest version whose history is gone (each key's newest write there is all that remains).
 */
export function processSeed(
  written: readonly WrittenKey[],
  at: RowVersions,
  state: IndexerState,
  timestampUsec: bigint,
): IndexerRows {
  const rows: IndexerRows = new Map();
  currentRows(written, at, state, rows, timestampUsec, true);
  return rows;
}

function currentRows(
  written: readonly WrittenKey[],
  at: RowVersions,
  state: IndexerState,
  rows: IndexerRows,
  timestampUsec: bigint,
  seed: boolean,
): void {
  balanceRows(written, at, state, rows, timestampUsec);
  metadataRows(written, at, state, rows, timestampUsec);
  objectTokenRows(written, at, state, rows, timestampUsec, seed);
}

/** `processor_status` (every processor at the newest version) and `ledger_infos`. */
export function statusRows(latestVersion: bigint, latestTimestampUsec: bigint, chainId: number): IndexerRows {
  const stamp = indexerTimestamp(latestTimestampUsec);
  const rows: IndexerRows = new Map();
  rows.set(
    'processor_status',
    PROCESSOR_NAMES.map((processor) => ({
      processor,
      last_success_version: latestVersion,
      last_updated: stamp,
      last_transaction_timestamp: stamp,
    })),
  );
  rows.set('ledger_infos', [{ chain_id: chainId }]);
  return rows;
}

/** Long address text, as every address column stores it. */
export const indexerAddress = formatAddressLong;
