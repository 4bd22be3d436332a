/**
 * Notices a snapshot file that changes while it is served. The store keeps what it read at open (the
 * ledger range, settings, module versions) and the reply cache keeps whole answers, while SQLite reads
 * whatever bytes its file holds now: a file copied over in place would give answers mixing old metadata
 * with new data, and cached paths would return old bytes.
 *
 * Two checks, priced by what they guard against:
 * - **In place** (the bytes SQLite reads changed: copied over, truncated, written): an `fstat` of the
 *   guard's own descriptor of the same file before every request and again after every request that was
 *   not a cache hit — one system call, about a microsecond (docs/benchmarks.md) — so no mixed or stale
 *   answer goes out once the file changed.
 * - **At the path** (renamed over or deleted): a `stat` of the path at most every
 *   {@link PATH_CHECK_MS}. SQLite keeps reading the file it opened, so answers stay consistent meanwhile;
 *   the check only tells the user that the path now names another file.
 *
 * When either stat moved, the content's fingerprint (size, SQLite header page and pages spread over the
 * file) is compared with the one taken at open. A different one means changed: every request is
 * answered 503 saying so, and the caller flushes its caches. When the file is again the one opened
 * (restored from a copy, renamed back, only touched), serving resumes by itself.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { basename } from 'node:path';
import { serviceUnavailable, type ApiError } from './http-errors.ts';

/** Bytes read for each sample of the fingerprint: the SQLite header page, spread pages and the tail. */
const SAMPLE_BYTES = 4096;
/** Samples spread over the file besides its first and last bytes. */
const SPREAD_SAMPLES = 16;
/** Longest time between two checks of what the path names. */
export const PATH_CHECK_MS = 250;

/** Whether two stats describe the same file in the same state (identity, size, modified and changed times). */
function sameState(a: Stats | undefined, b: Stats | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

/**
 * A fingerprint of an open file's content: its size, its first page (the SQLite header, whose change
 * counter moves on every write SQLite commits) and pages spread over the whole file. Cheap (18 reads of
 * 4 KiB), taken only when a stat moved.
 */
function fingerprintOf(fd: number): string {
  const size = fstatSync(fd).size;
  const hash = createHash('sha256').update(String(size));
  const buffer = Buffer.alloc(SAMPLE_BYTES);
  const offsets = [0, Math.max(0, size - SAMPLE_BYTES)];
  for (let i = 1; i <= SPREAD_SAMPLES; i += 1) offsets.push(Math.floor((size * i) / (SPREAD_SAMPLES + 1)));
  for (const offset of offsets) {
    const read = readSync(fd, buffer, 0, SAMPLE_BYTES, offset);
    hash.update(buffer.subarray(0, read));
  }
  return hash.digest('hex');
}

/** The fingerprint of the file at `path` now, or undefined when it cannot be read. */
function fingerprintAt(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return fingerprintOf(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The check of one served snapshot file. */
export interface SnapshotFileGuard {
  /**
   * Undefined while the file is the one opened; else the 503 to answer (`onChange` has been called).
   * `pathToo: false` skips the path check (after a request: only an in-place change can mix an answer).
   */
  check(pathToo?: boolean): ApiError | undefined;
}

/** Descriptors of guards no longer referenced (their service is gone): closed by the collector. */
const descriptors = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
});

/**
 * Guards `path`, opened just now. `onChange` is called whenever the verdict flips (changed, or back to
 * the original), so the caller can drop cached replies.
 */
export function guardSnapshotFile(path: string, onChange: () => void): SnapshotFileGuard {
  const fd = openSync(path, 'r');
  const original = fingerprintOf(fd);
  const pathStat = (): Stats | undefined => {
    try {
      return statSync(path, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
  };
  let seenFd: Stats | undefined = fstatSync(fd);
  let seenPath = pathStat();
  let pathCheckedAt = performance.now();
  let changed: ApiError | undefined;
  const message =
    `The snapshot file ${basename(path)} changed on disk while it was being served, so its answers would ` +
    `mix old and new data: reopen it (restart serve, or open the file again in the app). Serving resumes ` +
    `by itself if the original file is put back.`;

  const guard: SnapshotFileGuard = {
    check(pathToo = true): ApiError | undefined {
      const nowFd = fstatSync(fd);
      let moved = !sameState(nowFd, seenFd);
      if (pathToo && performance.now() - pathCheckedAt >= PATH_CHECK_MS) {
        pathCheckedAt = performance.now();
        const nowPath = pathStat();
        if (!sameState(nowPath, seenPath)) moved = true;
        seenPath = nowPath;
      }
      if (!moved) return changed;
      seenFd = nowFd;
      seenPath = pathStat();
      pathCheckedAt = performance.now();
      const inPlace = fingerprintOf(fd);
      const atPath = seenPath !== undefined && seenPath.ino === nowFd.ino ? inPlace : fingerprintAt(path);
      const same = inPlace === original && atPath === original;
      if (same === (changed === undefined)) return changed;
      changed = same ? undefined : serviceUnavailable(message);
      onChange();
      return changed;
    },
  };
  descriptors.register(guard, fd);
  return guard;
}
