/**
 * Writes derived indexer rows into a snapshot being written or upgraded: creates the `ix_*` tables, inserts each
 * batch, chains the history of current tables (`_valid_to` of a key's previous row = the version of its next), and
 * builds the indexes at the end. Used by the snapshot writer (generate, capture) and `snapshot upgrade`.
 */
import type Database from 'better-sqlite3';
import { VALID_TO_COLUMN, type IndexerTable } from './indexer-table.ts';
import { createIndexerTables, currentKey, indexerIndexSql, rowVersion, storedRow } from './indexer-storage.ts';
import { deriveIndexerRows, type DeriveProgress } from './derive-tables.ts';
import type { IndexerRows } from './processors/processor-input.ts';
import { INDEXER_TABLES } from './tables/index.ts';
import { compactValues, storageTable } from './indexer-views.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';

/** Rows written per table, for the writer's summary and the benchmarks. */
export type IndexerCounts = Record<string, number>;

interface TableWriter {
  readonly table: IndexerTable;
  /** Undefined for a view (indexer-views.ts): its rows are the file's own, nothing is written. */
  readonly insert: Database.Statement | undefined;
  /** Current tables: each key's newest row (rowid), whose `_valid_to` the next row of the key sets. */
  readonly newest: Map<string, number | bigint> | undefined;
  readonly close: Database.Statement | undefined;
}

/** Inserts derived rows into the `ix_*` tables of `db` (inside the caller's transaction). */
export class IndexerTableWriter {
  readonly #db: Database.Database;
  readonly #tables = new Map<string, TableWriter>();
  readonly counts: IndexerCounts = {};
  #pending = 0;

  /** Creates the tables on `db`. */
  constructor(db: Database.Database) {
    this.#db = db;
    createIndexerTables(db);
    for (const table of INDEXER_TABLES) {
      const name = storageTable(table);
      if (name === undefined) {
        this.#tables.set(table.name, { table, insert: undefined, newest: undefined, close: undefined });
        this.counts[table.name] = 0;
        continue;
      }
      const columns = table.columns.map((c) => `"${c.name}"`).join(', ');
      const current = table.history.kind === 'current';
      this.#tables.set(table.name, {
        table,
        insert: db.prepare(`INSERT INTO "${name}" (${columns}) VALUES (${table.columns.map(() => '?').join(', ')})`),
        newest: current ? new Map() : undefined,
        close: current ? db.prepare(`UPDATE "${name}" SET ${VALID_TO_COLUMN} = ? WHERE rowid = ?`) : undefined,
      });
      this.counts[table.name] = 0;
    }
  }

  /** Inserts one batch of rows. */
  write(rows: IndexerRows): void {
    for (const [name, list] of rows) {
      const writer = this.#tables.get(name);
      if (writer === undefined) throw new Error(`no indexer table named ${name}`);
      const insert = writer.insert;
      this.counts[name] = (this.counts[name] ?? 0) + list.length;
      if (insert === undefined) continue;
      for (const row of list) {
        const { lastInsertRowid } = insert.run(compactValues(writer.table, row, storedRow(writer.table, row)));
        if (writer.newest !== undefined && writer.close !== undefined) {
          const key = currentKey(writer.table, row);
          const previous = writer.newest.get(key);
          if (previous !== undefined) writer.close.run(rowVersion(writer.table, row), previous);
          writer.newest.set(key, lastInsertRowid);
        }
      }
      this.#pending += list.length;
    }
    // Commit in large batches, as the snapshot writer does, so the journal of one transaction stays bounded.
    if (this.#pending >= 200_000) {
      this.#db.exec('COMMIT');
      this.#db.exec('BEGIN');
      this.#pending = 0;
    }
  }

  /** Builds the indexes (after the rows: cheaper in bulk). Call outside a transaction. */
  indexes(): void {
    for (const sql of indexerIndexSql()) this.#db.exec(sql);
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
    deriveIndexerRows(store, db, (rows) => writer.write(rows), undefined, meter);
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
  writer.indexes();
  return writer.counts;
}
