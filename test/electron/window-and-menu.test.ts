/**
 * Window details: remembered geometry restored only on a visible display, the source in the title,
 * command-line snapshot arguments, the menu's source actions.
 */
import { describe, expect, it, vi } from 'vitest';
import { BrowserWindow } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { restoredBounds, DEFAULT_SIZE } = await import('../../electron/main/window-geometry.ts');
const { createMainWindow, windowTitle } = await import('../../electron/main/main-window.ts');
const { snapshotArgument } = await import('../../electron/main/command-line.ts');
const { menuTemplate } = await import('../../electron/main/menu.ts');

const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

describe('window', () => {
  it('restores remembered geometry on a connected display, else only the size', () => {
    const saved = { x: 100, y: 80, width: 1200, height: 800, maximized: false };
    expect(restoredBounds(saved, screen)).toEqual({ x: 100, y: 80, width: 1200, height: 800 });
    expect(restoredBounds({ ...saved, x: 3000 }, screen)).toEqual({ width: 1200, height: 800 });
    expect(restoredBounds(null, screen)).toEqual(DEFAULT_SIZE);
  });

  it('saves its geometry when closed', () => {
    const saved: unknown[] = [];
    createMainWindow({ preload: '/p.cjs', saved: null, saveGeometry: (state) => void saved.push(state) });
    BrowserWindow.created.at(-1)?.emit('close');
    expect(saved).toEqual([{ x: 10, y: 20, width: 1000, height: 700, maximized: false }]);
  });

  it('shows the source in the title', () => {
    expect(windowTitle(null)).toBe('Ledger Explorer');
    expect(
      windowTitle({ kind: 'snapshot', path: '/d/sample-snapshot-v1.db', name: 'sample-snapshot-v1.db', sample: true }),
    ).toBe('sample-snapshot-v1.db (sample) — Ledger Explorer');
    expect(
      windowTitle({ kind: 'remote', profile: 'mainnet', name: 'mainnet', url: 'https://api.mainnet.aptoslabs.com/v1' }),
    ).toBe('Mainnet (https://api.mainnet.aptoslabs.com/v1) — Ledger Explorer');
    expect(
      windowTitle({
        kind: 'remote',
        profile: 'custom',
        name: 'node.example.com:8080',
        url: 'https://node.example.com:8080/v1',
      }),
    ).toBe('node.example.com:8080 (https://node.example.com:8080/v1) — Ledger Explorer');
  });
});

describe('command line', () => {
  it('takes the last non-switch argument as a snapshot path, resolved against the working folder', () => {
    expect(snapshotArgument(['/opt/app/ledger-explorer', 'data/x.ledgerdb'], 1, '/home/u')).toBe(
      '/home/u/data/x.ledgerdb',
    );
    expect(snapshotArgument(['electron', 'dist/electron/main.js', '--inspect=0', '/abs/y.db'], 2, '/w')).toBe(
      '/abs/y.db',
    );
    expect(snapshotArgument(['electron', 'dist/electron/main.js'], 2, '/w')).toBeUndefined();
    expect(snapshotArgument(['/opt/app/ledger-explorer', '--no-sandbox'], 1, '/w')).toBeUndefined();
  });
});

describe('menu', () => {
  it('offers open, recent, sample and node profiles, and runs their actions', () => {
    const actions = {
      openDialog: vi.fn(),
      openPath: vi.fn(),
      openSample: vi.fn(),
      connect: vi.fn(),
      clearRecent: vi.fn(),
    };
    const template = menuTemplate('linux', [{ path: '/d/a.ledgerdb', name: 'a.ledgerdb', openedAt: 1 }], actions);
    const file = template[0]?.submenu as Array<{
      label?: string;
      click?: () => void;
      submenu?: Array<{ label?: string; click?: () => void }>;
    }>;
    file.find((item) => item.label === 'Open Snapshot…')?.click?.();
    file.find((item) => item.label === 'Open Recent')?.submenu?.[0]?.click?.();
    file.find((item) => item.label === 'Open Sample Snapshot')?.click?.();
    const nodes = file.find((item) => item.label === 'Connect to Node')?.submenu ?? [];
    expect(nodes.map((item) => item.label)).toEqual([
      'Mainnet (https://api.mainnet.aptoslabs.com/v1)',
      'Testnet (https://api.testnet.aptoslabs.com/v1)',
      'Devnet (https://api.devnet.aptoslabs.com/v1)',
      'Localnet (http://127.0.0.1:8080/v1)',
    ]);
    nodes[1]?.click?.();
    expect(actions.openDialog).toHaveBeenCalledOnce();
    expect(actions.openPath).toHaveBeenCalledWith('/d/a.ledgerdb');
    expect(actions.openSample).toHaveBeenCalledOnce();
    expect(actions.connect).toHaveBeenCalledWith('testnet');
    expect(menuTemplate('darwin', [], actions)[0]).toEqual({ role: 'appMenu' });
  });
});
