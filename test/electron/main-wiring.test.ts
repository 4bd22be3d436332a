/**
 * The main process as a whole, on the mocked electron module: what must happen before `ready`
 * (privileged scheme, sandbox for all, single-instance lock), then the session's deny-all
 * permissions, the app:// handler, IPC bound to the window, the window itself, and a source that
 * cannot open shown as one line in an error box — never a crash.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS } from '../../shared/ipc-contract.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const dataDir = useTempDir('ledger-explorer-main-');
const savedArgv = process.argv;
let window: BrowserWindow;
// Mock call records are copied in beforeAll: the test runner clears them between hooks and tests.
let registerCalls: unknown[][] = [];
let order: Record<'register' | 'sandbox' | 'lock' | 'ready', number> = { register: 0, sandbox: 0, lock: 0, ready: 0 };
let errorBoxes: unknown[][] = [];
let quitCalls = 0;

beforeAll(async () => {
  vi.stubEnv('LEDGER_EXPLORER_DATA_DIR', dataDir);
  process.argv = ['electron', 'dist/electron/main.js'];
  await import('../../electron/main/main.ts');
  await vi.waitFor(() => {
    if (BrowserWindow.created.length === 0) throw new Error('no window yet');
  });
  window = BrowserWindow.created[0] as BrowserWindow;
  // The first source cannot open here (no utilityProcess without the Electron binary): wait for the error box.
  await vi.waitFor(() => expect(dialog.showErrorBox).toHaveBeenCalled());
  registerCalls = protocol.registerSchemesAsPrivileged.mock.calls;
  order = {
    register: protocol.registerSchemesAsPrivileged.mock.invocationCallOrder[0] ?? Infinity,
    sandbox: app.enableSandbox.mock.invocationCallOrder[0] ?? Infinity,
    lock: app.requestSingleInstanceLock.mock.invocationCallOrder[0] ?? Infinity,
    ready: app.whenReady.mock.invocationCallOrder[0] ?? -1,
  };
  errorBoxes = dialog.showErrorBox.mock.calls;
  quitCalls = app.quit.mock.calls.length;
});
afterAll(() => {
  process.argv = savedArgv;
  vi.unstubAllEnvs();
});

describe('main process wiring', () => {
  it('registers the app:// scheme, sandboxes every renderer, takes the single-instance lock before ready', () => {
    expect(registerCalls).toEqual([
      [
        [
          expect.objectContaining({
            scheme: 'app',
            privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }),
          }),
        ],
      ],
    ]);
    expect(order.register).toBeLessThan(order.ready);
    expect(order.sandbox).toBeLessThan(order.ready);
    expect(order.lock).toBeLessThan(order.ready);
    expect(app.getPath('userData')).toBe(dataDir);
  });

  it('installs deny-all permissions and the app:// handler on the session', () => {
    expect(session.defaultSession.permissionCheckHandler?.(null, 'media', 'app://ledger-explorer', {})).toBe(false);
    expect(session.defaultSession.protocolHandlers.has('app')).toBe(true);
  });

  it('opens one secure window on app:// and writes the settings file', () => {
    expect(BrowserWindow.created).toHaveLength(1);
    expect(window.loadedUrl).toBe('app://ledger-explorer/');
    expect(window.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      preload: expect.stringMatching(/preload\.cjs$/),
      // Unpackaged (`npm start`): DevTools on for development; a packaged build has them off (main-packaged.test.ts).
      devTools: true,
    });
    expect(existsSync(join(dataDir, 'settings.json'))).toBe(true);
  });

  it('answers IPC from that window only', async () => {
    const handler = ipcMain.handlers.get(INVOKE_CHANNELS.getSettings);
    if (!handler) throw new Error('no getSettings handler');
    const fromWindow = {
      sender: { id: window.webContents.id },
      senderFrame: { url: 'app://ledger-explorer/', parent: null },
    };
    expect(await handler(fromWindow)).toMatchObject({ theme: 'system', recentSnapshots: [] });
    const fromElsewhere = {
      sender: { id: window.webContents.id + 1000 },
      senderFrame: { url: 'app://ledger-explorer/', parent: null },
    };
    await expect(Promise.resolve().then(() => handler(fromElsewhere))).rejects.toThrow('refused');
  });

  it('reports a source that cannot open as one line, and the app keeps running', () => {
    const [title, message] = errorBoxes[0] as [string, string];
    expect(title).toBe('Ledger Explorer');
    expect(message).toMatch(/utilityProcess/);
    expect(message).not.toContain('\n');
    expect(quitCalls).toBe(0);
  });
});
