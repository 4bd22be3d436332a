/**
 * The snapshot writer's finishing steps (snapshot-writer.ts), once every row is written: the staged state rows moved
 * into place (sorted, deduplicated, pruned: state-staging.ts), the meta rows, the indexes built after bulk loading,
 * format v3+'s indexer tables derived from what the file then holds, statistics, and the file placed under its name.
 */
import type Database from 'better-sqlite3';
import {
  META_KEYS,
  POST_LOAD_INDEX_SQL,
  POST_LOAD_INDEX_V2_SQL,
  SNAPSHOT_FORMAT_NAME,
  INDEXER_FORMAT_VERSION,
  type SnapshotFormatVersion,
} from './schema.ts';
import type { SnapshotFinish } from './snapshot-rows.ts';
import { STATE_VALUES_FROM_STAGING_SQL } from './state-staging.ts';
import { placeFinishedFile } from './place-finished-file.ts';
import type { Progress } from './progress.ts';
import { SnapshotStore } from './snapshot-store.ts';
import { writeIndexerTables, type IndexerCounts } from '../indexer/indexer-writer.ts';
import { helperWanted } from '../indexer/derive-thread.ts';

/** What finishing cost in the indexer pass (format v3+; for summaries and benchmarks), and the rows it wrote. */
export interface FinishedFile {
  readonly indexerCounts: IndexerCounts | undefined;
  /** CPU milliseconds (the whole process) spent deriving the indexer tables; 0 below format v3. */
  readonly indexerCpuMs: number;
  /** Wall milliseconds spent deriving the indexer tables; 0 below format v3. */
  readonly indexerWallMs: number;
}

/** Where the file is written and what it is: the open connection, its partial path and its final one. */
export interface FileBeingWritten {
  readonly db: Database.Database;
  readonly tempPath: string;
  readonly path: string;
  readonly format: SnapshotFormatVersion;
  readonly progress: Progress;
}

/** Writes the meta rows of a finished file. */
function writeMeta(db: Database.Database, format: SnapshotFormatVersion, finish: SnapshotFinish): void {
  const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
  meta.run(META_KEYS.format, SNAPSHOT_FORMAT_NAME);
  meta.run(META_KEYS.formatVersion, String(format));
  meta.run(META_KEYS.chainId, String(finish.chainId));
  meta.run(META_KEYS.oldestVersion, String(finish.oldestVersion));
  meta.run(META_KEYS.latestVersion, String(finish.latestVersion));
  meta.run(META_KEYS.nodeSettings, JSON.stringify(finish.settings));
  meta.run(META_KEYS.generator, finish.generator);
  for (const [key, value] of Object.entries(finish.extraMeta ?? {})) meta.run(key, value);
}

/** Derives the indexer tables from the pruned, indexed file (format v3+), timing the pass. */
function deriveIndexerTables(file: FileBeingWritten, finish: SnapshotFinish): FinishedFile {
  const { db, format, progress } = file;
  // Derived from what the file now holds, by the same pass `snapshot upgrade` and `verify` run, after pruning:
  // so a generated file, a capture and an upgraded copy derive alike (electron/indexer/derive-tables.ts).
  const started = process.cpuUsage();
  const wallStarted = performance.now();
  const meta = {
    formatVersion: format,
    chainId: finish.chainId,
    oldestVersion: BigInt(finish.oldestVersion),
    latestVersion: BigInt(finish.latestVersion),
    settings: finish.settings,
    generator: finish.generator,
  };
  // The pass's helper thread, when one runs, reads the file on its own connection while this one writes the
  // indexer tables (electron/indexer/derive-thread.ts): in WAL mode a reader never waits for the writer, nor the
  // writer for it. The file goes back to a rollback journal afterwards, which folds the log into it.
  if (helperWanted()) db.pragma('journal_mode = WAL');
  const indexerCounts = writeIndexerTables(SnapshotStore.over(db, meta, file.tempPath), db, {
    progress,
    phase: 'finishing: deriving the indexer tables',
  });
  const used = process.cpuUsage(started);
  return {
    indexerCounts,
    indexerCpuMs: (used.user + used.system) / 1000,
    indexerWallMs: performance.now() - wallStarted,
  };
}

/**
 * Completes the file: drops state history the pruning window no longer retains (keeping, for each key, the value
 * before `oldestVersion` — so the write set at the oldest version can still tell a creation from a modification —
 * and every write from it on), builds indexes, writes meta, derives the indexer tables, closes the connection and
 * renames the file into place. The connection's transaction of bulk rows must be open.
 */
export function finishSnapshotFile(file: FileBeingWritten, finish: SnapshotFinish): FinishedFile {
  const { db, format, progress } = file;
  db.exec('COMMIT');
  progress.phase('finishing: sorting and pruning the state rows');
  db.exec('BEGIN');
  db.prepare(STATE_VALUES_FROM_STAGING_SQL).run({ oldest: finish.oldestVersion });
  db.exec('DROP TABLE temp.state_staging; DROP TABLE temp.key_liveness');
  writeMeta(db, format, finish);
  db.exec('COMMIT');
  progress.phase('finishing: building indexes');
  db.exec(POST_LOAD_INDEX_SQL);
  if (format >= 2) db.exec(POST_LOAD_INDEX_V2_SQL);
  const finished =
    format >= INDEXER_FORMAT_VERSION
      ? deriveIndexerTables(file, finish)
      : { indexerCounts: undefined, indexerCpuMs: 0, indexerWallMs: 0 };
  progress.phase('finishing: statistics, flushing the file');
  db.exec('ANALYZE');
  db.pragma('journal_mode = DELETE');
  db.close();
  placeFinishedFile(file.tempPath, file.path, finish.replace !== false);
  return finished;
}
