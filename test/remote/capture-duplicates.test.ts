/**
 * The same account given twice to a capture (`0xcafe` and `0x0cafe`, the long form, `0x1` and
 * `0x01`) is read and written once — over HTTP on the remote proxy and on the snapshot service, and
 * by `snapshot capture` — instead of every read being paid twice and the write then failing (500,
 * UNIQUE constraint). An invalid `--account` is refused before any read.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataSource, type DataSource } from '../../electron/service/data-source.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { createReadService, type ReadServiceHandler } from '../../electron/service/read-service.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { runCliAsync } from './serve-process.ts';

const dir = useTempDir();
const CAFE_LONG = `0x${'cafe'.padStart(64, '0')}`;
let store: SnapshotStore;
/** The "node": the fixture served over HTTP, counting the requests that reach it. */
let node: RunningHttpServer;
const seen: string[] = [];
let proxy: DataSource;
let proxyServer: RunningHttpServer;
let snapshot: DataSource;
let snapshotServer: RunningHttpServer;

function counting(service: ReadServiceHandler): ReadServiceHandler {
  const serve: ReadServiceHandler['serve'] = (request) => {
    seen.push(`${request.method} ${request.url.pathname}${request.url.search}`);
    return service.serve(request);
  };
  return Object.assign(service.bind(null), { serve, errorReply: service.errorReply });
}

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('small'));
  node = await startHttpServer({ handler: counting(createReadService({ store })), port: 0 });
  // No cache: every read of a capture reaches the node, so the requests counted there are the reads.
  proxy = openDataSource(
    { kind: 'remote', baseUrl: `${node.url}/v1` },
    { capturesFolder: join(dir, 'proxy'), responseCache: false },
  );
  proxyServer = await startHttpServer({ handler: proxy.handler, port: 0 });
  snapshot = openDataSource({ kind: 'snapshot', path: fixturePath('small') }, { capturesFolder: join(dir, 'snap') });
  snapshotServer = await startHttpServer({ handler: snapshot.handler, port: 0 });
});
afterAll(async () => {
  await proxyServer?.close();
  await snapshotServer?.close();
  await node?.close();
  proxy?.close();
  snapshot?.close();
  store?.close();
});

/** POSTs a capture; the created file's name. */
async function capture(server: RunningHttpServer, accounts: readonly string[]): Promise<string> {
  const response = await fetch(`${server.url}/explorer/v1/capture`, {
    method: 'POST',
    body: JSON.stringify({ accounts }),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { file: string }).file;
}

/** The accounts a capture holds, as its own service lists them. */
async function accountsOf(file: string): Promise<string[]> {
  const captured = SnapshotStore.open(file);
  try {
    const response = await createReadService({ store: captured })(
      new Request('http://127.0.0.1/explorer/v1/accounts?limit=100'),
    );
    return ((await response.json()) as { accounts: string[] }).accounts;
  } finally {
    captured.close();
  }
}

describe('a capture of the same account given several times', () => {
  it('on the remote proxy: reads the account once (as many requests as one mention) and writes it once', async () => {
    seen.length = 0;
    const once = await capture(proxyServer, ['0xcafe']);
    const readsOnce = seen.filter((line) => line.includes('/accounts/')).length;
    expect(readsOnce).toBeGreaterThan(0);
    seen.length = 0;
    const repeated = await capture(proxyServer, ['0xcafe', '0x0cafe', CAFE_LONG, '0xcafe']);
    expect(seen.filter((line) => line.includes('/accounts/')).length).toBe(readsOnce);
    expect(await accountsOf(repeated)).toEqual(await accountsOf(once));
    expect(await accountsOf(repeated)).toEqual(['0xcafe']);
  });

  it('on the snapshot service: 0x1, 0x01 and the long form are one account', async () => {
    const file = await capture(snapshotServer, ['0xcafe', '0x1', '0x01', `0x${'1'.padStart(64, '0')}`]);
    expect((await accountsOf(file)).sort()).toEqual(['0x1', '0xcafe']);
  });
});

describe('snapshot capture (CLI) with repeated or invalid --account', () => {
  it('captures a repeated account once and says so', async () => {
    const out = join(dir, 'cli.db');
    const run = await runCliAsync([
      'snapshot',
      'capture',
      '--remote',
      `${node.url}/v1`,
      ...['0xcafe', '0x0cafe', '0x1', '0x01'].flatMap((a) => ['--account', a]),
      '--out',
      out,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('note: --account 0x0cafe repeats 0xcafe: captured once');
    expect(run.stderr).toContain('note: --account 0x01 repeats 0x1: captured once');
    expect(run.stdout).toMatch(/wrote .*: 2 accounts,/);
    expect((await accountsOf(out)).sort()).toEqual(['0x1', '0xcafe']);
  });

  it('refuses an invalid address in one line before reading anything', async () => {
    const out = join(dir, 'invalid.db');
    seen.length = 0;
    const run = await runCliAsync([
      'snapshot',
      'capture',
      '--remote',
      `${node.url}/v1`,
      ...['0xcafe', '0xzz'].flatMap((a) => ['--account', a]),
      '--out',
      out,
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('--account: invalid address "0xzz"');
    expect(seen).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });
});
