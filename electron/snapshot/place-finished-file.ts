/**
 * How a finished snapshot (a partial file, complete and closed) takes its name: flushed to disk first (it was
 * written with synchronous=OFF), then renamed over whatever is there, or — when replacing is not allowed —
 * hard-linked, which fails if a file appeared at the name meanwhile.
 */
import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync } from 'node:fs';
import { OutputExistsError } from './snapshot-rows.ts';

/** Moves the finished `partial` file to `path`; with `replace` false an existing `path` is an OutputExistsError. */
export function placeFinishedFile(partial: string, path: string, replace: boolean): void {
  const fd = openSync(partial, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (!replace) {
    try {
      linkSync(partial, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new OutputExistsError(
          `${path} already exists (it appeared while the snapshot was written): nothing was written`,
        );
      throw error;
    }
    rmSync(partial);
  } else {
    // rename replaces an existing file atomically: readers see the old file or the new one.
    renameSync(partial, path);
  }
}
