/**
 * Opens a snapshot file read-only and checks that it is one: a missing, unreadable, truncated,
 * random, damaged, incomplete or foreign file is refused with one clear line naming the file
 * ({@link SnapshotOpenError}), never a stack trace or an SQLite message alone. Opening never creates
 * anything beside the file: a WAL-mode file (which SQLite would give `-wal`/`-shm` companions even
 * when reading) is refused before SQLite sees it.
 */
import { accessSync, closeSync, constants, openSync, readSync, statSync, type Stats } from 'node:fs';
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import { describeSqliteError } from './sqlite-errors.ts';
import {
  META_KEYS,
  READABLE_FORMAT_VERSIONS,
  REQUIRED_TABLES,
  SNAPSHOT_APPLICATION_ID,
  SNAPSHOT_FORMAT_NAME,
  type SnapshotFormatVersion,
} from './schema.ts';
import type { NodeSettings } from './ledger-store.ts';
import { checkNodeSettings, NodeSettingsError } from './node-settings.ts';
import { isDecimalText } from '../../shared/ledger/u64.ts';

/** A file that is not a readable snapshot of a supported format; the message is for the user. */
export class SnapshotOpenError extends Error {
  override readonly name = 'SnapshotOpenError';
}

/** The `meta` rows of a snapshot, parsed. */
export interface SnapshotMeta {
  /** 1: summaries only (read-only, as before); 2: full transactions, module events and write sets. */
  readonly formatVersion: SnapshotFormatVersion;
  readonly chainId: number;
  readonly oldestVersion: bigint;
  readonly latestVersion: bigint;
  readonly settings: NodeSettings;
  readonly generator: string | undefined;
}

/** An open snapshot: the read-only connection and its meta. */
export interface OpenedSnapshot {
  readonly db: Database.Database;
  readonly meta: SnapshotMeta;
}

function parseNodeSettings(text: string | undefined, path: string): NodeSettings {
  const where = `${path}: meta.${META_KEYS.nodeSettings}`;
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw new SnapshotOpenError(`${where} is missing or not valid JSON`);
  }
  try {
    return checkNodeSettings(json);
  } catch (error) {
    if (error instanceof NodeSettingsError) throw new SnapshotOpenError(`${where}: ${error.message}`);
    throw error;
  }
}

/** The versions this build reads, for refusals ("1 and 2"). */
const READABLE_TEXT = `${READABLE_FORMAT_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_FORMAT_VERSIONS.at(-1)}`;

/** `version` as a readable format version, or undefined. */
function readableVersion(version: number): SnapshotFormatVersion | undefined {
  return READABLE_FORMAT_VERSIONS.find((readable) => readable === version);
}

function readMeta(db: Database.Database, path: string, userVersion: SnapshotFormatVersion): SnapshotMeta {
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  if (meta.get(META_KEYS.format) !== SNAPSHOT_FORMAT_NAME)
    throw new SnapshotOpenError(`${path}: not a ledger snapshot (meta.format is missing)`);
  const formatVersion = readableVersion(Number(meta.get(META_KEYS.formatVersion)));
  if (formatVersion === undefined) {
    throw new SnapshotOpenError(
      `${path}: snapshot format version ${meta.get(META_KEYS.formatVersion)} ` +
        `is not supported (this build reads ${READABLE_TEXT})`,
    );
  }
  if (formatVersion !== userVersion)
    throw new SnapshotOpenError(
      `${path}: meta.${META_KEYS.formatVersion} ${formatVersion} disagrees with the header's format version ` +
        `${userVersion}`,
    );
  const integer = (key: string): bigint => {
    const text = meta.get(key);
    if (text === undefined || !isDecimalText(text))
      throw new SnapshotOpenError(`${path}: meta.${key} is missing or not a number`);
    const value = BigInt(text);
    // SQLite integers are signed 64-bit: a larger version could never be looked up.
    if (value > I64_MAX)
      throw new SnapshotOpenError(`${path}: meta.${key} ${text} is out of range (at most ${I64_MAX})`);
    return value;
  };
  const settings = parseNodeSettings(meta.get(META_KEYS.nodeSettings), path);
  const oldestVersion = integer(META_KEYS.oldestVersion);
  const latestVersion = integer(META_KEYS.latestVersion);
  if (oldestVersion > latestVersion)
    throw new SnapshotOpenError(`${path}: oldest version ${oldestVersion} is after latest ${latestVersion}`);
  const chainId = integer(META_KEYS.chainId);
  if (chainId > 255n) throw new SnapshotOpenError(`${path}: meta.${META_KEYS.chainId} ${chainId} is not a u8`);
  const committed = db.prepare('SELECT 1 FROM transactions WHERE version = ?').pluck();
  for (const [key, version] of [
    [META_KEYS.oldestVersion, oldestVersion],
    [META_KEYS.latestVersion, latestVersion],
  ] as const) {
    if (committed.get(version) === undefined)
      throw new SnapshotOpenError(`${path}: meta.${key} ${version} names no transaction in the file`);
  }
  return {
    formatVersion,
    chainId: Number(chainId),
    oldestVersion,
    latestVersion,
    settings,
    generator: meta.get(META_KEYS.generator),
  };
}

