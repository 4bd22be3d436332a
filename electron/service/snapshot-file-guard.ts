/**
 * Notices a snapshot file that changes while it is served. The store keeps what it read at open (the
 * ledger range, settings, module versions) and the reply cache keeps whole answers, while SQLite reads
 * whatever bytes its file holds now: a file copied over in place would give answers mixing old metadata
 * with new data, and cached paths would return old bytes.
 *
 * A request costs no system call: the file and its folder are watched (`fs.watch`: written, truncated,
 * renamed over, deleted), and a watcher's event, or {@link PATH_CHECK_MS} gone by since the last look (a
 * watcher can miss events, on a network file system for one), makes the next request look: an `fstat`
 * of the guard's own descriptor and a `stat` of the path. Per-request `fstat`s were a third of a
 * response's CPU on the benchmark machine (docs/benchmarks.md). A routed reply waits one turn of the
 * event loop ({@link SnapshotFileGuard.settled}) so that a change made while it was read is delivered
 * and checked before it goes out: no mixed answer leaves once the file changed.
 *
 * When either stat moved, the content's fingerprint (size, SQLite header page and pages spread over the
 * file) is compared with the one taken at open. A different one means changed: every request is
 * answered 503 saying so, and the caller flushes its caches. When the file is again the one opened
 * (restored from a copy, renamed back, only touched), serving resumes by itself.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { basename, dirname } from 'node:path';
import { serviceUnavailable, type ApiError } from './http-errors.ts';

/** Bytes read for each sample of the fingerprint: the SQLite header page, spread pages and the tail. */
const SAMPLE_BYTES = 4096;
/** Samples spread over the file besides its first and last bytes. */
const SPREAD_SAMPLES = 16;
/** Longest time between two looks at the file when no watcher reported anything. */
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
   * Looks at the file only after a watcher's event or {@link PATH_CHECK_MS} without one; `pathToo: false`
   * (after a request: only an in-place change can mix an answer) skips the timed look.
   */
  check(pathToo?: boolean): ApiError | undefined;
  /**
   * Resolves once file events already raised are delivered: two `setImmediate` hops, since a request is handled
   * in the loop's poll phase, whose check phase comes before the next poll for new events. The requests of one turn
   * share one wait.
   */
  settled(): Promise<void>;
}

/** What the watchers report, apart from the guard (so a dropped guard can be collected). */
interface WatchState {
  /** A watcher saw an event since the last look (or failed: look every time then). */
  dirty: boolean;
  readonly watchers: FSWatcher[];
}

/** Descriptors and watchers of guards no longer referenced (their service is gone): closed by the collector. */
const resources = new FinalizationRegistry<{ readonly fd: number; readonly state: WatchState }>(({ fd, state }) => {
  for (const watcher of state.watchers) watcher.close();
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
});

/** Watches `path` and its folder (a rename over the path or a delete shows there); any event marks the state. */
function watchFile(path: string, state: WatchState): void {
  const name = basename(path);
  const start = (target: string, relevant: (file: string | null) => boolean): void => {
    try {
      const watcher = watch(target, { persistent: false }, (_event, file) => {
        if (relevant(file)) state.dirty = true;
      });
      // A watcher that fails (its file gone, a limit reached) leaves the timed look, marked now.
      watcher.on('error', () => {
        state.dirty = true;
        watcher.close();
      });
      state.watchers.push(watcher);
    } catch {
      // No watcher here (a file system without notifications): the timed look stays.
    }
  };
  start(path, () => true);
  start(dirname(path), (file) => file === null || file === name);
}

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
  const state: WatchState = { dirty: false, watchers: [] };
  watchFile(path, state);
  let lookedAt = performance.now();
  let changed: ApiError | undefined;
  const message =
    `The snapshot file ${basename(path)} changed on disk while it was being served, so its answers would ` +
    `mix old and new data: reopen it (restart serve, or open the file again in the app). Serving resumes ` +
    `by itself if the original file is put back.`;

  /** Stats the descriptor and the path; when either moved, compares the content with the original. */
  const look = (): ApiError | undefined => {
    state.dirty = false;
    lookedAt = performance.now();
    const nowFd = fstatSync(fd);
    const nowPath = pathStat();
    if (sameState(nowFd, seenFd) && sameState(nowPath, seenPath)) return changed;
    seenFd = nowFd;
    seenPath = nowPath;
    const inPlace = fingerprintOf(fd);
    const atPath = seenPath !== undefined && seenPath.ino === nowFd.ino ? inPlace : fingerprintAt(path);
    const same = inPlace === original && atPath === original;
    if (same === (changed === undefined)) return changed;
    changed = same ? undefined : serviceUnavailable(message);
    onChange();
    return changed;
  };

  // The wait of the requests read in this turn of the event loop, shared: its first hop runs in this turn's check
  // phase, its second after the next poll, as each request's own two hops would, at one pair of hops per turn.
  let batch: Promise<void> | undefined;
  const guard: SnapshotFileGuard = {
    check(pathToo = true): ApiError | undefined {
      if (state.dirty || (pathToo && performance.now() - lookedAt >= PATH_CHECK_MS)) return look();
      return changed;
    },
    settled: () =>
      (batch ??= new Promise((resolve) =>
        setImmediate(() => {
          // Requests read from here on were read after this turn's poll: they wait for a later one.
          batch = undefined;
          setImmediate(resolve);
        }),
      )),
  };
  resources.register(guard, { fd, state });
  return guard;
}
