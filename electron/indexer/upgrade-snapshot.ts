/**
 * `ledger-explorer snapshot upgrade IN --out OUT`: writes a format v3 copy of a format v2 snapshot, with the
 * indexer tables derived from its transactions (the same pass the generator runs). IN is only read: it is copied
 * byte for byte to a partial file beside OUT, the copy is upgraded, and renamed to OUT only when complete.
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

/** What an upgrade wrote. */
export interface UpgradeSummary {
  readonly fromVersion: number;
  readonly rows: IndexerCounts;
}

/** A snapshot that cannot be upgraded (already current, too old), said in one line. */
export class UpgradeError extends Error {
  override readonly name = 'UpgradeError';
}

/** The one line that tells a reader of an older file how to get the indexer tables; undefined for a v3 file. */
export function indexerUpgradeHint(path: string, formatVersion: number): string | undefined {
  if (formatVersion >= INDEXER_FORMAT_VERSION) return undefined;
  if (formatVersion < 2)
    return (
      `${path} is a format v${formatVersion} snapshot: it has no indexer tables (account history, holdings, ` +
      'GraphQL), and too little to derive them; generate or capture it again'
    );
  return (
    `${path} is a format v${formatVersion} snapshot without the indexer tables (account history, holdings, ` +
    `GraphQL); add them to a copy: ledger-explorer snapshot upgrade ${path} --out NEW.db`
  );
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/** Upgrades a copy of `input` into `out` (see the file comment); never writes `input`. */
export function upgradeSnapshot(input: string, out: string, force = false): UpgradeSummary {
  const { db: source, meta } = openSnapshot(input);
  source.close();
  if (meta.formatVersion >= INDEXER_FORMAT_VERSION)
    throw new UpgradeError(`${input} is already format v${meta.formatVersion}: nothing to upgrade`);
  if (meta.formatVersion < 2)
    throw new UpgradeError(indexerUpgradeHint(input, meta.formatVersion) ?? `${input} cannot be upgraded`);
  if (samePath(input, out)) throw new UpgradeError(`--out must name another file than ${input} (it is never modified)`);
  checkOutputPath(out, force);
  const partial = `${out}.${process.pid}.partial`;
  rmSync(partial, { force: true });
  copyFileSync(input, partial);
  let db: Database.Database | undefined;
  try {
    db = new Database(partial);
    configureWriterConnection(db, INDEXER_FORMAT_VERSION);
    const upgraded = { ...meta, formatVersion: INDEXER_FORMAT_VERSION } as const;
    const rows = writeIndexerTables(SnapshotStore.over(db, upgraded, partial), db);
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
    throw error;
  }
}
