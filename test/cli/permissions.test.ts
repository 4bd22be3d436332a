/**
 * Permission-denied paths, as an unprivileged user would meet them (the command runs as `nobody`
 * when the tests run as root): an unreadable snapshot, a snapshot in a folder that cannot be
 * entered, an output folder that is not writable. Each is one line naming the file and the cause,
 * exit 1, and nothing is created. A read-only snapshot in a read-only folder opens: reading needs
 * no write access to anything.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';

const RUNNER = join(import.meta.dirname, '..', 'support', 'unprivileged-cli.ts');

/** Runs the command line unprivileged; stderr without the runner's `uid=` line. */
function runUnprivileged(args: readonly string[]): {
  status: number | null;
  stdout: string;
  stderr: string;
  uid: number;
} {
  const result = spawnSync(process.execPath, [RUNNER, ...args], { encoding: 'utf8', timeout: 60_000 });
  const [first = '', ...rest] = result.stderr.split('\n');
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: rest.join('\n'),
    uid: Number(first.replace('uid=', '')),
  };
}

describe('permission denied', () => {
  let root: string;
  /** A folder `name` under the test folder holding a copy of the small fixture, with the given modes. */
  const snapshotIn = (name: string, fileMode: number, folderMode: number): { folder: string; file: string } => {
    const folder = join(root, name);
    mkdirSync(folder);
    const file = join(folder, 'small.db');
    copyFileSync(fixturePath('small'), file);
    chmodSync(file, fileMode);
    chmodSync(folder, folderMode);
    return { folder, file };
  };
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'le-permissions-'));
    // The unprivileged user must be able to reach the files under test.
    chmodSync(root, 0o755);
  });
  afterAll(() => {
    // Give back write and search permission so everything can be removed.
    for (const name of readdirSync(root)) chmodSync(join(root, name), 0o755);
    rmSync(root, { recursive: true, force: true });
  });

  it('runs unprivileged, and a read-only snapshot in a read-only folder opens and verifies', () => {
    const { folder, file } = snapshotIn('read-only', 0o444, 0o555);
    const info = runUnprivileged(['snapshot', 'info', file]);
    expect(info.uid).not.toBe(0);
    expect(info.stderr).toBe('');
    expect(info.status).toBe(0);
    expect(info.stdout).toContain('chain');
    const verify = runUnprivileged(['snapshot', 'verify', file]);
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
    expect(readdirSync(folder)).toEqual(['small.db']);
  });

  it('an unreadable snapshot: "not readable (permission denied)", for info and serve', () => {
    const { file } = snapshotIn('unreadable', 0o000, 0o755);
    for (const args of [
      ['snapshot', 'info', file],
      ['serve', '--snapshot', file, '--port', '0'],
    ]) {
      const run = runUnprivileged(args);
      expect(run.uid).not.toBe(0);
      expect(run.stderr).toBe(`ledger-explorer: ${file}: not readable (permission denied)\n`);
      expect(run.status).toBe(1);
    }
  });

  it('a snapshot in a folder that cannot be entered: "cannot be reached"', () => {
    const { file } = snapshotIn('closed', 0o644, 0o000);
    const run = runUnprivileged(['snapshot', 'info', file]);
    expect(run.stderr).toBe(
      `ledger-explorer: ${file}: cannot be reached (permission denied on a folder of the path)\n`,
    );
    expect(run.status).toBe(1);
  });

  it('generate into a folder that is not writable: one line, nothing written', () => {
    const folder = join(root, 'not-writable');
    mkdirSync(folder);
    chmodSync(folder, 0o555);
    const out = join(folder, 'new.db');
    const run = runUnprivileged(['snapshot', 'generate', '--out', out, '--versions', '100']);
    expect(run.stderr).toBe(
      `ledger-explorer: cannot write ${out}: the folder ${folder} is not writable (permission denied)\n`,
    );
    expect(run.status).toBe(1);
    expect(readdirSync(folder)).toEqual([]);
  });
});
