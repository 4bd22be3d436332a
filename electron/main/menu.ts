/**
 * The application menu: open a snapshot (dialog, recent list, sample), connect to a node profile,
 * and the standard edit/view/window roles. Rebuilt when the recent list changes.
 */
import { app, Menu, type MenuItemConstructorOptions } from 'electron';
import { NODE_PROFILES } from '../../shared/node-profiles.ts';
import type { NodeProfileId, RecentSnapshot } from '../../shared/ipc-contract.ts';
import { openExternalIfAllowed } from './security/external-links.ts';
import { PRODUCT_NAME } from './main-window.ts';

/** What the menu's items do. */
export interface MenuActions {
  openDialog(): void;
  openPath(path: string): void;
  openSample(): void;
  connect(profile: NodeProfileId): void;
  clearRecent(): void;
}

/**
 * The Aptos developer documentation, home of the node REST API reference (opened through the external-link allowlist).
 */
export const DOCS_URL = 'https://aptos.dev/';

/**
 * The View menu: Electron's `viewMenu` role minus Toggle Developer Tools unless `devTools` (off in packaged builds,
 * security/devtools.ts).
 */
function viewMenu(devTools: boolean): MenuItemConstructorOptions {
  return {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      ...(devTools ? [{ role: 'toggleDevTools' as const }] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
}

/** The menu template for the platform and recent snapshots; `devTools` adds Toggle Developer Tools to View. */
export function menuTemplate(
  platform: NodeJS.Platform,
  recent: readonly RecentSnapshot[],
  actions: MenuActions,
  devTools = false,
): MenuItemConstructorOptions[] {
  const recentItems: MenuItemConstructorOptions[] =
    recent.length === 0
      ? [{ label: 'No recent snapshots', enabled: false }]
      : [
          ...recent.map((entry) => ({ label: entry.path, click: () => actions.openPath(entry.path) })),
          { type: 'separator' as const },
          { label: 'Clear Recent', click: () => actions.clearRecent() },
        ];
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Snapshot…', accelerator: 'CmdOrCtrl+O', click: () => actions.openDialog() },
      { label: 'Open Recent', submenu: recentItems },
      { label: 'Open Sample Snapshot', click: () => actions.openSample() },
      { type: 'separator' },
      {
        label: 'Connect to Node',
        submenu: Object.values(NODE_PROFILES).map((profile) => ({
          label: `${profile.label} (${profile.url})`,
          click: () => actions.connect(profile.name),
        })),
      },
      { type: 'separator' },
      platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ label: 'Aptos Developer Documentation', click: () => void openExternalIfAllowed(DOCS_URL) }],
  };
  const template: MenuItemConstructorOptions[] = [
    file,
    { role: 'editMenu' },
    viewMenu(devTools),
    { role: 'windowMenu' },
    help,
  ];
  return platform === 'darwin' ? [{ role: 'appMenu' }, ...template] : template;
}

/** Installs the menu. */
export function installMenu(recent: readonly RecentSnapshot[], actions: MenuActions, devTools = false): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, recent, actions, devTools)));
  if (process.platform === 'darwin') app.setName(PRODUCT_NAME);
}
