/**
 * What each IPC call does in the desktop app: dialogs, sources, settings, exports, links.
 */
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import {
  SNAPSHOT_EXTENSIONS,
  type DesktopSource,
  type SettingsPatch,
  type SettingsView,
} from '../../../shared/ipc-contract.ts';
import { openExternalIfAllowed } from '../security/external-links.ts';
import { settingsView, type SettingsStore } from '../settings/settings-store.ts';
import { describeSource, type SourceManager } from '../sources/source-manager.ts';
import type { InvokeImplementations } from './ipc-handlers.ts';

/** Shows the open dialog for a snapshot; the chosen path or `undefined`. */
export async function chooseSnapshotFile(window: BrowserWindow | undefined): Promise<string | undefined> {
  const options: Electron.OpenDialogOptions = {
    title: 'Open ledger snapshot',
    properties: ['openFile'],
    filters: [
      { name: 'Ledger snapshots', extensions: [...SNAPSHOT_EXTENSIONS] },
      { name: 'All files', extensions: ['*'] },
    ],
  };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths[0];
}

/** The renderer's view of the settings. */
export function viewOf(settings: SettingsStore): SettingsView {
  return settingsView(settings, (stored) => ({
    lastSource: stored.lastSource ? describeSource(stored.lastSource) : null,
    recentSnapshots: stored.recentSnapshots.map((entry) => ({
      path: entry.path,
      name: basename(entry.path),
      openedAt: entry.openedAt,
    })),
  }));
}

function applyPatch(settings: SettingsStore, patch: SettingsPatch): SettingsView {
  if (patch.theme !== undefined) {
    const theme = patch.theme;
    settings.update((stored) => ({ ...stored, theme }));
  }
  if (patch.apiKey !== undefined) settings.setApiKey(patch.apiKey.node, patch.apiKey.key);
  if (patch.clearRecentSnapshots) settings.update((stored) => ({ ...stored, recentSnapshots: [] }));
  return viewOf(settings);
}

/** The implementations of every IPC call. */
export function invokeImplementations(deps: {
  readonly sources: SourceManager;
  readonly settings: SettingsStore;
  readonly window: () => BrowserWindow | undefined;
  /** Called after every settings change (theme, keys, recent list) so the main process can follow it. */
  readonly onSettingsChanged: (view: SettingsView) => void;
}): InvokeImplementations {
  const { sources, settings } = deps;
  return {
    openSnapshotDialog: async (): Promise<DesktopSource | null> => {
      const path = await chooseSnapshotFile(deps.window());
      return path === undefined ? null : sources.openSnapshot(path);
    },
    openSnapshotPath: (path) => sources.openSnapshot(path),
    openSampleSnapshot: () => sources.openSample(),
    recentSnapshots: () => viewOf(settings).recentSnapshots,
    connectNode: (request) => sources.connectNode(request),
    currentSource: () => sources.current(),
    getSettings: () => viewOf(settings),
    updateSettings: (patch) => {
      const view = applyPatch(settings, patch);
      deps.onSettingsChanged(view);
      return view;
    },
    saveFile: async (request) => {
      const window = deps.window();
      const options: Electron.SaveDialogOptions = {
        defaultPath: request.suggestedName,
        ...(request.filters
          ? { filters: request.filters.map((filter) => ({ name: filter.name, extensions: [...filter.extensions] })) }
          : {}),
      };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (result.canceled || result.filePath === undefined || result.filePath === '') return { path: null };
      await writeFile(result.filePath, request.content);
      return { path: result.filePath };
    },
    openExternal: (url) => openExternalIfAllowed(url),
  };
}
