/**
 * Opens a snapshot file read-only and checks that it is one: a missing, truncated, random or
 * foreign file is refused with one clear line ({@link SnapshotOpenError}), never a stack trace.
 */
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { META_KEYS, SNAPSHOT_APPLICATION_ID, SNAPSHOT_FORMAT_NAME, SNAPSHOT_FORMAT_VERSION } from './schema.ts';
import type { NodeSettings } from './ledger-store.ts';
import { checkNodeSettings, NodeSettingsError } from './node-settings.ts';

/** A file that is not a readable snapshot of a supported format; the message is for the user. */
export class SnapshotOpenError extends Error {
  override readonly name = 'SnapshotOpenError';
}

/** The `meta` rows of a snapshot, parsed. */
export interface SnapshotMeta {
  readonly formatVersion: number;
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

function readMeta(db: Database.Database, path: string): SnapshotMeta {
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  if (meta.get(META_KEYS.format) !== SNAPSHOT_FORMAT_NAME) throw new SnapshotOpenError(`${path}: not a ledger snapshot (meta.format is missing)`);
  const formatVersion = Number(meta.get(META_KEYS.formatVersion));
  if (formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    throw new SnapshotOpenError(`${path}: snapshot format version ${meta.get(META_KEYS.formatVersion)} is not supported (this build reads ${SNAPSHOT_FORMAT_VERSION})`);
  }
  const integer = (key: string): bigint => {
    const text = meta.get(key);
    if (text === undefined || !/^\d+$/.test(text)) throw new SnapshotOpenError(`${path}: meta.${key} is missing or not a number`);
    return BigInt(text);
  };
  const settings = parseNodeSettings(meta.get(META_KEYS.nodeSettings), path);
  const oldestVersion = integer(META_KEYS.oldestVersion);
  const latestVersion = integer(META_KEYS.latestVersion);
  if (oldestVersion > latestVersion) throw new SnapshotOpenError(`${path}: oldest version ${oldestVersion} is after latest ${latestVersion}`);
  const chainId = integer(META_KEYS.chainId);
  if (chainId > 255n) throw new SnapshotOpenError(`${path}: meta.${META_KEYS.chainId} ${chainId} is not a u8`);
  return { formatVersion, chainId: Number(chainId), oldestVersion, latestVersion, settings, generator: meta.get(META_KEYS.generator) };
}

/**
 * Opens `path` read-only (`readonly` + `query_only`, no journal written, the file is never
 * changed by reading) and validates its header and meta.
 */
export function openSnapshot(path: string): OpenedSnapshot {
  if (!existsSync(path)) throw new SnapshotOpenError(`${path}: no such file`);
  if (!statSync(path).isFile()) throw new SnapshotOpenError(`${path}: not a file`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new SnapshotOpenError(`${path}: cannot open as SQLite (${(error as Error).message})`);
  }
  try {
    db.pragma('query_only = ON');
    const applicationId = db.pragma('application_id', { simple: true }) as number;
    if (applicationId !== SNAPSHOT_APPLICATION_ID) {
      throw new SnapshotOpenError(`${path}: not a ledger snapshot (SQLite application_id ${applicationId}, expected ${SNAPSHOT_APPLICATION_ID})`);
    }
    const userVersion = db.pragma('user_version', { simple: true }) as number;
    if (userVersion !== SNAPSHOT_FORMAT_VERSION) {
      throw new SnapshotOpenError(`${path}: snapshot format version ${userVersion} is not supported (this build reads ${SNAPSHOT_FORMAT_VERSION})`);
    }
    // A truncated copy still opens (SQLite reads pages lazily); its header says how long it should be.
    const pageCount = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const size = statSync(path).size;
    if (size < pageCount * pageSize) {
      throw new SnapshotOpenError(`${path}: truncated (${size} bytes, the header says ${pageCount * pageSize})`);
    }
    return { db, meta: readMeta(db, path) };
  } catch (error) {
    db.close();
    if (error instanceof SnapshotOpenError) throw error;
    throw new SnapshotOpenError(`${path}: not a readable ledger snapshot (${(error as Error).message})`);
  }
}
