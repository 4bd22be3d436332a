/**
 * Notices a snapshot file that changes while it is served. The store keeps what it read at open (the
 * ledger range, settings, module versions) and the reply cache keeps whole answers, while SQLite reads
 * whatever bytes are on disk now: a file copied over in place would give answers mixing old metadata
 * with new data, and cached paths would return old bytes. So before every request (and again after a
 * request that was not a cache hit) the path is stat'ed — one `stat` call, a few microseconds — and
 * compared with what it was; when it differs, the file's fingerprint (its size, SQLite header and a
 * sample of pages) is compared with the one taken at open. A different fingerprint means the file
 * changed: every request is answered 503 saying so, and the caller flushes its caches. When the file
 * at the path is again the one opened (restored from a copy, renamed back), serving resumes by itself.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync, type BigIntStats } from 'node:fs';
import { basename } from 'node:path';
import { serviceUnavailable, type ApiError } from './http-errors.ts';

/** Bytes read for each sample of the fingerprint: the SQLite header page, spread pages and the tail. */
const SAMPLE_BYTES = 4096;
/** Samples spread over the file besides its first and last bytes. */
const SPREAD_SAMPLES = 16;

/** What a stat says about the file at the path: identity, size and times (nanoseconds). */
function identityOf(stats: BigIntStats | undefined): string {
  if (stats === undefined) return 'missing';
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

/**
 * A fingerprint of the file's content: its size, its first page (the SQLite header, whose change counter
 * moves on every write SQLite commits) and pages spread over the whole file. Cheap (18 reads of 4 KiB),
 * taken only when the stat changed. Undefined when the file cannot be read.
 */
export function fingerprintOf(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = statSync(path).size;
    const hash = createHash('sha256').update(String(size));
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const offsets = [0, Math.max(0, size - SAMPLE_BYTES)];
    for (let i = 1; i <= SPREAD_SAMPLES; i += 1) offsets.push(Math.floor((size * i) / (SPREAD_SAMPLES + 1)));
    for (const offset of offsets) {
      const read = readSync(fd, buffer, 0, SAMPLE_BYTES, offset);
      hash.update(buffer.subarray(0, read));
    }
    return hash.digest('hex');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The check of one served snapshot file. */
export interface SnapshotFileGuard {
  /** Undefined while the file is the one opened; else the 503 to answer (and `onChange` has been called). */
  check(): ApiError | undefined;
}

/**
 * Guards `path`, opened just now. `onChange` is called whenever the verdict flips (changed, or back to
 * the original), so the caller can drop cached replies.
 */
export function guardSnapshotFile(path: string, onChange: () => void): SnapshotFileGuard {
  const stat = (): BigIntStats | undefined => statSync(path, { bigint: true, throwIfNoEntry: false });
  const original = fingerprintOf(path);
  let seen = identityOf(stat());
  let changed: ApiError | undefined;
  const message = (): string =>
    `The snapshot file ${basename(path)} changed on disk while it was being served, so its answers would ` +
    `mix old and new data: reopen it (restart serve, or open the file again in the app). Serving resumes ` +
    `by itself if the original file is put back.`;
  return {
    check(): ApiError | undefined {
      let stats: BigIntStats | undefined;
      try {
        stats = stat();
      } catch {
        stats = undefined;
      }
      const identity = identityOf(stats);
      if (identity === seen) return changed;
      seen = identity;
      const same = stats !== undefined && original !== undefined && fingerprintOf(path) === original;
      if (same === (changed === undefined)) return changed;
      changed = same ? undefined : serviceUnavailable(message());
      onChange();
      return changed;
    },
  };
}
