/**
 * "Save to snapshot" over HTTP: `POST /explorer/v1/capture` on the snapshot service (capturing from
 * the open snapshot in-process) and on the remote proxy (capturing from the node), the file it
 * writes into the captures folder, and its refusals. Also: Ctrl-C during a CLI capture leaves no file.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService } from '../../electron/service/read-service.ts';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { createRemoteService } from '../../electron/service/remote/remote-service.ts';
import { captureTargetFor } from '../../electron/service/capture/capture-target.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { NODE_LEDGER_HEADERS, sendJson, useFakeNode } from './fake-node.ts';
import { runCliAsync } from './serve-process.ts';

const dir = useTempDir();
const node = useFakeNode();
let store: SnapshotStore;
let snapshotServer: RunningHttpServer;
let snapshotFolder: string;
let latest: string;

beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('small'));
  latest = store.ledgerInfo().ledgerVersion.toString();
  snapshotFolder = join(dir, 'snapshot-captures');
  const capture = captureTargetFor('127.0.0.1', snapshotFolder, 'file:///small.db');
  snapshotServer = await startHttpServer({ handler: createReadService({ store, capture }), port: 0 });
});
afterAll(async () => {
  await snapshotServer?.close();
  store?.close();
});

function postCapture(
  baseUrl: string,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<Response> {
  return fetch(`${baseUrl}/explorer/v1/capture`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers,
  });
}

interface Created {
  readonly file: string;
  readonly name: string;
  readonly bytes: number;
  readonly ledger_version: string;
}

async function created(response: Response, folder: string): Promise<Created> {
  expect(response.status, await response.clone().text()).toBe(201);
  const body = (await response.json()) as Created;
  expect(body.name).toMatch(/^capture-chain\d+-v\d+-\d{8}T\d{6}Z(-\d+)?\.db$/);
  expect(body.file).toBe(join(folder, body.name));
  expect(body.bytes).toBe(statSync(body.file).size);
  return body;
}

describe('POST /explorer/v1/capture', () => {
  it('on the snapshot service: writes a new capture each time, with the snapshot as origin', async () => {
    const first = await created(await postCapture(snapshotServer.url, { accounts: ['0xcafe', '0x1'] }), snapshotFolder);
    expect(first.ledger_version).toBe(latest);
    const second = await created(
      await postCapture(snapshotServer.url, { accounts: ['0xcafe', '0x1'] }),
      snapshotFolder,
    );
    expect(second.file).not.toBe(first.file);
    const capture = SnapshotStore.open(first.file);
    try {
      expect(capture.origin()).toEqual(
        expect.objectContaining({ node_url: 'file:///small.db', ledger_version: latest }),
      );
      const path = `/v1/accounts/0xcafe/resources?ledger_version=${latest}`;
      const served = await createReadService({ store: capture })(new Request(`http://127.0.0.1${path}`));
      expect(await served.text()).toBe(await (await fetch(`${snapshotServer.url}${path}`)).text());
    } finally {
      capture.close();
    }
  });

  it('on the snapshot service: concurrent captures of the same version each get their own file', async () => {
    const bodies = await Promise.all(
      [1, 2, 3].map(async () =>
        created(await postCapture(snapshotServer.url, { accounts: ['0xcafe'] }), snapshotFolder),
      ),
    );
    expect(new Set(bodies.map((body) => body.file)).size).toBe(3);
  });

  it('on the remote proxy: captures from the node, origin the node URL', async () => {
    const folder = join(dir, 'remote-captures');
    const proxy = await startHttpServer({
      handler: createRemoteService({ baseUrl: `${snapshotServer.url}/v1`, capture: { folder } }),
      port: 0,
    });
    try {
      const body = await created(
        await postCapture(proxy.url, { accounts: ['0xcafe'], ledger_version: latest }),
        folder,
      );
      const capture = SnapshotStore.open(body.file);
      expect(capture.origin()).toEqual(
        expect.objectContaining({ node_url: `${snapshotServer.url}/v1`, ledger_version: latest }),
      );
      capture.close();
    } finally {
      await proxy.close();
    }
  });

  it('refuses what it must: no captures folder, not JSON, cross-site, bad input, a pruned version, GET', async () => {
    // The folder is made by the first capture: it may not exist yet when this test runs first or alone.
    const listing = (): string[] => (existsSync(snapshotFolder) ? readdirSync(snapshotFolder).sort() : []);
    const before = listing();
    const bare = await startHttpServer({ handler: createReadService({ store }), port: 0 });
    try {
      const disabled = await postCapture(bare.url, { accounts: ['0x1'] });
      expect(disabled.status).toBe(403);
      expect(((await disabled.json()) as { error_code: string }).error_code).toBe('api_disabled');
    } finally {
      await bare.close();
    }
    expect(captureTargetFor('0.0.0.0', dir)).toBeUndefined();
    expect(
      (await postCapture(snapshotServer.url, '{"accounts":["0x1"]}', { 'content-type': 'text/plain' })).status,
    ).toBe(415);
    expect(
      (
        await postCapture(
          snapshotServer.url,
          { accounts: ['0x1'] },
          { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        )
      ).status,
    ).toBe(403);
    for (const body of [
      {},
      { accounts: [] },
      { accounts: ['0xzz'] },
      { accounts: ['0x1'], ledger_version: 5 },
      { accounts: ['0x1'], tables: [{ handle: '0x1' }] },
    ]) {
      const response = await postCapture(snapshotServer.url, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({
        message: expect.any(String),
        error_code: 'invalid_input',
        vm_error_code: null,
      });
    }
    const pruned = await postCapture(snapshotServer.url, { accounts: ['0x1'], ledger_version: '0' });
    expect(pruned.status).toBe(410);
    expect(((await pruned.json()) as { error_code: string }).error_code).toBe('version_pruned');
    const get = await fetch(`${snapshotServer.url}/explorer/v1/capture`);
    expect(get.status).toBe(405);
    // A refused capture leaves nothing behind, not even a partial file.
    expect(listing()).toEqual(before);
  });
});

describe('snapshot capture (CLI)', () => {
  it('Ctrl-C during a capture stops it and leaves no file', async () => {
    const ledger = {
      chain_id: 2,
      epoch: '3',
      ledger_version: '1000',
      oldest_ledger_version: '10',
      ledger_timestamp: '1',
      node_role: 'full_node',
      oldest_block_height: '5',
      block_height: '400',
    };
    node.behave((req, res) => {
      if (req.url === '/v1') return sendJson(res, 200, ledger);
      // Every other read takes a while, so the interrupt arrives mid-capture.
      setTimeout(() => {
        res.writeHead(200, { 'Content-Type': 'application/x-bcs', ...NODE_LEDGER_HEADERS });
        res.end(Buffer.from([0]));
      }, 500).unref();
    });
    const out = join(dir, 'interrupted.db');
    let sent = false;
    const run = await runCliAsync(
      ['snapshot', 'capture', '--remote', node.url, '--account', '0x1', '--out', out],
      (stderr, kill) => {
        if (!sent && stderr.includes('capturing')) {
          sent = true;
          kill('SIGINT');
        }
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('capture interrupted: nothing was written');
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('interrupted'))).toEqual([]);
  });
});
