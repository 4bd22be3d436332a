/**
 * What one indexer table is: the contract between the processors that fill the tables
 * (electron/indexer/processors/, electron/indexer/tables/) and the GraphQL layer that answers them
 * (electron/indexer/graphql/). Names are the hosted indexer's Hasura names, so the official clients'
 * queries validate unchanged; how a table answers "as of version V" is declared here once.
 */
import type { StorageCodec } from './indexer-codecs.ts';

/** Hasura's scalar names, as the official clients spell them in their variable types. */
export type IndexerScalar = 'String' | 'bigint' | 'numeric' | 'Boolean' | 'timestamp' | 'jsonb' | 'Int';

/** One column: its Hasura name and scalar type. */
export interface IndexerColumn {
  readonly name: string;
  readonly type: IndexerScalar;
  /** Whether the column may be null (Hasura then allows `_is_null`). */
  readonly nullable?: boolean;
  /** How the snapshot stores it when not as its text (indexer-codecs.ts); the view renders the text back. */
  readonly codec?: StorageCodec;
}

/**
 * How a table answers as of version V.
 * - `log`: rows appended per transaction (activities, account_transactions, user_transactions, events…): rows with
 *   `versionColumn` ≤ V.
 * - `current`: the `current_*` tables. Every state a key ever had is stored, one row per (key, version), with the
 *   storage column `_valid_to` = the version of the next row of the same key (NULL while it is the newest). As of V:
 *   `versionColumn <= V AND (_valid_to IS NULL OR _valid_to > V)`.
 * - `static`: the same at every version (e.g. ledger_infos).
 */
export type TableHistory =
  | { readonly kind: 'log'; readonly versionColumn: string }
  | { readonly kind: 'current'; readonly key: readonly string[]; readonly versionColumn: string }
  | { readonly kind: 'static' };

/** A Hasura relationship: `object` (at most one row) or `array`, joined on local column → remote column. */
export interface IndexerRelationship {
  readonly name: string;
  readonly kind: 'object' | 'array';
  readonly table: string;
  readonly on: Readonly<Record<string, string>>;
}

/** One table as GraphQL exposes it and as the snapshot stores it (`ix_<name>`). */
export interface IndexerTable {
  readonly name: string;
  readonly columns: readonly IndexerColumn[];
  readonly history: TableHistory;
  readonly relationships: readonly IndexerRelationship[];
  /** Whether `<name>_aggregate` is exposed (as the hosted indexer does for this table). */
  readonly aggregate: boolean;
  /**
   * Columns the connection's TEMP view renders with the indexer's functions, and how to render them from the view's
   * other columns (set by the GraphQL engine for a file of this build's layout: graphql/decoded-on-read.ts).
   */
  readonly decodedOnRead?: DecodedColumns | undefined;
}

/** A column rendered on read: the view's columns it reads and its SQL over them (`ref` names one column). */
export interface DecodedColumn {
  readonly reads: readonly string[];
  readonly sql: (ref: (column: string) => string) => string;
}

/** Decoded columns by name. */
export type DecodedColumns = Readonly<Record<string, DecodedColumn>>;

/** The storage column of `current` tables: the version that superseded the row, NULL while it is the newest. */
export const VALID_TO_COLUMN = '_valid_to';

/** The SQLite table that stores `table`. */
export function indexerSqlTable(table: Pick<IndexerTable, 'name'>): string {
  return `ix_${table.name}`;
}

/**
 * SQLite storage of each scalar: versions, counts and gas as INTEGER; `numeric` (u64/u128 amounts, which overflow
 * SQLite's i64) as decimal TEXT; Boolean as 0/1; timestamp as ISO text without zone (Hasura's `timestamp`); jsonb as
 * JSON text.
 */
export const SQLITE_AFFINITY: Readonly<Record<IndexerScalar, 'INTEGER' | 'TEXT'>> = {
  String: 'TEXT',
  bigint: 'INTEGER',
  numeric: 'TEXT',
  Boolean: 'INTEGER',
  timestamp: 'TEXT',
  jsonb: 'TEXT',
  Int: 'INTEGER',
};

/** The declared type of a stored column: its scalar's, or its codec's (a BLOB column converts nothing). */
function storedAffinity(column: IndexerColumn): string {
  if (column.codec === 'hex') return 'BLOB';
  if (column.codec === 'time' || column.codec === 'intern') return 'INTEGER';
  return SQLITE_AFFINITY[column.type];
}

/**
 * `CREATE TABLE` for one indexer table (no indexes: the storage layer adds those it needs), named `sqlName` (by
 * default `ix_<name>`; the storage layer names the rows behind a view otherwise: indexer-views.ts).
 */
export function indexerTableDdl(table: IndexerTable, sqlName = indexerSqlTable(table)): string {
  const columns = table.columns.map((c) => `${quote(c.name)} ${storedAffinity(c)}`);
  if (table.history.kind === 'current') columns.push(`${VALID_TO_COLUMN} INTEGER`);
  return `CREATE TABLE IF NOT EXISTS ${quote(sqlName)} (${columns.join(', ')})`;
}

function quote(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return `"${name}"`;
}
