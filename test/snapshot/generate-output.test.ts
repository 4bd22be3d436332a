/**
 * `snapshot generate --out` never destroys what is at the path: a regular file that is not a
 * snapshot is kept unless --force, a FIFO, a device, a folder and a symbolic link (and its target)
 * are refused; an existing snapshot is replaced. Sizes whose heap would exceed the Node process's
 * limit are refused with one line before any work, instead of a fatal out-of-memory crash.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { CLI_PATH } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('generate-output-');
const TINY = ['--versions', '100', '--accounts', '2'];

function generate(
  out: string,
  extra: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI_PATH, 'snapshot', 'generate', '--out', out, ...TINY, ...extra], {
    encoding: 'utf8',
    env,
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function expectRefused(out: string, mention: RegExp, extra: readonly string[] = []): void {
  const run = generate(out, extra);
  expect(run.status).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(mention);
}

describe('snapshot generate --out', () => {
  it('keeps a regular file that is not a snapshot, unless --force', () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'precious');
    expectRefused(path, /refusing to replace .*notes\.txt: it exists and is not a ledger snapshot \(use --force/);
    expect(readFileSync(path, 'utf8')).toBe('precious');
    expect(generate(path, ['--force']).status).toBe(0);
    SnapshotStore.open(path).close();
  });

  it('replaces an existing snapshot', () => {
    const path = join(dir, 'again.db');
    expect(generate(path).status).toBe(0);
    expect(generate(path, ['--seed', '2']).status).toBe(0);
    const store = SnapshotStore.open(path);
    expect(store.meta.generator).toMatch(/--seed 2/);
    store.close();
  });

  it('refuses a FIFO, a device and a folder, leaving them as they were', () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expectRefused(fifo, /it exists and is a FIFO/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    expectRefused(folder, /it exists and is a folder/);
    expect(statSync(folder).isDirectory()).toBe(true);
    // A character device like /dev/null (created here: never touch the real one). Needs root.
    const device = join(dir, 'null');
    if (spawnSync('mknod', [device, 'c', '1', '3']).status === 0) {
      expectRefused(device, /it exists and is a device/);
      expect(lstatSync(device).isCharacterDevice()).toBe(true);
    }
  });

  it('never follows a symbolic link: neither the link nor its target is replaced', () => {
    const target = join(dir, 'target.db');
    expect(generate(target).status).toBe(0);
    const before = readFileSync(target);
    const link = join(dir, 'link.db');
    symlinkSync(target, link);
    expectRefused(link, /it is a symbolic link/);
    expectRefused(link, /it is a symbolic link/, ['--force']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target).equals(before)).toBe(true);
    const dangling = join(dir, 'dangling.db');
    symlinkSync(join(dir, 'nowhere.db'), dangling);
    expectRefused(dangling, /it is a symbolic link/);
    expect(existsSync(join(dir, 'nowhere.db'))).toBe(false);
  });

  it('names a missing folder', () => {
    expectRefused(join(dir, 'no', 'such', 'folder', 'x.db'), /the folder .*no\/such\/folder does not exist/);
  });
});

describe('generator size limits', () => {
  it('refuses, with one line and before any work, a size the heap cannot hold', () => {
    const out = join(dir, 'huge.db');
    const run = spawnSync(process.execPath, [CLI_PATH, 'snapshot', 'generate', '--out', out, '--versions', '1000000'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=64' },
      timeout: 120_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /needs about \d+ MiB of JavaScript heap, more than this Node process may use \(\d+ MiB\)/,
    );
    expect(run.stderr).toMatch(/--max-old-space-size=\d+/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses sizes beyond the documented maximum', () => {
    expectRefused(join(dir, 'max.db'), /--versions must be an integer from 100 to 5000000/, ['--versions', '5000001']);
    expectRefused(join(dir, 'max.db'), /--accounts must be an integer from 2 to 100000/, ['--accounts', '100001']);
  });
});
