/**
 * What an indexer processor reads and writes. A processor is a pure function of one transaction (its stored row,
 * events and write set, docs/snapshot-format.md) and of state reads as of a version; it returns rows keyed by the
 * hosted table names of electron/indexer/tables/. The generator, capture, `snapshot upgrade`, `snapshot verify`
 * and the tests all run the same functions over the same stored data, so they derive the same rows.
 */
import type { AbiLookup } from '../../../shared/move/abi.ts';
import type { StoredTransaction, StoredTransactionEvent, StoredWriteOp } from '../../snapshot/ledger-store.ts';
import type { StateReader } from '../../service/view/state-reader.ts';

/** One value of an indexer row, as stored: numbers and bigints for integers, decimal text for `numeric`. */
export type IndexerValue = string | number | bigint | boolean | null;

/** One row: column name → value (columns of indexer-table.ts; a missing column is stored as NULL). */
export type IndexerRow = Readonly<Record<string, IndexerValue>>;

/** Rows by table name, each table's rows in the order they were derived. */
export type IndexerRows = Map<string, IndexerRow[]>;

/** One transaction as the processors see it. */
export interface IndexerTransaction {
  readonly transaction: StoredTransaction;
  /** The epoch of the transaction's block. */
  readonly epoch: bigint;
  /** Its events in emission order (handle and module events). */
  readonly events: readonly StoredTransactionEvent[];
  /** Its write set; undefined where the file does not hold it (below a pruned file's oldest version). */
  readonly writeSet: readonly StoredWriteOp[] | undefined;
}

/** The state reads processors may make, all "as of version V" (the newest write at or below V). */
export interface IndexerState {
  /** Resources, resource-group members (through their group) and table items. */
  readonly reader: StateReader;
  /** The raw state: a resource group's tag answers the group's whole value. */
  readonly raw: StateReader;
  /** The module ABIs in force at a version (decoding events and table items to JSON). */
  abiLookup(version: bigint): AbiLookup;
  /** A table's key and value types, as the snapshot's `table_info` knows them. */
  tableTypes(handle: Uint8Array): { readonly keyType: string; readonly valueType: string } | undefined;
  /** The version of the newest write of `stateKey` at or below `version` (a deletion included). */
  writeVersion(stateKey: Uint8Array, version: bigint): bigint | undefined;
  /** The timestamp of the transaction at `version`, if the file has its row. */
  timestampUsec(version: bigint): bigint | undefined;
  /**
   * Told the writes of the transaction at `version` before its processors run, a state that may answer reads of
   * those keys as of `version` from them (the written value is the newest at or below it) instead of reading.
   * `from`, a pruned file's seed: the writes are every key's newest at or below `version` (deletions included),
   * `from[i]` the version of `written[i]`.
   */
  readonly prime?: ((version: bigint, written: readonly PrimedWrite[], from?: readonly bigint[]) => void) | undefined;
  /** SHA3-256 for object addresses and state-key hashes (object-hashes.ts): the platform's; else the portable one. */
  readonly sha3?: ((input: Uint8Array) => Uint8Array) | undefined;
}

/** A write a state may be primed with (written-state.ts `WrittenKey`: a table item has no address nor type). */
export interface PrimedWrite {
  readonly kind: 'resource' | 'resource_group' | 'table_item';
  readonly address?: Uint8Array;
  /** The struct tag's text (`formatStructTag`). */
  readonly type?: string;
  readonly op: StoredWriteOp;
}

/** Appends `row` to `table` in `rows`. */
export function emit(rows: IndexerRows, table: string, row: IndexerRow): void {
  const list = rows.get(table);
  if (list === undefined) rows.set(table, [row]);
  else list.push(row);
}

/**
 * Hasura's `timestamp` as the hosted indexer prints it: ISO 8601 without a zone, microseconds with trailing zeros
 * dropped (Postgres' own rendering), e.g. `2024-04-09T20:44:21.65`.
 */
export function indexerTimestamp(usec: bigint): string {
  // One transaction's rows stamp its one timestamp many times: the last text is kept.
  if (usec === lastStamp.usec) return lastStamp.text;
  const text = formatTimestamp(usec);
  lastStamp = { usec, text };
  return text;
}

let lastStamp: { readonly usec: bigint; readonly text: string } = { usec: -1n, text: '' };

function formatTimestamp(usec: bigint): string {
  const seconds = usec / 1_000_000n;
  const fraction = usec % 1_000_000n;
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  if (fraction === 0n) return base;
  return `${base}.${fraction.toString().padStart(6, '0').replace(/0+$/, '')}`;
}
