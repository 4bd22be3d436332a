/**
 * Sources end to end without Electron: the app:// handler → source manager → supervised service
 * child (a real forked process on a real snapshot). The remote node is the true boundary, so the
 * remote opener is a recording fake.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DesktopSource } from '../../shared/ipc-contract.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { forkLauncher } from './fork-launcher.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { createAppHandler } = await import('../../electron/main/protocol/app-protocol.ts');
const { SettingsStore } = await import('../../electron/main/settings/settings-store.ts');
const { sourceOpeners } = await import('../../electron/main/sources/source-openers.ts');
const { SourceManager } = await import('../../electron/main/sources/source-manager.ts');
const { viewOf } = await import('../../electron/main/ipc/invoke-implementations.ts');

const dir = useTempDir('ledger-explorer-sources-');
const keychain = { available: () => true, encrypt: (key: string) => Buffer.from(key).toString('base64'), decrypt: (text: string) => Buffer.from(text, 'base64').toString() };
const settings = SettingsStore.load(dir, keychain);
const changes: DesktopSource[] = [];
const remoteCalls: unknown[] = [];
let manager: InstanceType<typeof SourceManager>;
let app: (request: Request) => Promise<Response>;

beforeAll(() => {
  manager = new SourceManager({
    settings,
    // The "sample" is the small fixture, so falling back to it never generates a big file here.
    samplePath: fixturePath('small'),
    openers: sourceOpeners({
      launch: forkLauncher().launch,
      loadRemote: () => Promise.resolve((options) => {
        remoteCalls.push(options);
        return () => Promise.resolve(new Response('{"chain_id":1}', { headers: { 'Content-Type': 'application/json' } }));
      }),
      onRestarted: () => {},
      capturesFolder: join(dir, 'captures'),
    }),
    onChanged: (source) => void changes.push(source),
  });
  app = createAppHandler(dir, (request) => manager.handle(request));
});
afterAll(() => manager.close());

const json = async (path: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const reply = await app(new Request(`app://ledger-explorer${path}`));
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
};

describe('data sources', () => {
  it('answers 503 with the error record before any source is open', async () => {
    expect(await json('/v1')).toEqual({ status: 503, body: { message: 'no data source is open yet', error_code: 'internal_error', vm_error_code: null } });
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
    expect((await json('/explorer/v1/source')).body).toEqual({ kind: 'snapshot', name: basename(path), origin: null });
  });

  it('saves a capture ("Save to snapshot") into the captures folder of the user data', async () => {
    const ledger = await json('/v1');
    const reply = await app(new Request('app://ledger-explorer/explorer/v1/capture', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ accounts: ['0x1'], ledger_version: ledger.body.ledger_version }),
    }));
    const body = (await reply.json()) as { file?: string };
    expect(reply.status, JSON.stringify(body)).toBe(201);
    expect(body.file?.startsWith(join(dir, 'captures'))).toBe(true);
    expect(existsSync(body.file ?? '')).toBe(true);
  });

  it('refuses a bad file with one line and keeps the open source', async () => {
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

  it('connects to a node profile with its stored API key, and remembers custom URLs', async () => {
    settings.setApiKey('testnet', 'KEY-1');
    const source = await manager.connectNode({ profile: 'testnet' });
    expect(source).toEqual({ kind: 'remote', profile: 'testnet', baseUrl: 'https://api.testnet.aptoslabs.com/v1', label: 'Testnet' });
    expect(remoteCalls.at(-1)).toEqual({ baseUrl: 'https://api.testnet.aptoslabs.com/v1', apiKey: 'KEY-1', profileName: 'testnet', capture: { folder: join(dir, 'captures') } });
    expect((await json('/v1')).body).toEqual({ chain_id: 1 });
    await manager.connectNode({ url: 'https://node.example.com' });
    expect(remoteCalls.at(-1)).toEqual({ baseUrl: 'https://node.example.com/v1', apiKey: undefined, profileName: 'node.example.com', capture: { folder: join(dir, 'captures') } });
    expect(settings.current.customNodes).toEqual(['https://node.example.com/v1']);
    await expect(manager.connectNode({ url: 'file:///etc' })).rejects.toThrow(/http: or https:/);
  });

  it('reopens the last source, falling back to the sample when it is gone', async () => {
    settings.update((stored) => ({ ...stored, lastSource: { kind: 'snapshot', path: join(dir, 'moved-away.ledgerdb'), sample: false } }));
    const source = await manager.reopenLast();
    expect(source).toMatchObject({ kind: 'snapshot', path: fixturePath('small'), sample: true });
    expect((await json('/v1')).status).toBe(200);
    // The sample is not a "recent" snapshot.
    expect(viewOf(settings).recentSnapshots.map((entry) => entry.path)).toEqual([fixturePath('main')]);
  });
});
