/**
 * Sources end to end without Electron: the app:// handler → source manager → supervised service
 * child (a real forked process on a real snapshot, or proxying a fake node on 127.0.0.1 — the
 * remote node is the true boundary). Concurrent switches use openers the test resolves in order.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DesktopSource } from '../../shared/ipc-contract.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { sendJson, useFakeNode } from '../remote/fake-node.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { forkLauncher } from './fork-launcher.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { createAppHandler } = await import('../../electron/main/protocol/app-protocol.ts');
const { loadStaticUi } = await import('../../electron/service/static-ui.ts');
const { SettingsStore } = await import('../../electron/main/settings/settings-store.ts');
const { sourceOpeners } = await import('../../electron/main/sources/source-openers.ts');
const { SourceManager, SourceSuperseded } = await import('../../electron/main/sources/source-manager.ts');
const { viewOf } = await import('../../electron/main/ipc/invoke-implementations.ts');

const dir = useTempDir('ledger-explorer-sources-');
const keychain = {
  available: () => true,
  encrypt: (key: string) => Buffer.from(key).toString('base64'),
  decrypt: (text: string) => Buffer.from(text, 'base64').toString(),
};
const settings = SettingsStore.load(dir, keychain);
const changes: DesktopSource[] = [];
const node = useFakeNode();
const LEDGER = {
  chain_id: 2,
  epoch: '3',
  ledger_version: '1000',
  oldest_ledger_version: '10',
  ledger_timestamp: '1',
  node_role: 'full_node',
  oldest_block_height: '5',
  block_height: '400',
};
let manager: InstanceType<typeof SourceManager>;
let app: (request: Request) => Promise<Response>;

/** A manager over the test's settings, reporting switches to `onChanged`. */
function newManager(onChanged: (source: DesktopSource) => void): InstanceType<typeof SourceManager> {
  return new SourceManager({
    settings,
    // The "sample" is the small fixture, so falling back to it never generates a big file here.
    samplePath: fixturePath('small'),
    openers: sourceOpeners({
      launch: forkLauncher().launch,
      onRestarted: () => {},
      capturesFolder: join(dir, 'captures'),
    }),
    onChanged,
  });
}

/** Opens the `main` fixture unless it is the source already: each test below can run alone, in any order. */
async function openMain(): Promise<void> {
  const current = manager.current();
  if (current?.kind !== 'snapshot' || current.path !== fixturePath('main'))
    await manager.openSnapshot(fixturePath('main'));
}

beforeAll(() => {
  manager = newManager((source) => void changes.push(source));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  app = createAppHandler(loadStaticUi(dir), (request) => manager.handle(request));
});
afterAll(() => manager.close());

const json = async (path: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const reply = await app(new Request(`app://ledger-explorer${path}`));
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
};

describe('data sources', () => {
  it('answers 503 with the error record before any source is open', async () => {
    const fresh = newManager(() => {});
    try {
      const reply = await fresh.handle(new Request('app://ledger-explorer/v1'));
      expect({ status: reply.status, body: await reply.json() }).toEqual({
        status: 503,
        body: { message: 'no data source is open yet', error_code: 'internal_error', vm_error_code: null },
      });
    } finally {
      fresh.close();
    }
  });

  it('opens a snapshot and serves a resource through app:// from the service process', async () => {
    const path = fixturePath('main');
    const source = await manager.openSnapshot(path);
    expect(source).toEqual({ kind: 'snapshot', path, name: path.split('/').at(-1), sample: false });
    expect(changes.at(-1)).toEqual(source);
    const ledger = await json('/v1');
    expect(ledger.status).toBe(200);
    expect(ledger.body.chain_id).toEqual(expect.any(Number));
    const resource = await json('/v1/accounts/0x1/resource/0x1::account::Account');
    expect(resource.status).toBe(200);
    expect(resource.body.type).toBe('0x1::account::Account');
    expect(viewOf(settings).recentSnapshots.map((entry) => entry.path)).toEqual([path]);
    expect(settings.current.lastSource).toEqual({ kind: 'snapshot', path, sample: false });
    expect((await json('/explorer/v1/source')).body).toEqual({
      kind: 'snapshot',
      name: basename(path),
      origin: null,
      indexer: true,
    });
  });

  it('saves a capture ("Save to snapshot") into the captures folder of the user data', async () => {
    await openMain();
    const ledger = await json('/v1');
    const reply = await app(
      new Request('app://ledger-explorer/explorer/v1/capture', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accounts: ['0x1'], ledger_version: ledger.body.ledger_version }),
      }),
    );
    const body = (await reply.json()) as { file?: string };
    expect(reply.status, JSON.stringify(body)).toBe(201);
    expect(body.file?.startsWith(join(dir, 'captures'))).toBe(true);
    expect(existsSync(body.file ?? '')).toBe(true);
  });

  it('refuses a bad file with one line and keeps the open source', async () => {
    await openMain();
    const bad = join(dir, 'garbage.ledgerdb');
    writeFileSync(bad, 'not sqlite at all');
    for (const path of [bad, join(dir, 'missing.ledgerdb'), 'relative/path.db', dir]) {
      const error = await manager.openSnapshot(path).catch((caught: unknown) => caught as Error);
      expect(error, path).toBeInstanceOf(Error);
      expect((error as Error).message).not.toContain('\n');
    }
    expect(manager.current()).toMatchObject({ kind: 'snapshot', path: fixturePath('main') });
    expect((await json('/v1')).status).toBe(200);
  });

  it('connects to a node through the service process, with its stored API key, and remembers custom URLs', async () => {
    node.behave((_req, res) => sendJson(res, 200, LEDGER));
    settings.setApiKey(node.url, 'KEY-1');
    const source = await manager.connectNode({ url: node.url });
    const host = new URL(node.url).host;
    expect(source).toEqual({ kind: 'remote', profile: 'custom', name: host, url: node.url });
    expect((await json('/v1')).body).toEqual(LEDGER);
    expect(node.seen.at(-1)?.headers.authorization).toBe('Bearer KEY-1');
    // The desktop's description and the explorer API's agree on kind, name and url.
    expect((await json('/explorer/v1/source')).body).toMatchObject({ kind: 'remote', name: host, url: node.url });
    expect(settings.current.customNodes).toEqual([node.url]);
    // A profile: described from NODE_PROFILES (no request is sent here: the network is not reachable).
    expect(await manager.connectNode({ profile: 'testnet' })).toEqual({
      kind: 'remote',
      profile: 'testnet',
      name: 'testnet',
      url: 'https://api.testnet.aptoslabs.com/v1',
    });
    expect(changes.at(-1)).toMatchObject({ profile: 'testnet' });
    await expect(manager.connectNode({ url: 'file:///etc' })).rejects.toThrow(/http: or https:/);
  });

  it('reopens the last source, falling back to the sample when it is gone', async () => {
    await openMain();
    settings.update((stored) => ({
      ...stored,
      lastSource: { kind: 'snapshot', path: join(dir, 'moved-away.ledgerdb'), sample: false },
    }));
    const source = await manager.reopenLast();
    expect(source).toMatchObject({ kind: 'snapshot', path: fixturePath('small'), sample: true });
    expect((await json('/v1')).status).toBe(200);
    // The sample is not a "recent" snapshot.
    expect(viewOf(settings).recentSnapshots.map((entry) => entry.path)).toEqual([fixturePath('main')]);
  });
});

