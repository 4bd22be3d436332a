/**
 * The Electron main process: wires the small modules of electron/main together. Order matters:
 * the app:// scheme and the single-instance lock before `ready`; the protocol handler, permission
 * handlers and IPC before the window loads anything.
 */
import { join } from 'node:path';
import { app, dialog, ipcMain, nativeTheme, safeStorage, session, type BrowserWindow } from 'electron';
import {
  EVENT_CHANNELS,
  type DesktopSource,
  type EventContract,
  type EventName,
  type SettingsView,
} from '../../shared/ipc-contract.ts';
import { SAMPLE_SNAPSHOT_NAME, userDataFolder } from '../cli/data-folder.ts';
import { loadStaticUi } from '../service/static-ui.ts';
import { appPaths } from './app-paths.ts';
import { snapshotArgument } from './command-line.ts';
import { invokeImplementations, chooseSnapshotFile, viewOf } from './ipc/invoke-implementations.ts';
import { registerIpcHandlers } from './ipc/ipc-handlers.ts';
import { createMainWindow, windowTitle } from './main-window.ts';
import { installMenu } from './menu.ts';
import { handleAppProtocol, registerAppScheme } from './protocol/app-protocol.ts';
import { devToolsAllowed } from './security/devtools.ts';
import { denyAllPermissions } from './security/permissions.ts';
import { safeStorageVault } from './settings/api-key-vault.ts';
import { SettingsStore } from './settings/settings-store.ts';
import { claimSingleInstance } from './single-instance.ts';
import { sourceOpeners } from './sources/source-openers.ts';
import { SourceManager, SourceSuperseded } from './sources/source-manager.ts';
import { utilityLauncher } from './sources/utility-launcher.ts';

const paths = appPaths(import.meta.dirname);
// The same folder `ledger-explorer serve` uses, so both share the generated sample snapshot.
app.setPath('userData', userDataFolder());
// Every renderer sandboxed, whatever its webPreferences say (defence in depth for checklist item 4).
app.enableSandbox();
registerAppScheme();

/** Leading argv entries that are not user arguments: the executable, plus the entry script when unpackaged. */
const argvSkip = app.isPackaged ? 1 : 2;
// Off in packaged builds unless `--enable-devtools` or LEDGER_EXPLORER_DEVTOOLS=1 (security/devtools.ts).
const devTools = devToolsAllowed({ isPackaged: app.isPackaged, argv: process.argv, env: process.env });
let pendingPath = snapshotArgument(process.argv, argvSkip, process.cwd());
let window: BrowserWindow | undefined;
const windowIds = new Set<number>();
let sources: SourceManager | undefined;

function send<K extends EventName>(name: K, payload: EventContract[K]): void {
  if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNELS[name], payload);
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

function report(action: Promise<unknown>): void {
  action.catch((error: unknown) => {
    // A switch overtaken by a later one is not a failure the user needs to see.
    if (!(error instanceof SourceSuperseded)) dialog.showErrorBox('Ledger Explorer', oneLine(error));
  });
}

function openPath(path: string): void {
  if (!sources) {
    pendingPath = path; // before ready: opened once the app is up
    return;
  }
  window?.show();
  window?.focus();
  report(sources.openSnapshot(path));
}

if (
  !claimSingleInstance(app, (argv, cwd) => {
    const path = snapshotArgument(argv, argvSkip, cwd);
    if (path !== undefined) openPath(path);
    else window?.focus();
  })
) {
  app.quit();
} else {
  // macOS delivers file associations and dock drops as events, possibly before `ready`.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    openPath(path);
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (attachEvent) => attachEvent.preventDefault());
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => sources?.close());
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // Nothing works without what start sets up: say why in one line and quit, never an unhandled rejection.
      dialog.showErrorBox('Ledger Explorer could not start', oneLine(error));
      app.quit();
    });
}

async function start(): Promise<void> {
  const settings = SettingsStore.load(app.getPath('userData'), safeStorageVault(safeStorage));
  if (settings.outcome.kind === 'recovered')
    console.warn(`settings file was corrupt; kept as ${settings.outcome.backup}, using defaults`);
  if (settings.outcome.kind === 'unavailable')
    console.warn(`settings: ${settings.outcome.reason}; using defaults, changes are kept for this session only`);
  // The page's prefers-color-scheme follows the setting (`system`: the OS).
  nativeTheme.themeSource = settings.current.theme;
  const manager = new SourceManager({
    settings,
    samplePath: join(app.getPath('userData'), SAMPLE_SNAPSHOT_NAME),
    openers: sourceOpeners({
      launch: utilityLauncher(paths.serviceEntry),
      onRestarted: (restarts, reason) => send('serviceRestarted', { restarts, reason }),
      capturesFolder: join(app.getPath('userData'), 'captures'),
    }),
    onChanged: (source: DesktopSource) => {
      window?.setTitle(windowTitle(source));
      send('sourceChanged', source);
      refreshMenu();
    },
  });
  sources = manager;
  const refreshMenu = (): void =>
    installMenu(
      viewOf(settings).recentSnapshots,
      {
        openDialog: () =>
          report(chooseSnapshotFile(window).then((path) => (path === undefined ? null : manager.openSnapshot(path)))),
        openPath,
        openSample: () => report(manager.openSample()),
        connect: (profile) => report(manager.connectNode({ profile })),
        clearRecent: () => {
          settings.update((stored) => ({ ...stored, recentSnapshots: [] }));
          refreshMenu();
        },
      },
      devTools,
    );

  const onSettingsChanged = (view: SettingsView): void => {
    nativeTheme.themeSource = view.theme;
    refreshMenu();
  };

  denyAllPermissions(session.defaultSession);
  // The built UI is read into memory once (a few files), as `serve` does; no page path reaches the disk.
  handleAppProtocol(session.defaultSession, loadStaticUi(paths.rendererRoot), (request) => manager.handle(request));
  registerIpcHandlers(
    ipcMain,
    invokeImplementations({ sources: manager, settings, window: () => window, onSettingsChanged }),
    windowIds,
  );
  refreshMenu();

  window = createMainWindow({
    preload: paths.preload,
    devTools,
    saved: settings.current.window,
    saveGeometry: (state) => void settings.update((stored) => ({ ...stored, window: state })),
  });
  const contentsId = window.webContents.id;
  windowIds.add(contentsId);
  window.on('closed', () => {
    windowIds.delete(contentsId);
    window = undefined;
  });
  const initial = pendingPath;
  pendingPath = undefined;
  report(
    initial === undefined
      ? manager.reopenLast()
      : manager.openSnapshot(initial).catch(async (error: unknown) => {
          await manager.reopenLast();
          throw error;
        }),
  );
}
