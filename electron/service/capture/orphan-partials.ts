/**
 * Removes the partial files a killed capture leaves in the captures folder. A capture is built as
 * `<name>.<pid>.partial` (the snapshot writer's temporary name) and renamed into place when complete;
 * a process killed meanwhile leaves the partial file behind, under a name no later capture reuses (each
 * capture's name has its own time stamp), so the writer's own clean-up of its target's partials never
 * meets it.
 *
 * Several processes may share one captures folder (two `serve`, or `serve` and the desktop app), and
 * one of them may be writing a capture right now: a partial file is only removed when the process
 * named in it no longer runs, or when it has not been written to for {@link STALE_PARTIAL_MS} (its
 * process id was reused by an unrelated process, or it belongs to another machine sharing the
 * folder). A capture's file is written in one synchronous pass after every read, so a live writer
 * touches its file far more often than that.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A partial file untouched this long is abandoned, whatever its process id says. */
export const STALE_PARTIAL_MS = 60 * 60 * 1000;

/** `<name>.<pid>.partial`, and SQLite's side files of it. */
const PARTIAL_NAME = /^.+\.(\d+)\.partial(?:-journal|-wal|-shm)?$/;

/** Whether process `pid` runs (signal 0 only checks; EPERM: it runs under another user). */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the abandoned partial files of `folder` (see the module comment); a missing folder has
 * none. Returns the names removed. Never throws: a file that cannot be removed is left for next time.
 */
export function removeOrphanedPartials(folder: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = PARTIAL_NAME.exec(name);
    if (!match) continue;
    const path = join(folder, name);
    try {
      const stale = now - statSync(path).mtimeMs > STALE_PARTIAL_MS;
      if (!stale && isRunning(Number(match[1]))) continue;
      rmSync(path, { force: true });
      removed.push(name);
    } catch {
      // Gone meanwhile (another process cleaned up too), or not ours to remove: nothing to do.
    }
  }
  return removed;
}
