/**
 * A capture that runs out of disk leaves nothing behind: `ledger-explorer snapshot capture` (a real process) under a
 * file-size limit (`ulimit -f`: each write beyond fails as on a full disk) fails with one line, and neither its output,
 * its partial file nor the partial's rollback journal (truncated, not deleted, by SQLite) stays in the folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { CLI_PATH } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir('capture-disk-full-');
let store: SnapshotStore;
let server: RunningHttpServer;

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('small'));
  server = await startHttpServer({ handler: createReadService({ store }), port: 0 });
});
afterAll(async () => {
  await server?.close();
  store?.close();
});

/** Runs `snapshot capture` with files limited to `kib` KiB; resolves with its exit code and stderr. */
function captureLimited(kib: number, out: string): Promise<{ status: number | null; stderr: string }> {
  const args = ['snapshot', 'capture', '--remote', `${server.url}/v1`, '--account', '0x1', '--out', out];
  const child = spawn('bash', ['-c', `ulimit -f ${kib}; exec "$0" "$@"`, process.execPath, CLI_PATH, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stderr })));
}

describe('a capture on a full disk', () => {
  it('fails with one line and leaves no file, partial or journal', async () => {
    const folder = join(dir, 'full');
    mkdirSync(folder);
    const { status, stderr } = await captureLimited(64, join(folder, 'capture.db'));
    expect(status).not.toBe(0);
    expect(stderr).toMatch(/disk I\/O error|database or disk is full/);
    expect(readdirSync(folder)).toEqual([]);
    // The same capture with room to write succeeds: the limit, not the capture, made it fail.
    const roomy = join(dir, 'roomy');
    mkdirSync(roomy);
    expect((await captureLimited(65_536, join(roomy, 'capture.db'))).status).toBe(0);
    expect(readdirSync(roomy)).toEqual(['capture.db']);
  });
});
