/**
 * The theme toggle: follows the system by default (no `data-theme`), a choice sets `data-theme`
 * on <html> and is remembered in localStorage headless, or through the desktop bridge's settings
 * when `window.ledgerExplorer` exists (a stand-in for the Electron preload: the true boundary).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  LedgerExplorerBridge,
  SettingsPatch,
  SettingsView,
  DesktopSource as SourceInfo,
} from '../../../shared/ipc-contract.ts';
import { THEME_STORAGE_KEY } from '../../../renderer/features/frame/use-theme.ts';
import { renderApp } from '../support/render-app.tsx';

const html = document.documentElement;

function themeButton(name: string): HTMLElement {
  return within(screen.getByRole('group', { name: 'Theme' })).getByRole('button', { name });
}

afterEach(() => {
  delete window.ledgerExplorer;
});

describe('theme toggle (headless)', () => {
  it('follows the system by default, sets data-theme on a choice, and remembers it across reloads', async () => {
    const first = renderApp('/', { fixture: 'small' });
    expect(html.hasAttribute('data-theme')).toBe(false);
    expect(themeButton('System').getAttribute('aria-pressed')).toBe('true');
    await first.user.click(themeButton('Dark'));
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    first.unmount();
    html.removeAttribute('data-theme');

    const second = renderApp('/', { fixture: 'small' });
    expect(html.getAttribute('data-theme')).toBe('dark');
    expect(themeButton('Dark').getAttribute('aria-pressed')).toBe('true');
    await second.user.click(themeButton('Light'));
    expect(html.getAttribute('data-theme')).toBe('light');
    await second.user.click(themeButton('System'));
    expect(html.hasAttribute('data-theme')).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });
});

/** A bridge whose settings live in memory; only what the frame calls is implemented. */
function fakeBridge(theme: SettingsView['theme']) {
  let sourceListener: ((source: SourceInfo) => void) | undefined;
  const settings: { theme: SettingsView['theme'] } = { theme };
  const view = (): SettingsView => ({
    theme: settings.theme,
    lastSource: null,
    recentSnapshots: [],
    customNodes: [],
    apiKeys: {},
    secureStorageAvailable: true,
  });
  const bridge = {
    getSettings: vi.fn(async () => view()),
    updateSettings: vi.fn(async (patch: SettingsPatch) => {
      if (patch.theme) settings.theme = patch.theme;
      return view();
    }),
    openSnapshotDialog: vi.fn(async (): Promise<SourceInfo | null> => null),
    onSourceChanged: (listener: (source: SourceInfo) => void) => {
      sourceListener = listener;
      return () => {
        sourceListener = undefined;
      };
    },
    onServiceRestarted: () => () => undefined,
  };
  return { bridge, settings, changeSource: (source: SourceInfo) => sourceListener?.(source) };
}

describe('desktop bridge', () => {
  it('reads and saves the theme through the bridge settings, mirrored to localStorage for the next load', async () => {
    const fake = fakeBridge('light');
    window.ledgerExplorer = fake.bridge as unknown as LedgerExplorerBridge;
    // A stale mirror: the bridge's settings decide, and the mirror follows them (theme-boot.js reads it).
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { user } = renderApp('/', { fixture: 'small' });
    await waitFor(() => expect(html.getAttribute('data-theme')).toBe('light'));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    await user.click(themeButton('Dark'));
    expect(html.getAttribute('data-theme')).toBe('dark');
    await waitFor(() => expect(fake.settings.theme).toBe('dark'));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('offers "Open snapshot…" and, when the source changes, goes home and reloads every query', async () => {
    const fake = fakeBridge('system');
    window.ledgerExplorer = fake.bridge as unknown as LedgerExplorerBridge;
    const { user, fixture } = renderApp('/gas', { fixture: 'small' });
    await user.click(screen.getByRole('button', { name: 'Open snapshot…' }));
    expect(fake.bridge.openSnapshotDialog).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fixture.requests).toContain('GET /explorer/v1/source'));
    const before = fixture.requests.filter((request) => request === 'GET /explorer/v1/source').length;
    fake.changeSource({ kind: 'snapshot', path: '/tmp/other.ledgerdb', name: 'other.ledgerdb', sample: false });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() =>
      expect(fixture.requests.filter((request) => request === 'GET /explorer/v1/source').length).toBeGreaterThan(
        before,
      ),
    );
  });

  it('has no "Open snapshot…" headless', async () => {
    renderApp('/', { fixture: 'small' });
    await screen.findByRole('group', { name: 'Theme' });
    expect(screen.queryByRole('button', { name: 'Open snapshot…' })).toBeNull();
  });
});
