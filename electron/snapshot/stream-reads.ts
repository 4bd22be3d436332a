/**
 * The store's paged reads of one stream: an event handle's events by sequence number and a sender's transaction
 * summaries by version, each a page forwards from a start or the newest page.
 */
import { formatAddress } from '../../shared/address.ts';
import type { SnapshotQueries } from './snapshot-queries.ts';
import { storedBlob } from './stored-blob.ts';
import type * as storeRows from './store-rows.ts';
import type { StoredEvent, StoredTransactionSummary, SummaryQuery } from './ledger-store.ts';

/**
 * Largest integer SQLite stores. The interface takes any u64; a counter or version above this
 * matches nothing (binding it would throw, which callers would read as "the ledger cannot be read").
 */
export const I64_MAX = (1n << 63n) - 1n;

/** One page of an event stream: `limit` events from sequence number `start`, or the newest `limit`, ascending. */
export function eventsPage(
  q: SnapshotQueries,
  file: string,
  stream: { readonly address: Uint8Array; readonly creationNumber: bigint },
  start: bigint | undefined,
  limit: number,
): readonly StoredEvent[] {
  const { address, creationNumber } = stream;
  if (creationNumber > I64_MAX || (start !== undefined && start > I64_MAX)) return [];
  const rows =
    start === undefined
      ? (q.newestEvents.all(address, creationNumber, limit) as storeRows.EventRow[]).reverse()
      : (q.eventsFrom.all(address, creationNumber, start, limit) as storeRows.EventRow[]);
  return rows.map((row) => ({
    version: BigInt(row.version),
    address,
    creationNumber,
    sequenceNumber: BigInt(row.sequence_number),
    typeTag: row.type_tag,
    data:
      storedBlob(
        row.data,
        file,
        () => `the data of event ${creationNumber}/${row.sequence_number} of ${formatAddress(address)}`,
      ) ?? new Uint8Array(0),
  }));
}

/** One page of a sender's transaction summaries within the query's versions (no higher than `latest`), ascending. */
export function summariesPage(
  q: SnapshotQueries,
  latest: bigint,
  sender: Uint8Array,
  query: SummaryQuery,
): readonly StoredTransactionSummary[] {
  const { startVersion, limit } = query;
  // No transaction lies above the latest version, so a larger end is the latest.
  const endVersion = query.endVersion === undefined || query.endVersion > latest ? latest : query.endVersion;
  let rows: storeRows.SummaryRow[];
  if (startVersion !== undefined) {
    if (startVersion > endVersion) return [];
    rows = q.summariesFrom.all(sender, startVersion, endVersion, limit) as storeRows.SummaryRow[];
  } else {
    rows = (q.summariesUpTo.all(sender, endVersion, limit) as storeRows.SummaryRow[]).reverse();
  }
  return rows.map((row) => ({
    sender,
    version: BigInt(row.version),
    hash: row.hash,
    replayProtector:
      row.nonce === null
        ? { type: 'sequence_number', value: BigInt(row.sequence_number ?? 0) }
        : { type: 'nonce', value: BigInt(row.nonce) },
  }));
}
