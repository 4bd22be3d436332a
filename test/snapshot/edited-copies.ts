/**
 * Copies of the small fixture edited with SQL, for tests of what the store refuses at open: each
 * copy sits in a folder of its own as `snapshot.db`, so files created beside it are its own.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { SnapshotOpenError } from '../../electron/snapshot/open-snapshot.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

/** A test file's temporary folder and its maker of edited copies. */
export interface EditedCopies {
  readonly root: string;
  /** A copy of `source` (default: the small fixture) edited by `edit`. */
  editedCopy(edit: (db: Database.Database) => void, source?: string): string;
}

/** A temporary folder (removed after the file) in which `editedCopy` makes edited fixture copies. */
export function useEditedCopies(prefix: string): EditedCopies {
  const root = useTempDir(prefix);
  let copies = 0;
  const editedCopy = (edit: (db: Database.Database) => void, source = fixturePath('small')): string => {
    const folder = join(root, `copy-${copies++}`);
    mkdirSync(folder);
    const path = join(folder, 'snapshot.db');
    copyFileSync(source, path);
    const db = new Database(path);
    edit(db);
    db.close();
    return path;
  };
  return { root, editedCopy };
}

/** The message of the SnapshotOpenError that opening `path` raises (fails if it opens). */
export function openError(path: string): string {
  try {
    SnapshotStore.open(path).close();
  } catch (error) {
    expect(error).toBeInstanceOf(SnapshotOpenError);
    return (error as Error).message;
  }
  throw new Error(`${path} opened`);
}

/** An edit that sets one `meta` row. */
export const setMeta = (key: string, value: string) => (db: Database.Database) =>
  db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(value, key);
