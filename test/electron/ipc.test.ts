/**
 * IPC: untrusted senders and malformed arguments are dropped before any implementation runs; the
 * preload bridge forwards named calls on the contract's channels and hands listeners payloads only.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type InvokeName,
  type LedgerExplorerBridge,
} from '../../shared/ipc-contract.ts';
import type { InvokeImplementations } from '../../electron/main/ipc/ipc-handlers.ts';
import { contextBridge, ipcMain, ipcRenderer } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { registerIpcHandlers } = await import('../../electron/main/ipc/ipc-handlers.ts');

const WINDOW_ID = 42;
const calls: Array<[InvokeName, unknown[]]> = [];
const dropped: Array<[string, string]> = [];

function recording(): InvokeImplementations {
  const implementations: Record<string, (...args: unknown[]) => unknown> = {};
  for (const name of Object.keys(INVOKE_CHANNELS) as InvokeName[]) {
    implementations[name] = (...args: unknown[]) => {
      calls.push([name, args]);
      return name === 'openExternal' ? false : null;
    };
  }
  return implementations as unknown as InvokeImplementations;
}

beforeAll(() => {
  registerIpcHandlers(
    ipcMain as never,
    recording(),
    new Set([WINDOW_ID]),
    (channel, reason) => void dropped.push([channel, reason]),
  );
});

function event(url: string, options: { id?: number; subFrame?: boolean } = {}) {
  return { sender: { id: options.id ?? WINDOW_ID }, senderFrame: { url, parent: options.subFrame ? {} : null } };
}

async function call(name: InvokeName, sender: ReturnType<typeof event>, ...args: unknown[]): Promise<unknown> {
  const handler = ipcMain.handlers.get(INVOKE_CHANNELS[name]);
  if (!handler) throw new Error(`no handler for ${name}`);
  return handler(sender, ...args);
}

describe('main-process IPC handlers', () => {
  it('registers one handler per call of the contract', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(INVOKE_CHANNELS).sort());
  });

  it('passes a trusted call with valid arguments to its implementation', async () => {
    calls.length = 0;
    await call('connectNode', event('app://ledger-explorer/account/0x1'), { profile: 'testnet' });
    await call('updateSettings', event('app://ledger-explorer/'), {
      theme: 'dark',
      apiKey: { node: 'mainnet', key: 'k' },
    });
    await call('saveFile', event('app://ledger-explorer/'), {
      suggestedName: 'events.csv',
      content: new Uint8Array([1, 2]),
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    expect(calls.map(([name]) => name)).toEqual(['connectNode', 'updateSettings', 'saveFile']);
    expect(calls[0]?.[1]).toEqual([{ profile: 'testnet' }]);
  });

  it('accepts exactly the node profiles of NODE_PROFILES (the one list of names)', async () => {
    const { NODE_PROFILES } = await import('../../shared/node-profiles.ts');
    calls.length = 0;
    for (const profile of Object.keys(NODE_PROFILES))
      await call('connectNode', event('app://ledger-explorer/'), { profile });
    expect(calls.map(([, args]) => args)).toEqual(Object.keys(NODE_PROFILES).map((profile) => [{ profile }]));
    for (const profile of ['toString', '__proto__', 'constructor']) {
      await expect(call('connectNode', event('app://ledger-explorer/'), { profile })).rejects.toThrow('refused');
    }
  });

  it.each([
    ['another origin', event('https://evil.example/')],
    ['a look-alike host', event('app://ledger-explorer.evil/')],
    ['a file page', event('file:///tmp/page.html')],
    ['a sub-frame of the app', event('app://ledger-explorer/', { subFrame: true })],
    ['a web contents that is not an app window', event('app://ledger-explorer/', { id: 99 })],
    // API replies are data from a snapshot or a node, never a page of the UI, even on the app origin.
    ['the main frame on a node API reply', event('app://ledger-explorer/v1/accounts/0x1/resource/0x1::a::B')],
    ['the main frame on the API root', event('app://ledger-explorer/v1')],
    ['the main frame on an explorer API reply', event('app://ledger-explorer/explorer/v1/source?x=1#y')],
    ['the main frame on a dot-segment path to the API', event('app://ledger-explorer/assets/../v1/')],
  ])('drops a call from %s without running it', async (_what, sender) => {
    calls.length = 0;
    dropped.length = 0;
    await expect(call('getSettings', sender)).rejects.toThrow('refused');
    await expect(call('openSnapshotPath', sender, '/etc/passwd')).rejects.toThrow('refused');
    expect(calls).toEqual([]);
    expect(dropped).toEqual([
      [INVOKE_CHANNELS.getSettings, 'untrusted sender'],
      [INVOKE_CHANNELS.openSnapshotPath, 'untrusted sender'],
    ]);
  });

  it('drops a call from a frame that is gone', async () => {
    calls.length = 0;
    const gone = { sender: { id: WINDOW_ID }, senderFrame: null };
    await expect(call('currentSource', gone as never)).rejects.toThrow('refused');
    expect(calls).toEqual([]);
  });

  it.each([
    ['connectNode', [{ profile: 'evilnet' }]],
    ['connectNode', [{ url: 'https://x', profile: 'mainnet' }]],
    ['openSnapshotPath', [42]],
    ['openSnapshotPath', []],
    ['updateSettings', [{ theme: 'neon' }]],
    ['updateSettings', [{ theme: 'dark', extra: 1 }]],
    ['saveFile', [{ suggestedName: '../../.bashrc', content: 'x' }]],
    ['saveFile', [{ suggestedName: 'a.csv', content: { toString: 1 } }]],
    ['getSettings', ['unexpected']],
    ['openExternal', [{ url: 'https://github.com' }]],
  ] as const)('drops %s with arguments %j', async (name, args) => {
    calls.length = 0;
    await expect(call(name, event('app://ledger-explorer/'), ...args)).rejects.toThrow('refused');
    expect(calls).toEqual([]);
  });
});

describe('preload bridge', () => {
  let bridge: LedgerExplorerBridge;
  const drop = new EventTarget();

  beforeAll(async () => {
    vi.stubGlobal('window', drop);
    await import('../../electron/preload/preload.ts');
    vi.unstubAllGlobals();
    bridge = contextBridge.exposed.get('ledgerExplorer') as LedgerExplorerBridge;
  });

  it('invokes the contract channel with the arguments, and returns the reply', async () => {
    ipcRenderer.invoke.mockResolvedValueOnce({
      kind: 'remote',
      profile: 'devnet',
      name: 'devnet',
      url: 'https://api.devnet.aptoslabs.com/v1',
    });
    const source = await bridge.connectNode({ profile: 'devnet' });
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(INVOKE_CHANNELS.connectNode, { profile: 'devnet' });
    expect(source).toMatchObject({ name: 'devnet', url: 'https://api.devnet.aptoslabs.com/v1' });
  });

  it("rejects with the main process's one-line message, without Electron's prefix", async () => {
    ipcRenderer.invoke.mockRejectedValueOnce(
      new Error("Error invoking remote method 'ledger-explorer:open-snapshot-path': Error: no such file: /x.db"),
    );
    await expect(bridge.openDroppedFile({ path: '/x.db' } as unknown as File)).rejects.toThrow(
      /^no such file: \/x\.db$/,
    );
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(INVOKE_CHANNELS.openSnapshotPath, '/x.db');
  });

  it('gives listeners the payload only (never the IPC event) and unsubscribes', () => {
    const seen: unknown[] = [];
    const unsubscribe = bridge.onServiceRestarted((payload) => seen.push(payload));
    const payload = { restarts: 1, reason: 'signal SIGKILL' };
    ipcRenderer.emit(EVENT_CHANNELS.serviceRestarted, { sender: 'secret' }, payload);
    unsubscribe();
    ipcRenderer.emit(EVENT_CHANNELS.serviceRestarted, { sender: 'secret' }, payload);
    expect(seen).toEqual([payload]);
  });

  it('opens a snapshot dropped on the window unless the page handled the drop', () => {
    ipcRenderer.invoke.mockClear();
    const dropEvent = (path: string): Event =>
      Object.assign(new Event('drop', { cancelable: true }), { dataTransfer: { files: [{ path }] } });
    drop.dispatchEvent(dropEvent('/data/a.ledgerdb'));
    const handled = dropEvent('/data/b.ledgerdb');
    handled.preventDefault();
    drop.dispatchEvent(handled);
    expect(ipcRenderer.invoke.mock.calls).toEqual([[INVOKE_CHANNELS.openSnapshotPath, '/data/a.ledgerdb']]);
  });
});
