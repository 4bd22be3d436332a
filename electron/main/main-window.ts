/**
 * The app window: secure webPreferences, navigation guards, remembered geometry, the source in the
 * title, and snapshots dropped onto it opened (the page itself never navigates to a dropped file).
 */
import { BrowserWindow, screen } from 'electron';
import type { DesktopSource } from '../../shared/ipc-contract.ts';
import { NODE_PROFILES } from '../../shared/node-profiles.ts';
import { APP_START_URL } from './security/app-origin.ts';
import { guardNavigation } from './security/navigation.ts';
import { secureWebPreferences } from './security/web-preferences.ts';
import type { WindowState } from './settings/settings-schema.ts';
import { restoredBounds } from './window-geometry.ts';

/** The product name in titles and menus. */
export const PRODUCT_NAME = 'Ledger Explorer';

/** The window title for a source. */
export function windowTitle(source: DesktopSource | null): string {
  if (!source) return PRODUCT_NAME;
  switch (source.kind) {
    case 'snapshot':
      return `${source.name}${source.sample ? ' (sample)' : ''} — ${PRODUCT_NAME}`;
    case 'remote':
      return (
        `${source.profile === 'custom' ? source.name : NODE_PROFILES[source.profile].label} ` +
        `(${source.url}) — ${PRODUCT_NAME}`
      );
  }
}

/** Creates the window on the app's start page; `saveGeometry` is called when it closes. */
export function createMainWindow(options: {
  readonly preload: string;
  /** Whether DevTools may open (security/devtools.ts); off when absent. */
  readonly devTools?: boolean;
  readonly saved: WindowState | null;
  readonly saveGeometry: (state: WindowState) => void;
}): BrowserWindow {
  const bounds = restoredBounds(
    options.saved,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...bounds,
    minWidth: 640,
    minHeight: 400,
    show: false,
    title: PRODUCT_NAME,
    backgroundColor: '#101418',
    webPreferences: secureWebPreferences(options.preload, options.devTools ?? false),
  });
  guardNavigation(window.webContents);
  if (options.saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  // The page sets its own <title>; the window keeps the source-bearing one.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.on('close', () => {
    const normal = window.getNormalBounds();
    options.saveGeometry({
      x: normal.x,
      y: normal.y,
      width: normal.width,
      height: normal.height,
      maximized: window.isMaximized(),
    });
  });
  void window.loadURL(APP_START_URL);
  return window;
}
