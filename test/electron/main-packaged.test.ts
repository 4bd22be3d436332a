/**
 * The main process of a packaged build (mocked electron with `app.isPackaged`): DevTools are off — not in the
 * window's webPreferences, not in the View menu — unless the user starts the app with `--enable-devtools`
 * (security/devtools.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../support/temp-dir.ts';
import { app, BrowserWindow, Menu } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { devToolsAllowed, DEVTOOLS_ENV, DEVTOOLS_SWITCH } = await import('../../electron/main/security/devtools.ts');
const { menuTemplate } = await import('../../electron/main/menu.ts');

const dataDir = useTempDir('ledger-explorer-packaged-');
const savedArgv = process.argv;
let menus: unknown[] = [];

/** Every menu role in a template, nested submenus included. */
function roles(template: unknown): string[] {
  if (!Array.isArray(template)) return [];
  return template.flatMap((item: { role?: string; submenu?: unknown }) => [
    ...(item.role === undefined ? [] : [item.role]),
    ...roles(item.submenu),
  ]);
}

beforeAll(async () => {
  vi.stubEnv('LEDGER_EXPLORER_DATA_DIR', dataDir);
  vi.stubEnv(DEVTOOLS_ENV, '');
  app.isPackaged = true;
  process.argv = ['/opt/Ledger Explorer/ledger-explorer'];
  await import('../../electron/main/main.ts');
  await vi.waitFor(() => {
    if (BrowserWindow.created.length === 0) throw new Error('no window yet');
  });
  menus = Menu.setApplicationMenu.mock.calls.map(([menu]) => menu);
});
afterAll(() => {
  app.isPackaged = false;
  process.argv = savedArgv;
  vi.unstubAllEnvs();
});

describe('a packaged build', () => {
  it('opens its window with DevTools off', () => {
    expect(BrowserWindow.created).toHaveLength(1);
    expect(BrowserWindow.created[0]?.options.webPreferences).toMatchObject({ devTools: false, sandbox: true });
  });

  it('has no Toggle Developer Tools in its menus (nor the viewMenu role, which carries it)', () => {
    expect(menus.length).toBeGreaterThan(0);
    for (const menu of menus) {
      expect(roles(menu)).not.toContain('toggleDevTools');
      expect(roles(menu)).not.toContain('viewMenu');
      expect(roles(menu)).toContain('reload');
    }
  });
});

describe('turning DevTools on', () => {
  it('is on while developing, off when packaged unless the switch or the variable asks', () => {
    expect(devToolsAllowed({ isPackaged: false, argv: [], env: {} })).toBe(true);
    expect(devToolsAllowed({ isPackaged: true, argv: ['/opt/app'], env: {} })).toBe(false);
    expect(devToolsAllowed({ isPackaged: true, argv: ['/opt/app', DEVTOOLS_SWITCH], env: {} })).toBe(true);
    expect(devToolsAllowed({ isPackaged: true, argv: ['/opt/app'], env: { [DEVTOOLS_ENV]: '1' } })).toBe(true);
    expect(devToolsAllowed({ isPackaged: true, argv: ['/opt/app'], env: { [DEVTOOLS_ENV]: '0' } })).toBe(false);
    expect(devToolsAllowed({ isPackaged: true, argv: ['/opt/app', '--enable-devtools=no'], env: {} })).toBe(false);
    expect(DEVTOOLS_SWITCH).toBe('--enable-devtools');
  });

  it('puts Toggle Developer Tools in the View menu only then', () => {
    const actions = { openDialog() {}, openPath() {}, openSample() {}, connect() {}, clearRecent() {} };
    expect(roles(menuTemplate('linux', [], actions, true))).toContain('toggleDevTools');
    expect(roles(menuTemplate('linux', [], actions))).not.toContain('toggleDevTools');
  });
});
