/**
 * The one IPC contract between the Electron main process, the preload bridge and the renderer:
 * channel names, argument and result types, and the renderer-facing bridge type derived from them.
 * Everything crossing IPC is a plain structured-clone value (no classes, no functions).
 *
 * The renderer reads `window.ledgerExplorer` typed as {@link LedgerExplorerBridge}; it is absent in
 * headless mode (`ledger-explorer serve` in a browser), where the renderer must work the same
 * without it: all data goes through `fetch` on the page's own origin either way.
 */
import type { NodeProfileName } from './node-profiles.ts';
import type { SourceInfo } from './api/source-info.ts';

/** The renderer's colour theme; `system` follows the OS setting. */
export type Theme = 'system' | 'light' | 'dark';

/** All themes, for validation in the main process and pickers in the renderer. */
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

/**
 * Built-in node profile names: the keys of `NODE_PROFILES` (shared/node-profiles.ts),
 * the one list of them. A type-only import: nothing of the service reaches the renderer's bundle.
 */
export type NodeProfileId = NodeProfileName;

type SnapshotSourceInfo = Extract<SourceInfo, { kind: 'snapshot' }>;
type RemoteSourceInfo = Extract<SourceInfo, { kind: 'remote' }>;

/**
 * The data source the desktop app's `/v1` and `/explorer/v1` requests go to: the explorer API's own
 * description ({@link SourceInfo}, `GET /explorer/v1/source`) — same `kind`, `name` and `url` —
 * plus what only the main process knows (the file's path, the sample flag, the profile), without
 * what only the service knows (a capture's origin, the node's health).
 */
export type DesktopSource =
  | (Pick<SnapshotSourceInfo, 'kind' | 'name'> & {
      /** Absolute path of the snapshot file. */
      readonly path: string;
      /** True for the generated sample snapshot. */
      readonly sample: boolean;
    })
  | (Pick<RemoteSourceInfo, 'kind' | 'name' | 'url'> & {
      /** The profile name, or `custom` for a user-given URL. */
      readonly profile: NodeProfileId | 'custom';
    });

/** One entry of the recent snapshots list (newest first). */
export interface RecentSnapshot {
  readonly path: string;
  readonly name: string;
  /** When it was last opened, ms since the epoch. */
  readonly openedAt: number;
}

/** Which node to connect to: a built-in profile or a custom `http(s)` URL. */
export type ConnectNodeRequest = { readonly profile: NodeProfileId } | { readonly url: string };

/**
 * Settings as the renderer sees them. API keys never leave the main process: only whether one is
 * stored for a node (keyed by profile name or base URL).
 */
export interface SettingsView {
  readonly theme: Theme;
  /** The source the app opens with next time (`null`: the sample snapshot). */
  readonly lastSource: DesktopSource | null;
  readonly recentSnapshots: readonly RecentSnapshot[];
  /** Custom node URLs the user connected to before (newest first). */
  readonly customNodes: readonly string[];
  /** Node key (profile name or base URL) → whether an API key is stored for it. */
  readonly apiKeys: Readonly<Record<string, boolean>>;
  /** False when the OS offers no encryption (`safeStorage`): API keys are then kept for the session only. */
  readonly secureStorageAvailable: boolean;
}

/** A change to the settings; absent fields stay as they are. */
export interface SettingsPatch {
  readonly theme?: Theme;
  /** Set (string) or remove (`null`) the API key of a node (profile name or base URL). */
  readonly apiKey?: { readonly node: string; readonly key: string | null };
  /** Forget the recent snapshots list. */
  readonly clearRecentSnapshots?: true;
}

/** A file the renderer asks to save (exports): the user picks the place in a save dialog. */
export interface SaveFileRequest {
  /** Suggested file name (no folders). */
  readonly suggestedName: string;
  /** Text (saved as UTF-8) or bytes. */
  readonly content: string | Uint8Array;
  /** Dialog filters, e.g. `[{ name: 'CSV', extensions: ['csv'] }]`. */
  readonly filters?: readonly { readonly name: string; readonly extensions: readonly string[] }[];
}

/** Outcome of a save: the path written, or `null` when the user cancelled. */
export interface SaveFileResult {
  readonly path: string | null;
}

/** Sent when the snapshot service process died and was started again. */
export interface ServiceRestartedEvent {
  /** How many times the service has been restarted since the source was opened. */
  readonly restarts: number;
  /** Why it stopped (exit code or signal), one line. */
  readonly reason: string;
}

/**
 * Request/reply calls (`ipcRenderer.invoke` ↔ `ipcMain.handle`): arguments and result of each.
 * A call that fails rejects with an `Error` whose message is one line meant for the user.
 */
