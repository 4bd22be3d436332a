/**
 * How a finished snapshot takes its name: replacing whatever is there (generate: an atomic rename),
 * or never (capture: a file that appeared at the path while the snapshot was written is kept, and
 * the new snapshot is dropped with one clear error).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NODE_SETTINGS } from '../../electron/snapshot/node-settings.ts';
import { OutputExistsError, SnapshotWriter, type SnapshotFinish } from '../../electron/snapshot/snapshot-writer.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();
const finish = (replace: boolean | undefined): SnapshotFinish => ({
  chainId: 4,
  oldestVersion: 0,
  latestVersion: 0,
  settings: DEFAULT_NODE_SETTINGS,
  generator: 'test',
  replace,
});

describe('SnapshotWriter.finish', () => {
  it('replace: false keeps a file that appeared at the path while writing, and leaves no partial file', () => {
    const path = join(dir, 'raced.db');
    const writer = new SnapshotWriter(path);
    writeFileSync(path, 'made meanwhile');
    let thrown: unknown;
    try {
      writer.finish(finish(false));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OutputExistsError);
    expect((thrown as Error).message).toMatch(
      /raced\.db already exists \(it appeared while the snapshot was written\): nothing was written/,
    );
    writer.abort();
    expect(readFileSync(path, 'utf8')).toBe('made meanwhile');
    expect(readdirSync(dir).filter((name) => name.startsWith('raced.db'))).toEqual(['raced.db']);
  });

  it('replace: false puts the snapshot at a free path, with no partial file left', () => {
    const path = join(dir, 'free.db');
    new SnapshotWriter(path).finish(finish(false));
    expect(readFileSync(path).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    expect(readdirSync(dir).filter((name) => name.startsWith('free.db'))).toEqual(['free.db']);
  });

  it('by default replaces an existing file', () => {
    const path = join(dir, 'replaced.db');
    writeFileSync(path, 'old');
    new SnapshotWriter(path).finish(finish(undefined));
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
  });
});
