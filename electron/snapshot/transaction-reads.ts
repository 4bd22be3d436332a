/**
 * The store's transaction reads (by version, by hash, a version's write set and events) over formats v1 and v2.
 * A v1 file answers with what it has: the summary row (no details), the handle events of a version, no write set.
 */
import type Database from 'better-sqlite3';
import { plan } from './snapshot-queries.ts';
import { CAPTURED_WRITE_SETS_TABLE } from './schema.ts';
import { parseStoredJson } from './stored-json.ts';
import type {
  StoredTransaction,
  StoredTransactionDetails,
  StoredTransactionEvent,
  StoredWriteOp,
  TransactionKind,
} from './ledger-store.ts';
import type { SnapshotMeta } from './open-snapshot.ts';

const I64_MAX = (1n << 63n) - 1n;

interface TransactionRowData {
  readonly version: number;
  readonly block_height: number;
  readonly hash: Uint8Array;
  readonly kind: TransactionKind;
  readonly sender: Uint8Array | null;
  readonly sequence_number: number | null;
  readonly nonce: number | null;
  readonly entry_function: string | null;
  readonly gas_unit_price: number;
  readonly max_gas_amount: number;
  readonly gas_used: number;
  readonly success: number;
  readonly timestamp_usec: number | bigint;
  readonly state_change_hash?: Uint8Array | null;
  readonly event_root_hash?: Uint8Array | null;
  readonly state_checkpoint_hash?: Uint8Array | null;
  readonly accumulator_root_hash?: Uint8Array | null;
  readonly vm_status?: string | null;
  readonly expiration_timestamp_secs?: number | null;
  readonly payload?: string | null;
  readonly payload_bcs?: Uint8Array | null;
  readonly signature?: string | null;
  readonly signature_kind?: string | null;
  readonly secondary_signers?: Uint8Array | null;
  readonly fee_payer?: Uint8Array | null;
  readonly kind_fields?: string | null;
  readonly write_set_size?: number | null;
  readonly event_count?: number | null;
}

const optional = <T, R>(value: T | null | undefined, map: (v: T) => R): R | undefined =>
  value === null || value === undefined ? undefined : map(value);

/**
 * Details of one row. The JSON columns (payload, signature, kind fields) are parsed on first use: most callers of a
 * transaction read only some of them, and parsing is most of the cost of a lookup.
 */
class RowDetails implements StoredTransactionDetails {
  readonly #row: TransactionRowData;
  #payload: unknown;
  #signature: unknown;
  #kindFields: Readonly<Record<string, unknown>> | undefined;
  #parsed = 0;

  constructor(row: TransactionRowData) {
    this.#row = row;
  }

