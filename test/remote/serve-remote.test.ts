/**
 * `ledger-explorer serve --remote URL` in front of another `ledger-explorer serve`, both real
 * processes: answers are the backend's, byte for byte; killing the backend gives 503 records naming
 * it; the proxy recovers when the backend returns on the same port. Bad --remote values, and an API
 * key on a non-loopback address without --share-api-key, are one line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';
import { runCliProcess } from '../support/run-cli.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { startServe, type ServeProcess } from './serve-process.ts';

const dataDir = useTempDir();
const env = { ...process.env, LEDGER_EXPLORER_DATA_DIR: dataDir };
const running: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((process) => process.stop()));
});

async function started(args: readonly string[]): Promise<ServeProcess> {
  const served = await startServe(args, env);
  running.push(served);
  return served;
}

async function answer(
  url: string,
  accept = 'application/json',
): Promise<{ status: number; type: string | null; body: Uint8Array }> {
  const response = await fetch(url, { headers: { accept } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: new Uint8Array(await response.arrayBuffer()),
  };
}

describe('serve --remote', () => {
  it('proxies another serve, reports 503 while it is down, and recovers when it returns', async () => {
    const snapshot = fixturePath('small');
    let backend = await started(['--snapshot', snapshot, '--port', '0']);
    const proxy = await started(['--remote', `${backend.url}/v1`, '--port', '0']);
    for (const path of [
      '/v1',
      '/v1/accounts/0x1/resources',
      '/v1/accounts/0xcafe/modules',
      '/v1/accounts/0x1/transaction_summaries',
      '/explorer/v1/blocks?limit=3',
    ]) {
      for (const accept of ['application/json', 'application/x-bcs']) {
        expect(await answer(`${proxy.url}${path}`, accept), `${path} ${accept}`).toEqual(
          await answer(`${backend.url}${path}`, accept),
        );
      }
    }
    const source = await (await fetch(`${proxy.url}/explorer/v1/source`)).json();
    expect(source).toEqual({
      kind: 'remote',
      name: new URL(backend.url).host,
      url: `${backend.url}/v1`,
      health: { ok: true, checked_at: expect.any(String), message: null },
      // Served without --indexer: /v1/graphql answers 404, and the description says so beforehand.
      indexer: false,
    });

    const port = backend.port;
    expect(await backend.stop()).toBe(0);
    running.splice(running.indexOf(backend), 1);
    const down = await fetch(`${proxy.url}/v1/accounts/0x1/resources`);
    expect(down.status).toBe(503);
    const record = (await down.json()) as { message: string };
    expect(record).toEqual({
      message: expect.stringContaining(`${backend.url}/v1`),
      error_code: 'internal_error',
      vm_error_code: null,
    });
    expect(record.message).toContain('ECONNREFUSED');

    backend = await started(['--snapshot', snapshot, '--port', String(port)]);
    expect(await answer(`${proxy.url}/v1`)).toEqual(await answer(`${backend.url}/v1`));
    const health = (await (await fetch(`${proxy.url}/explorer/v1/source`)).json()) as { health: { ok: boolean } };
    expect(health.health.ok).toBe(true);
  });

  it('refuses a bad --remote in one line', () => {
    for (const [args, message] of [
      [['--remote', 'ftp://example.com'], 'must be http: or https:'],
      [['--remote', 'moon'], 'neither a node profile'],
      [['--remote', 'localnet', '--snapshot', 'x.db'], 'cannot be used together'],
      [['--api-key', 'k'], '--api-key needs --remote'],
      [['--remote', 'localnet', '--share-api-key'], '--share-api-key needs --api-key'],
      [
        ['--remote', 'localnet', '--api-key', 'k', '--host', '0.0.0.0'],
        '--api-key with --host 0.0.0.0 would let anyone who reaches this server use the key',
      ],
      [['--remote', 'localnet', '--api-key', 'k', '--host', '::'], 'add --share-api-key to allow it'],
      [['--indexer', 'mainnet'], '--indexer needs --remote'],
      [['--remote', 'localnet', '--indexer', 'localnet'], 'the localnet profile has no known indexer'],
      [['--remote', 'localnet', '--indexer', 'ftp://x'], 'indexer URL must be http: or https:'],
      [['--indexer-port', '70000'], '--indexer-port must be a number from 0 to 65535'],
    ] as const) {
      const run = runCliProcess(['serve', ...args, '--port', '0']);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
