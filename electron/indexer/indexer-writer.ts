/**
 * Writes derived indexer rows into a snapshot being written or upgraded: creates the `ix_*` tables, inserts each
 * batch, chains the history of current tables (`_valid_to` of a key's previous row = the version of its next), and
 * builds the indexes at the end. Used by the snapshot writer (generate, capture) and `snapshot upgrade`.
 */
import type Database from 'better-sqlite3';
import { VALID_TO_COLUMN, type IndexerTable } from './indexer-table.ts';
import {
  createIndexerTables,
  createInterner,
  currentKey,
  indexerIndexSql,
  rowVersion,
  storedValue,
} from './indexer-storage.ts';
import { deriveIndexerRows, type DeriveProgress } from './derive-tables.ts';
import type { IndexerRow, IndexerRows } from './processors/processor-input.ts';
import { INDEXER_TABLES } from './tables/index.ts';
import { INDEXER_VIEWS, isIndexerView, storageTable } from './indexer-views.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { encodeCodedText, type CodedValue, type Interner, type StorageCodec } from './indexer-codecs.ts';

/** The log tables served as views of the file's own tables (indexer-views.ts), which the writer does not derive. */
const VIEWS_OF_THE_FILE: ReadonlySet<string> = new Set(Object.keys(INDEXER_VIEWS));

/** Rows written per table, for the writer's summary and the benchmarks. */
export type IndexerCounts = Record<string, number>;

/**
 * Rows per multi-row `INSERT`: one statement run per chunk instead of per row (the per-run cost of binding and
 * stepping dominated the writing). SQLite allows 32,766 parameters; the widest table has fewer than 30 columns.
 */
const CHUNK_ROWS = 128;

type StoredValue = CodedValue;

interface TableWriter {
  readonly table: IndexerTable;
  /** The stored table's name; undefined for a view (indexer-views.ts): its rows are the file's own. */
  readonly stored: string | undefined;
  /** Columns inserted per row: the table's, then `_valid_to` for a current table. */
  readonly width: number;
  /** The table's column names, in order. */
  readonly names: readonly string[];
  /** Per column, its codec where the table stores coded columns (indexer-views.ts), else undefined. */
  readonly codecs: readonly (StorageCodec | undefined)[];
  /** The statement inserting a full chunk (made on first use). */
  chunkInsert: Database.Statement | undefined;
  /** Rows not yet inserted, their values flattened, in derivation order. */
  pending: StoredValue[];
  /** Per pending row: its current key (current tables). */
  pendingKeys: string[];
  /**
   * Current tables: each key's newest row, as a pending index (a number ≥ 0 whose `_valid_to` is set before it is
   * inserted) or as the rowid of an inserted row (a bigint, whose `_valid_to` the next row of the key updates).
   */
  readonly newest: Map<string, number | bigint> | undefined;
  readonly close: Database.Statement | undefined;
}

/** Inserts derived rows into the `ix_*` tables of `db` (inside the caller's transaction). */
export class IndexerTableWriter {
  readonly #db: Database.Database;
  readonly #tables = new Map<string, TableWriter>();
  readonly counts: IndexerCounts = {};
  readonly #intern: Interner;
  #pending = 0;