  get stateChangeHash(): Uint8Array {
    return this.#row.state_change_hash ?? new Uint8Array(32);
  }
  get eventRootHash(): Uint8Array {
    return this.#row.event_root_hash ?? new Uint8Array(32);
  }
  get stateCheckpointHash(): Uint8Array | undefined {
    return this.#row.state_checkpoint_hash ?? undefined;
  }
  get accumulatorRootHash(): Uint8Array {
    return this.#row.accumulator_root_hash ?? new Uint8Array(32);
  }
  get vmStatus(): string {
    return this.#row.vm_status ?? '';
  }
  get expirationTimestampSecs(): bigint | undefined {
    return optional(this.#row.expiration_timestamp_secs, BigInt);
  }
  get payload(): unknown {
    if (!(this.#parsed & 1)) {
      this.#payload = optional(this.#row.payload, (text) => parseStoredJson(text, 'payload', this.#row.version));
      this.#parsed |= 1;
    }
    return this.#payload;
  }
  get payloadBcs(): Uint8Array | undefined {
    return this.#row.payload_bcs ?? undefined;
  }
  get signature(): unknown {
    if (!(this.#parsed & 2)) {
      this.#signature = optional(this.#row.signature, (text) => parseStoredJson(text, 'signature', this.#row.version));
      this.#parsed |= 2;
    }
    return this.#signature;
  }
  get signatureKind(): string | undefined {
    return this.#row.signature_kind ?? undefined;
  }
  get secondarySigners(): readonly Uint8Array[] {
    const signers = this.#row.secondary_signers ?? new Uint8Array(0);
    return Array.from({ length: signers.length / 32 }, (_, i) => signers.subarray(i * 32, i * 32 + 32));
  }
  get feePayer(): Uint8Array | undefined {
    return this.#row.fee_payer ?? undefined;
  }
  get kindFields(): Readonly<Record<string, unknown>> | undefined {
    if (!(this.#parsed & 4)) {
      this.#kindFields = optional(
        this.#row.kind_fields,
        (text) => parseStoredJson(text, 'kind_fields', this.#row.version) as Record<string, unknown>,
      );
      this.#parsed |= 4;
    }
    return this.#kindFields;
  }
  get writeSetSize(): number {
    return this.#row.write_set_size ?? 0;
  }
  get eventCount(): number {
    return this.#row.event_count ?? 0;
  }
}

function details(row: TransactionRowData): StoredTransactionDetails | undefined {
  if (!row.state_change_hash || !row.event_root_hash || !row.accumulator_root_hash) return undefined;
  return new RowDetails(row);
}

function toTransaction(row: TransactionRowData): StoredTransaction {
  return {
    version: BigInt(row.version),
    blockHeight: BigInt(row.block_height),
    hash: row.hash,
    kind: row.kind,
    sender: row.sender ?? undefined,
    sequenceNumber: optional(row.sequence_number, BigInt),
    nonce: optional(row.nonce, BigInt),
    entryFunction: row.entry_function ?? undefined,
    gasUnitPrice: BigInt(row.gas_unit_price),
    maxGasAmount: BigInt(row.max_gas_amount),
    gasUsed: BigInt(row.gas_used),
    success: row.success === 1,
    timestampUsec: BigInt(row.timestamp_usec),
    details: details(row),
  };
}

/** An event's row as the snapshot stores it (handle events carry their stream; module events NULL there). */
export interface EventRowData {
  readonly event_index: number;
  readonly address: Uint8Array | null;
  readonly creation_number: number | null;
  readonly sequence_number: number | null;
  readonly type_tag: string;
  readonly data: Uint8Array;
}

/** Prepared transaction reads over one open snapshot. */
export class TransactionReads {
  readonly #byVersion: Database.Statement;
  readonly #byHash: Database.Statement;
  readonly #writeSet: Database.Statement | undefined;
  /** A capture's stored write sets (`captured_write_sets`), when the file has them. */
  readonly #capturedWriteSet: Database.Statement | undefined;
  readonly #events: Database.Statement;
  readonly #ordered: { readonly from: Database.Statement; readonly newest: Database.Statement };
  readonly #meta: SnapshotMeta;
  readonly #captured: boolean;
  readonly #hasDetails: Database.Statement | undefined;

  /**
   * Prepares the statements the file's format allows; `captured`: the file is a capture (its write sets are those of
   * the transactions it kept in full, in `captured_write_sets`, when it has that table).
   */
  constructor(db: Database.Database, meta: SnapshotMeta, captured: boolean) {
    this.#meta = meta;
    this.#captured = captured;
    const v2 = meta.formatVersion >= 2;
    const select = v2
      ? `SELECT t.*, d.state_change_hash, d.event_root_hash, d.state_checkpoint_hash, d.accumulator_root_hash,
           d.vm_status, d.expiration_timestamp_secs, d.payload, d.payload_bcs, d.signature, d.signature_kind,
           d.secondary_signers, d.fee_payer, d.kind_fields, d.write_set_size, d.event_count
         FROM transactions t LEFT JOIN transaction_details d ON d.version = t.version`
      : 'SELECT t.* FROM transactions t';
    this.#byVersion = db.prepare(plan(`${select} WHERE t.version = ?`));
    // v1 files have no index on hash: a lookup there scans (acceptable for the old format's small files).
    this.#byHash = db.prepare(plan(`${select} WHERE t.hash = ? ORDER BY t.version LIMIT 1`));
    this.#writeSet = v2
      ? db.prepare(
          plan(
            // `existed`: whether the key had a value before (a Modification rather than a Creation in BCS).
            'SELECT s.state_key, s.value, (SELECT p.value IS NOT NULL FROM state_values p WHERE p.state_key = ' +
              's.state_key AND p.version < s.version ORDER BY p.version DESC LIMIT 1) AS existed ' +
              'FROM state_values s INDEXED BY state_values_by_version WHERE s.version = ? ORDER BY s.state_key',
          ),
        )
      : undefined;
    const hasCapturedWriteSets =
      v2 &&
      captured &&
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(CAPTURED_WRITE_SETS_TABLE) !==
        undefined;
    // Only a transaction kept in full (a details row) has its write set stored; any other version cannot tell.
    this.#capturedWriteSet = hasCapturedWriteSets
      ? db.prepare(plan('SELECT state_key, value FROM captured_write_sets WHERE version = ? ORDER BY position'))
      : undefined;
    this.#hasDetails = hasCapturedWriteSets
      ? db.prepare(plan('SELECT 1 FROM transaction_details WHERE version = ?'))
      : undefined;
    // A sender's versions grow with its sequence numbers, so version order is sequence order (primary key scan).
    const ordered = `SELECT a.version FROM account_transactions a JOIN transactions t ON t.version = a.version
      WHERE a.sender = ? AND t.kind = 'user' AND t.nonce IS NULL AND t.sequence_number IS NOT NULL`;
    this.#ordered = {
      from: db.prepare(plan(`${ordered} AND t.sequence_number >= ? ORDER BY a.version LIMIT ?`)),
      newest: db.prepare(plan(`${ordered} ORDER BY a.version DESC LIMIT ?`)),
    };
    const handleEvents = `SELECT event_index, address, creation_number, sequence_number, type_tag, data FROM events
      INDEXED BY events_by_version WHERE version = :version`;
    this.#events = db.prepare(
      plan(
        v2
          ? `${handleEvents} UNION ALL SELECT event_index, NULL, NULL, NULL, type_tag, data FROM module_events
             WHERE version = :version ORDER BY event_index`
          : `${handleEvents} ORDER BY event_index`,
      ),
    );
  }

  /** See LedgerStore.transaction. */
  transaction(version: bigint): StoredTransaction | undefined {
    if (version < 0n || version > I64_MAX) return undefined;
    const row = this.#byVersion.get(version) as TransactionRowData | undefined;
    return row ? toTransaction(row) : undefined;
  }

  /** See LedgerStore.accountTransactionVersions. */
  accountTransactionVersions(sender: Uint8Array, start: bigint | undefined, limit: number): readonly bigint[] {
    if (start !== undefined && start > I64_MAX) return [];
    const rows =
      start === undefined
        ? (this.#ordered.newest.pluck().all(sender, limit) as number[]).reverse()
        : (this.#ordered.from.pluck().all(sender, start, limit) as number[]);
    return rows.map((version) => BigInt(version));
  }

  /** See LedgerStore.transactionByHash. */
  transactionByHash(hash: Uint8Array): StoredTransaction | undefined {
    if (hash.length !== 32) return undefined;
    const row = this.#byHash.get(hash) as TransactionRowData | undefined;
    return row ? toTransaction(row) : undefined;
  }

  /** See LedgerStore.writeSet. */
  writeSet(version: bigint): readonly StoredWriteOp[] | undefined {
    const { oldestVersion, latestVersion } = this.#meta;
    if (this.#captured) return this.#capturedOps(version);
    if (!this.#writeSet || this.#captured || version < oldestVersion || version > latestVersion) return undefined;
    const rows = this.#writeSet.all(version) as {
      state_key: Uint8Array;
      value: Uint8Array | null;
      existed: number | null;
    }[];
    return rows.map((row) => ({ stateKey: row.state_key, value: row.value ?? undefined, existed: row.existed === 1 }));
  }

  /** A capture's stored write set of `version` (node order), or undefined when it kept no transaction there in full. */
  #capturedOps(version: bigint): readonly StoredWriteOp[] | undefined {
    if (!this.#capturedWriteSet || !this.#hasDetails || version < 0n || version > this.#meta.latestVersion)
      return undefined;
    if (this.#hasDetails.get(version) === undefined) return undefined;
    const rows = this.#capturedWriteSet.all(version) as { state_key: Uint8Array; value: Uint8Array | null }[];
    // The node's JSON of a change does not say whether the key existed before, and a capture holds no earlier
    // state: a write is taken as a modification (docs/api.md, "BCS of transactions", deviation 8).
    return rows.map((row) => ({ stateKey: row.state_key, value: row.value ?? undefined, existed: true }));
  }

  /** See LedgerStore.transactionEvents. */
  transactionEvents(version: bigint): readonly StoredTransactionEvent[] {
    if (version < 0n || version > I64_MAX) return [];
    return (this.#events.all({ version }) as EventRowData[]).map(storedEvent);
  }
}

/** A stored event row as the store's `transactionEvents` answers it. */
export function storedEvent(row: EventRowData): StoredTransactionEvent {
  return {
    index: row.event_index,
    stream:
      row.address === null
        ? undefined
        : {
            address: row.address,
            creationNumber: BigInt(row.creation_number ?? 0),
            sequenceNumber: BigInt(row.sequence_number ?? 0),
          },
    typeTag: row.type_tag,
    data: row.data,
  };
}