describe('concurrent switches', () => {
  /** Openers whose results the test hands out in the order it chooses. */
  function deferredOpeners() {
    const calls: Array<{ path: string; resolve: () => void; reject: (error: Error) => void; closed: boolean }> = [];
    const openers = {
      snapshot: (path: string) =>
        new Promise<((request: Request) => Promise<Response>) & { close(): void }>((resolve, reject) => {
          const call = { path, resolve: () => {}, reject, closed: false };
          const handle = Object.assign(() => Promise.resolve(new Response(JSON.stringify({ from: basename(path) }))), {
            close: () => void (call.closed = true),
          });
          call.resolve = () => resolve(handle);
          calls.push(call);
        }),
      remote: () => Promise.reject(new Error('not used')),
    };
    return { openers, calls };
  }

  it('the latest request wins, whatever order they finish in; the overtaken source is closed', async () => {
    const { openers, calls } = deferredOpeners();
    const own = SettingsStore.load(join(dir, 'switch-settings'), keychain);
    const seen: DesktopSource[] = [];
    const switcher = new SourceManager({
      settings: own,
      samplePath: '/none/sample.db',
      openers,
      onChanged: (source) => void seen.push(source),
    });
    const first = switcher.openSnapshot(fixturePath('main'));
    const second = switcher.openSnapshot(fixturePath('small'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]?.resolve(); // the later request finishes first…
    await second;
    calls[0]?.resolve(); // …and the earlier one after it
    const error = await first.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceSuperseded);
    expect((error as Error).message).not.toContain('\n');
    expect(switcher.current()).toMatchObject({ path: fixturePath('small') });
    expect(calls.map((call) => call.closed)).toEqual([true, false]);
    expect(seen.map((source) => source.name)).toEqual([basename(fixturePath('small'))]);
    expect(own.current.lastSource).toMatchObject({ path: fixturePath('small') });
    expect(await (await switcher.handle(new Request('app://ledger-explorer/v1'))).json()).toEqual({
      from: basename(fixturePath('small')),
    });
  });

  it('a switch still opening when the app quits is closed when it finishes', async () => {
    const { openers, calls } = deferredOpeners();
    const switcher = new SourceManager({
      settings: SettingsStore.load(join(dir, 'quit-settings'), keychain),
      samplePath: '/none/sample.db',
      openers,
      onChanged: () => {},
    });
    const opening = switcher.openSnapshot(fixturePath('main'));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    switcher.close();
    calls[0]?.resolve();
    await expect(opening).rejects.toBeInstanceOf(SourceSuperseded);
    expect(calls[0]?.closed).toBe(true);
    expect(switcher.current()).toBeNull();
  });

  it('a switch that fails after a later one was asked for is superseded, not an error to show', async () => {
    const { openers, calls } = deferredOpeners();
    const switcher = new SourceManager({
      settings: SettingsStore.load(join(dir, 'fail-settings'), keychain),
      samplePath: '/none/sample.db',
      openers,
      onChanged: () => {},
    });
    const first = switcher.openSnapshot(fixturePath('main'));
    const second = switcher.openSnapshot(fixturePath('small'));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[0]?.reject(new Error('not a snapshot'));
    await expect(first).rejects.toBeInstanceOf(SourceSuperseded);
    calls[1]?.resolve();
    await expect(second).resolves.toMatchObject({ path: fixturePath('small') });
  });
});
