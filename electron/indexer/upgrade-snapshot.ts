/**
 * `ledger-explorer snapshot upgrade IN --out OUT`: writes a format v4 copy of a format v2 snapshot, with the
 * indexer tables derived from its transactions (the same pass the generator runs); and of a format v3 file (the
 * tables as text, some later served as views: electron/indexer/indexer-views.ts), whose tables it drops and derives
 * again in the compact layout (electron/indexer/indexer-codecs.ts). IN is
 * only read: it is copied byte for byte to a partial file beside OUT, the copy is upgraded, and renamed to OUT only
 * when complete.
 */
import { closeSync, copyFileSync, fsyncSync, openSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { openSnapshot } from '../snapshot/open-snapshot.ts';
import { checkOutputPath } from '../snapshot/output-path.ts';
import { INDEXER_FORMAT_VERSION, META_KEYS } from '../snapshot/schema.ts';
import { SnapshotStore } from '../snapshot/snapshot-store.ts';
import { configureWriterConnection } from '../snapshot/writer-connection.ts';
import { writeIndexerTables, type IndexerCounts } from './indexer-writer.ts';
import { indexerSqlTable } from './indexer-table.ts';
import { isIndexerView, storageTable } from './indexer-views.ts';
import { INDEXER_TABLES } from './tables/index.ts';
import { NO_PROGRESS, type Progress } from '../snapshot/progress.ts';
import { helperWanted } from './derive-thread.ts';

/** What an upgrade wrote. */
export interface UpgradeSummary {
  readonly fromVersion: number;
  readonly rows: IndexerCounts;
}

/** A snapshot that cannot be upgraded (already current, too old), said in one line. */
export class UpgradeError extends Error {
  override readonly name = 'UpgradeError';
}

/**
 * The one line that tells a reader of an older file how to get the indexer tables (`currentLayout`: whether a format
 * v4 file's tables are in this build's layout, {@link hasCurrentLayout}); undefined for a current file.
 */
export function indexerUpgradeHint(path: string, formatVersion: number, currentLayout = true): string | undefined {
  if (formatVersion >= INDEXER_FORMAT_VERSION && currentLayout) return undefined;
  if (formatVersion >= INDEXER_FORMAT_VERSION)
    return (
      `${path} is a format v${formatVersion} snapshot whose indexer tables store what this build reads from the ` +
      `file's own tables (events, table items); a copy without them: ` +
      `ledger-explorer snapshot upgrade ${path} --out NEW.db`
    );
  if (formatVersion < 2)
    return (
      `${path} is a format v${formatVersion} snapshot: it has no indexer tables (account history, holdings, ` +
      'GraphQL), and too little to derive them; generate or capture it again'
    );
  if (formatVersion === 3)
    return (
      `${path} is a format v3 snapshot: its indexer tables (account history, holdings, GraphQL) are in an older ` +
      `layout; derive them again on a copy: ledger-explorer snapshot upgrade ${path} --out NEW.db`
    );
  return (
    `${path} is a format v${formatVersion} snapshot without the indexer tables (account history, holdings, ` +
    `GraphQL); add them to a copy: ledger-explorer snapshot upgrade ${path} --out NEW.db`
  );
}

/**
 * Whether every indexer table this build serves as a view is one in the file (not a table of an older v3 writer),
 * and every one it serves as a view of the file's own tables stores no rows of its own (an earlier format v4 writer
 * stored `ix_events_stored` and `ix_table_items_stored`, docs/snapshot-format.md "Indexer tables").
 */
export function hasCurrentLayout(db: Database.Database): boolean {
  const kind = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck();
  return INDEXER_TABLES.every(
    (table) =>
      (!isIndexerView(table) || kind.get(indexerSqlTable(table)) === 'view') &&
      (storageTable(table) !== undefined || kind.get(`${indexerSqlTable(table)}_stored`) === undefined),
  );
}

/** Drops every `ix_*` table and view (their indexes go with them). */
function dropIndexerTables(db: Database.Database): void {
  const objects = db
    .prepare("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name LIKE 'ix\\_%' ESCAPE '\\'")
    .all() as { type: 'table' | 'view'; name: string }[];
  for (const { type, name } of objects) db.exec(`DROP ${type === 'view' ? 'VIEW' : 'TABLE'} "${name}"`);
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/**
 * Upgrades a copy of `input` into `out` (see the file comment), telling `progress` each step and how far the
 * derivation has come; never writes `input`.
 */
export function upgradeSnapshot(
  input: string,
  out: string,
  force = false,
  progress: Progress = NO_PROGRESS,
): UpgradeSummary {
  const { db: source, meta } = openSnapshot(input);
  const current = meta.formatVersion >= INDEXER_FORMAT_VERSION && hasCurrentLayout(source);
  source.close();
  if (current) throw new UpgradeError(`${input} is already format v${meta.formatVersion}: nothing to upgrade`);
  if (meta.formatVersion < 2)
    throw new UpgradeError(indexerUpgradeHint(input, meta.formatVersion) ?? `${input} cannot be upgraded`);
  if (samePath(input, out)) throw new UpgradeError(`--out must name another file than ${input} (it is never modified)`);
  checkOutputPath(out, force);
  const partial = `${out}.${process.pid}.partial`;
  rmSync(partial, { force: true });
  progress.phase(`upgrading: copying ${input}`);
  copyFileSync(input, partial);
  let db: Database.Database | undefined;
  try {
    db = new Database(partial);
    configureWriterConnection(db, INDEXER_FORMAT_VERSION);
    // A format v3 file written before some tables became views: its indexer tables are derived again, as views.
    dropIndexerTables(db);
    const upgraded = { ...meta, formatVersion: INDEXER_FORMAT_VERSION } as const;
    // The pass's helper thread, when one runs, reads the copy on its own connection while this one writes
    // (derive-thread.ts): WAL mode lets both run; `journal_mode = DELETE` below folds the log back into the file.
    if (helperWanted()) db.pragma('journal_mode = WAL');
    const rows = writeIndexerTables(SnapshotStore.over(db, upgraded, partial), db, {
      progress,
      phase: 'upgrading: deriving the indexer tables',
    });
    progress.phase('upgrading: statistics, flushing the file');
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(INDEXER_FORMAT_VERSION), META_KEYS.formatVersion);
    db.exec('ANALYZE');
    db.pragma('journal_mode = DELETE');
    db.close();
    const fd = openSync(partial, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, out);
    return { fromVersion: meta.formatVersion, rows };
  } catch (error) {
    if (db?.open) db.close();
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
    rmSync(`${partial}-wal`, { force: true });
    rmSync(`${partial}-shm`, { force: true });
    throw error;
  }
}
