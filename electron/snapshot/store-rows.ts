/**
 * The shapes of the SQLite rows the snapshot store reads, and their conversion to the store's answers
 * (electron/snapshot/ledger-store.ts).
 */
import type { EventStreamSummary, TableInfo } from './ledger-store.ts';

/** A row of the busiest-event-streams query. */
export interface StreamRow {
  readonly address: Uint8Array;
  readonly creation_number: number;
  readonly count: number;
  readonly latest_sequence_number: number;
  readonly type_tag: string;
  readonly version: number;
}

/** The store's summary of one event stream. */
export function toStreamSummary(row: StreamRow): EventStreamSummary {
  return {
    address: row.address,
    creationNumber: BigInt(row.creation_number),
    count: row.count,
    latestSequenceNumber: BigInt(row.latest_sequence_number),
    typeTag: row.type_tag,
    latestVersion: BigInt(row.version),
  };
}

/** A row of the events queries. */
export interface EventRow {
  readonly version: number;
  readonly sequence_number: number;
  readonly type_tag: string;
  readonly data: Uint8Array;
}
/** A row of the transaction-summaries queries. */
export interface SummaryRow {
  readonly version: number;
  readonly hash: Uint8Array;
  readonly sequence_number: number | null;
  readonly nonce: number | null;
}
/** A row of `table_info`. */
export interface TableInfoRow {
  readonly handle: Uint8Array;
  readonly key_type: string;
  readonly value_type: string;
  readonly owner_address: Uint8Array | null;
  readonly owner_resource: string | null;
  readonly owner_field: string | null;
}

/** The store's description of one table. */
export function toTableInfo(row: TableInfoRow): TableInfo {
  return {
    handle: row.handle,
    keyType: row.key_type,
    valueType: row.value_type,
    ownerAddress: row.owner_address ?? undefined,
    ownerResource: row.owner_resource ?? undefined,
    ownerField: row.owner_field ?? undefined,
  };
}
