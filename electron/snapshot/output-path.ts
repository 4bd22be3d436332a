/**
 * Checks of `snapshot generate --out PATH` before anything is written. The new file is built beside
 * the path and renamed over it, which replaces whatever the path names; so the path must be a new
 * name or an existing regular file, never a symbolic link (its target would not be what is
 * replaced, and following it is never wanted), a FIFO, a device or a folder; and an existing file
 * that is not a ledger snapshot is replaced only with `force`.
 */
import { accessSync, closeSync, constants, lstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SNAPSHOT_APPLICATION_ID } from './schema.ts';

/** A refused output path; the message is one line for the user. */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Whether the regular file at `path` is a ledger snapshot (SQLite header with our application id). */
function isSnapshotFile(path: string): boolean {
  const header = Buffer.alloc(72);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    if (readSync(fd, header, 0, 72, 0) < 72) return false;
  } finally {
    closeSync(fd);
  }
  return (
    header.toString('latin1', 0, 16) === 'SQLite format 3\0' && header.readUInt32BE(68) === SNAPSHOT_APPLICATION_ID
  );
}

/** Refuses an output path that must not be replaced; returns normally when writing it is fine. */
export function checkOutputPath(path: string, force: boolean): void {
  const folder = dirname(resolve(path));
  let folderStat: Stats;
  try {
    folderStat = statSync(folder);
  } catch {
    throw new OutputPathError(`cannot write ${path}: the folder ${folder} does not exist`);
  }
  if (!folderStat.isDirectory()) throw new OutputPathError(`cannot write ${path}: ${folder} is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new OutputPathError(`cannot write ${path}: the folder ${folder} is not writable (permission denied)`);
  }
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch {
    return;
  }
  if (stat.isSymbolicLink())
    throw new OutputPathError(
      `refusing to write ${path}: it is a symbolic link (its target would not be replaced safely); give the real path`,
    );
  if (!stat.isFile())
    throw new OutputPathError(`refusing to write ${path}: it exists and is ${kindOf(stat)}, not a snapshot file`);
  if (!force && !isSnapshotFile(path)) {
    throw new OutputPathError(
      `refusing to replace ${path}: it exists and is not a ledger snapshot (use --force to replace it)`,
    );
  }
}
