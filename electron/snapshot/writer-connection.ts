/**
 * How the snapshot writer's connection is set up before the schema: fast, unsynchronised writes into a partial file
 * that is renamed only when complete, with memory bounded whatever the chain's length.
 */
import type Database from 'better-sqlite3';
import { SNAPSHOT_APPLICATION_ID } from './schema.ts';

/** Sets the writer's pragmas on `db`, and marks the file as a snapshot of `format`. */
export function configureWriterConnection(db: Database.Database, format: number): void {
  // journal_mode=OFF is refused by this SQLite build (defensive mode). The journal is a file, not memory: it keeps
  // the original of every existing page a transaction changes, and rows land all over the big tables' B-trees, so
  // an in-memory journal grew with the file (≈ one page per row of a batch) and the writer's memory with it.
  db.pragma('journal_mode = TRUNCATE');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  // The finishing index builds sort millions of rows: in temporary files (the OS caches them), not in this
  // process's memory, whose size would otherwise grow with the chain.
  db.pragma('temp_store = FILE');
  db.pragma(`application_id = ${SNAPSHOT_APPLICATION_ID}`);
  db.pragma(`user_version = ${format}`);
}
