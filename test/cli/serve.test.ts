/**
 * `ledger-explorer serve` as users start it: a real process on 127.0.0.1 with port 0, answering
 * `GET /v1` from the snapshot, stopping cleanly on SIGTERM; the sample snapshot generated on first
 * use; one-line errors for a bad snapshot or port.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { SAMPLE_SNAPSHOT_NAME } from '../../electron/cli/data-folder.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { CLI_PATH, runCliProcess } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();

interface Served {
  readonly url: string;
  readonly stop: () => Promise<number | null>;
}

function serve(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<Served> {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(output);
      if (match?.[1]) {
        resolve({ url: match[1], stop: () => (child.kill('SIGTERM'), exited) });
      }
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${errors}`)));
  });
}

describe('ledger-explorer serve', () => {
  it('serves GET /v1 from the given snapshot on a free loopback port and stops cleanly on SIGTERM', async () => {
    const path = fixturePath('small');
    const store = SnapshotStore.open(path);
    const ledger = store.ledgerInfo();
    store.close();
    const served = await serve(['--snapshot', path, '--port', '0']);
    const response = await fetch(`${served.url}/v1`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.chain_id).toBe(ledger.chainId);
    expect(body.ledger_version).toBe(ledger.ledgerVersion.toString());
    expect(response.headers.get('x-aptos-ledger-version')).toBe(ledger.ledgerVersion.toString());
    expect(await served.stop()).toBe(0);
  });

  it('generates the sample snapshot into the data folder on first use, then serves it', async () => {
    const dataDir = join(dir, 'data');
    const served = await serve(['--port', '0'], { ...process.env, LEDGER_EXPLORER_DATA_DIR: dataDir });
    expect(existsSync(join(dataDir, SAMPLE_SNAPSHOT_NAME))).toBe(true);
    const body = await (await fetch(`${served.url}/v1`)).json();
    expect(body.ledger_version).toBe('49999');
    expect(await served.stop()).toBe(0);
    // Generating the 50,000-version sample with its indexer tables takes ~2.9× the CPU of format v2
    // (docs/benchmarks.md, "Indexer tables"); on a shared 2-core machine that is minutes of wall time.
  }, 480_000);

  it('gives one line and exit 1 for a file that is not a snapshot, and for a bad port', () => {
    for (const args of [
      ['--snapshot', join(dir, 'missing.db')],
      ['--snapshot', CLI_PATH],
      ['--port', '70000'],
    ]) {
      const run = runCliProcess([
        'serve',
        ...args,
        ...(args[0] === '--port' ? ['--snapshot', fixturePath('small')] : []),
      ]);
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^ledger-explorer: /);
    }
  });
});