export interface InvokeContract {
  /** Shows the open dialog; the opened source, or `null` when cancelled. */
  openSnapshotDialog: { args: []; result: DesktopSource | null };
  /** Opens a snapshot by path (drag-and-drop; the preload turns the dropped `File` into its path). */
  openSnapshotPath: { args: [path: string]; result: DesktopSource };
  /** Opens the generated sample snapshot (generating it first if needed). */
  openSampleSnapshot: { args: []; result: DesktopSource };
  /** The recent snapshots, newest first. */
  recentSnapshots: { args: []; result: readonly RecentSnapshot[] };
  /** Connects to a node profile or custom URL (with its stored API key, if any). */
  connectNode: { args: [request: ConnectNodeRequest]; result: DesktopSource };
  /** The active source (`null` while none is open yet). */
  currentSource: { args: []; result: DesktopSource | null };
  /** The settings as the renderer may see them. */
  getSettings: { args: []; result: SettingsView };
  /** Applies a change; the settings after it. */
  updateSettings: { args: [patch: SettingsPatch]; result: SettingsView };
  /** Saves an export through a save dialog. */
  saveFile: { args: [request: SaveFileRequest]; result: SaveFileResult };
  /** Opens an allowlisted https link in the user's browser; false when refused. */
  openExternal: { args: [url: string]; result: boolean };
}

/** Main → renderer events (`webContents.send` ↔ `ipcRenderer.on`): the payload of each. */
export interface EventContract {
  sourceChanged: DesktopSource;
  serviceRestarted: ServiceRestartedEvent;
}

/** Name of an invoke call. */
export type InvokeName = keyof InvokeContract;

/** Name of an event. */
export type EventName = keyof EventContract;

/** IPC channel of each invoke call (prefixed, so no other library's channel can collide). */
export const INVOKE_CHANNELS: { readonly [K in InvokeName]: string } = {
  openSnapshotDialog: 'ledger-explorer:open-snapshot-dialog',
  openSnapshotPath: 'ledger-explorer:open-snapshot-path',
  openSampleSnapshot: 'ledger-explorer:open-sample-snapshot',
  recentSnapshots: 'ledger-explorer:recent-snapshots',
  connectNode: 'ledger-explorer:connect-node',
  currentSource: 'ledger-explorer:current-source',
  getSettings: 'ledger-explorer:get-settings',
  updateSettings: 'ledger-explorer:update-settings',
  saveFile: 'ledger-explorer:save-file',
  openExternal: 'ledger-explorer:open-external',
};

/** IPC channel of each event. */
export const EVENT_CHANNELS: { readonly [K in EventName]: string } = {
  sourceChanged: 'ledger-explorer:source-changed',
  serviceRestarted: 'ledger-explorer:service-restarted',
};

/** The name under which the preload exposes the bridge (`window.ledgerExplorer`). */
export const BRIDGE_KEY = 'ledgerExplorer';

/**
 * The bridge's invoke functions, derived from {@link InvokeContract} (`openSnapshotPath` is replaced by
 * `openDroppedFile`).
 */
export type BridgeInvokes = {
  readonly [K in Exclude<InvokeName, 'openSnapshotPath'>]: (
    ...args: InvokeContract[K]['args']
  ) => Promise<InvokeContract[K]['result']>;
};

/** Subscribes to an event; the returned function unsubscribes. */
export type BridgeSubscribe<P> = (listener: (payload: P) => void) => () => void;

/**
 * What the renderer sees as `window.ledgerExplorer` in the desktop app (absent headless).
 * No raw `ipcRenderer`: only these named functions.
 */
export type LedgerExplorerBridge = BridgeInvokes & {
  /** Opens a snapshot dropped onto the window (the preload resolves the file's path). */
  readonly openDroppedFile: (file: File) => Promise<DesktopSource>;
  readonly onSourceChanged: BridgeSubscribe<EventContract['sourceChanged']>;
  readonly onServiceRestarted: BridgeSubscribe<EventContract['serviceRestarted']>;
  /** The platform the app runs on (menus and shortcuts differ). */
  readonly platform: 'darwin' | 'win32' | 'linux' | 'other';
};

/**
 * File extensions the open dialog offers. The OS file association is `ledgerdb` alone: one dot
 * (Windows associates by the last extension only) and specific enough not to claim every SQLite file.
 */
export const SNAPSHOT_EXTENSIONS: readonly string[] = ['ledgerdb', 'db', 'sqlite'];

declare global {
  /** The bridge on the page's global: present in the desktop app, absent headless. */
  interface Window {
    ledgerExplorer?: LedgerExplorerBridge;
  }
}
