/**
 * `ledger-explorer serve` as users start it: a real process on 127.0.0.1 with port 0, answering
 * `GET /v1` from the snapshot, stopping cleanly on SIGTERM; one-line errors for a bad snapshot or port. (The sample
 * snapshot generated on first use: test/docs/readme-figures.test.ts, which reads the README's figures from that file.)
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { CLI_PATH, runCliProcess } from '../support/run-cli.ts';
import { startServeProcess } from '../support/serve-process.ts';
import { useTempDir } from '../support/temp-dir.ts';

const dir = useTempDir();

describe('ledger-explorer serve', () => {
  it('serves GET /v1 from the given snapshot on a free loopback port and stops cleanly on SIGTERM', async () => {
    const path = fixturePath('small');
    const store = SnapshotStore.open(path);
    const ledger = store.ledgerInfo();
    store.close();
    const served = await startServeProcess(['--snapshot', path, '--port', '0']);
    const response = await fetch(`${served.url}/v1`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.chain_id).toBe(ledger.chainId);
    expect(body.ledger_version).toBe(ledger.ledgerVersion.toString());
    expect(response.headers.get('x-aptos-ledger-version')).toBe(ledger.ledgerVersion.toString());
    expect(await served.stop()).toBe(0);
  });

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