const I64_MAX = (1n << 63n) - 1n;
const SQLITE_MAGIC = 'SQLite format 3\0';

/** The file's status, or a one-line refusal saying what is wrong with the path. */
function statFile(path: string): Stats {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new SnapshotOpenError(`${path}: no such file`);
    if (code === 'EACCES' || code === 'EPERM')
      throw new SnapshotOpenError(`${path}: cannot be reached (permission denied on a folder of the path)`);
    throw new SnapshotOpenError(`${path}: cannot be read (${code ?? 'error'})`);
  }
  if (stat.isDirectory()) throw new SnapshotOpenError(`${path}: is a folder, not a snapshot file`);
  if (!stat.isFile()) throw new SnapshotOpenError(`${path}: not a regular file`);
  try {
    accessSync(path, constants.R_OK);
  } catch {
    throw new SnapshotOpenError(`${path}: not readable (permission denied)`);
  }
  return stat;
}

/** The first 100 bytes (the SQLite header), fewer for a shorter file. */
function readHeader(path: string): Buffer {
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  try {
    return header.subarray(0, readSync(fd, header, 0, 100, 0));
  } finally {
    closeSync(fd);
  }
}

/** Refuses, before SQLite opens it, a file that is not SQLite or whose journal mode is WAL. */
function checkHeader(path: string): void {
  const header = readHeader(path);
  if (header.length < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) {
    throw new SnapshotOpenError(
      `${path}: not a ledger snapshot (not an SQLite database${header.length < 100 ? ': too short' : ''})`,
    );
  }
  // Bytes 18/19: file format write/read versions, 1 = rollback journal, 2 = WAL.
  if (header[18] === 2 || header[19] === 2) {
    const name = basename(path);
    // The format version is SQLite's user_version, bytes 60..63 of the header (big-endian); SQLite is not open yet.
    const format = readableVersion(header.readUInt32BE(60));
    const which = format === undefined ? 'a ledger snapshot' : `format v${format}`;
    throw new SnapshotOpenError(
      `${path}: uses SQLite's WAL journal mode, but ${which} requires the DELETE ` +
        `journal mode (reading it would create ${name}-wal and ${name}-shm beside it); ` +
        `convert a copy with: sqlite3 COPY 'PRAGMA journal_mode=DELETE'`,
    );
  }
}

/** Refuses a file that lacks a table of the format. */
function checkTables(db: Database.Database, path: string, version: SnapshotFormatVersion): void {
  const present = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  const missing = REQUIRED_TABLES[version].filter((table) => !present.has(table));
  if (missing.length > 0)
    throw new SnapshotOpenError(
      `${path}: not a complete ledger snapshot (missing table${missing.length > 1 ? 's' : ''} ${missing.join(', ')})`,
    );
}

/**
 * Opens `path` read-only (`readonly` + `query_only`, no journal written, the file is never
 * changed by reading), hardened for an untrusted file (defensive mode, `trusted_schema = OFF`,
 * `cell_size_check = ON`), and validates its header and meta.
 */
export function openSnapshot(path: string): OpenedSnapshot {
  statFile(path);
  checkHeader(path);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new SnapshotOpenError(`${path}: cannot open as SQLite (${describeSqliteError(error)})`);
  }
  try {
    db.pragma('query_only = ON');
    // The file is untrusted input (a user's pick, a drop, a download). Defensive mode (SQLITE_DBCONFIG_DEFENSIVE:
    // no writable_schema, no shadow-table writes; better-sqlite3 turns it on at open and `unsafeMode(true)` is its
    // only way off, so this states it), no function or virtual table with side effects from the file's views and
    // triggers (`trusted_schema`), and cell sizes checked against their pages as they are read, so a crafted b-tree
    // page is an error, not an out-of-bounds read (`cell_size_check`).
    db.unsafeMode(false);
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    if (applicationId !== SNAPSHOT_APPLICATION_ID) {
      throw new SnapshotOpenError(
        `${path}: not a ledger snapshot (SQLite application_id ${applicationId}, expected ${SNAPSHOT_APPLICATION_ID})`,
      );
    }
    const headerVersion = db.pragma('user_version', { simple: true }) as number;
    const userVersion = readableVersion(headerVersion);
    if (userVersion === undefined) {
      throw new SnapshotOpenError(
        `${path}: snapshot format version ${headerVersion} is not supported (this build reads ${READABLE_TEXT})`,
      );
    }
    // A truncated copy still opens (SQLite reads pages lazily); its header says how long it should be.
    const pageCount = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const size = statSync(path).size;
    if (size < pageCount * pageSize) {
      throw new SnapshotOpenError(`${path}: truncated (${size} bytes, the header says ${pageCount * pageSize})`);
    }
    checkTables(db, path, userVersion);
    return { db, meta: readMeta(db, path, userVersion) };
  } catch (error) {
    db.close();
    if (error instanceof SnapshotOpenError) throw error;
    throw new SnapshotOpenError(`${path}: not a readable ledger snapshot (${describeSqliteError(error)})`);
  }
}