  /** Creates the tables on `db`. */
  constructor(db: Database.Database) {
    this.#db = db;
    createIndexerTables(db);
    this.#intern = createInterner(db);
    for (const table of INDEXER_TABLES) {
      const stored = storageTable(table);
      const current = stored !== undefined && table.history.kind === 'current';
      this.#tables.set(table.name, {
        table,
        stored,
        width: table.columns.length + (current ? 1 : 0),
        names: table.columns.map((c) => c.name),
        codecs: table.columns.map((c) => (stored !== undefined && isIndexerView(table) ? c.codec : undefined)),
        chunkInsert: undefined,
        pending: [],
        pendingKeys: [],
        newest: current ? new Map() : undefined,
        close: current ? db.prepare(`UPDATE "${stored}" SET ${VALID_TO_COLUMN} = ? WHERE rowid = ?`) : undefined,
      });
      this.counts[table.name] = 0;
    }
  }

  /** Queues one batch of rows; they are inserted a chunk at a time, the rest by {@link finish}. */
  write(rows: IndexerRows): void {
    for (const [name, list] of rows) {
      const writer = this.#tables.get(name);
      if (writer === undefined) throw new Error(`no indexer table named ${name}`);
      this.counts[name] = (this.counts[name] ?? 0) + list.length;
      if (writer.stored === undefined) continue;
      for (const row of list) this.#queue(writer, row);
      this.#pending += list.length;
    }
    // Commit in large batches, as the snapshot writer does, so the journal of one transaction stays bounded.
    if (this.#pending >= 200_000) {
      this.#flushAll();
      this.#db.exec('COMMIT');
      this.#db.exec('BEGIN');
      this.#pending = 0;
    }
  }

  /** Inserts every queued row (inside the caller's transaction). */
  finish(): void {
    this.#flushAll();
  }

  /** Builds the indexes (after the rows: cheaper in bulk). Call outside a transaction. */
  indexes(): void {
    for (const sql of indexerIndexSql()) this.#db.exec(sql);
  }

  #queue(writer: TableWriter, row: IndexerRow): void {
    const { table, newest, pending, names, codecs } = writer;
    const index = pending.length / writer.width;
    // What indexer-views.ts `compactValues(table, storedRow(table, row))` gives, without its two arrays per row.
    for (let i = 0; i < names.length; i += 1) {
      const value = storedValue(row[names[i] as string]);
      const codec = codecs[i];
      pending.push(
        codec === undefined || typeof value !== 'string' ? value : encodeCodedText(codec, value, this.#intern),
      );
    }
    if (newest !== undefined) {
      pending.push(null);
      const key = currentKey(table, row);
      const previous = newest.get(key);
      // The key's previous row ends where this one starts: set in place while it waits, updated once inserted.
      if (typeof previous === 'number') pending[(previous + 1) * writer.width - 1] = rowVersion(table, row);
      else if (previous !== undefined) writer.close?.run(rowVersion(table, row), previous);
      newest.set(key, index);
      writer.pendingKeys.push(key);
    }
    if (index + 1 >= CHUNK_ROWS) this.#flush(writer);
  }

  #flushAll(): void {
    for (const writer of this.#tables.values()) this.#flush(writer);
  }

  /** Inserts the queued rows of one table; its current keys' newest rows become rowids. */
  #flush(writer: TableWriter): void {
    const count = writer.pending.length / writer.width;
    if (count === 0) return;
    let statement: Database.Statement;
    if (count === CHUNK_ROWS) statement = writer.chunkInsert ??= this.#insertStatement(writer, CHUNK_ROWS);
    else statement = this.#insertStatement(writer, count);
    // Rows of one INSERT take consecutive rowids after the table's largest (nothing else writes the table).
    const last = BigInt(statement.run(writer.pending).lastInsertRowid);
    const { newest } = writer;
    if (newest !== undefined)
      writer.pendingKeys.forEach((key, i) => {
        if (newest.get(key) === i) newest.set(key, last - BigInt(count - 1 - i));
      });
    writer.pending = [];
    writer.pendingKeys = [];
  }

  #insertStatement(writer: TableWriter, rows: number): Database.Statement {
    const names = writer.table.columns.map((c) => `"${c.name}"`);
    if (writer.newest !== undefined) names.push(VALID_TO_COLUMN);
    const one = `(${names.map(() => '?').join(', ')})`;
    const values = Array.from({ length: rows }, () => one).join(', ');
    return this.#db.prepare(`INSERT INTO "${writer.stored}" (${names.join(', ')}) VALUES ${values}`);
  }
}

/**
 * Derives and writes the indexer tables of the snapshot open as `store` over the writable connection `db` (the
 * writer's, before the file is renamed into place; or an upgrade's copy), telling `meter` how far it has come.
 * Returns the rows written per table.
 */
export function writeIndexerTables(store: SnapshotStore, db: Database.Database, meter?: DeriveProgress): IndexerCounts {
  const writer = new IndexerTableWriter(db);
  db.exec('BEGIN');
  try {
    // A view of the file's own tables stores nothing: those the processors would derive only for it are not derived.
    deriveIndexerRows(store, db, (rows) => writer.write(rows), undefined, meter, VIEWS_OF_THE_FILE);
    writer.finish();
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
  writer.indexes();
  return writer.counts;
}
