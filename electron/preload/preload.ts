/**
 * The preload bridge: exposes {@link LedgerExplorerBridge} as `window.ledgerExplorer` through
 * `contextBridge` — a few named functions, never `ipcRenderer` itself. Runs sandboxed (bundled to
 * CommonJS: a sandboxed preload cannot load modules). Snapshots dropped onto the window are opened
 * here unless the page handled the drop itself (`preventDefault`).
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import {
  BRIDGE_KEY,
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type EventContract,
  type EventName,
  type InvokeContract,
  type InvokeName,
  type LedgerExplorerBridge,
} from '../../shared/ipc-contract.ts';

function invoke<K extends InvokeName>(
  name: K,
): (...args: InvokeContract[K]['args']) => Promise<InvokeContract[K]['result']> {
  return async (...args) => {
    try {
      return (await ipcRenderer.invoke(INVOKE_CHANNELS[name], ...args)) as InvokeContract[K]['result'];
    } catch (error) {
      // Electron prefixes the main process's message; the renderer gets the one line meant for the user.
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, ''), { cause: error });
    }
  };
}

function subscribe<K extends EventName>(name: K): (listener: (payload: EventContract[K]) => void) => () => void {
  return (listener) => {
    // The listener gets the payload only, never the IPC event (which carries `sender`).
    const wrapped = (_event: unknown, payload: EventContract[K]): void => listener(payload);
    ipcRenderer.on(EVENT_CHANNELS[name], wrapped);
    return () => void ipcRenderer.removeListener(EVENT_CHANNELS[name], wrapped);
  };
}

function platformOf(platform: string): LedgerExplorerBridge['platform'] {
  return platform === 'darwin' || platform === 'win32' || platform === 'linux' ? platform : 'other';
}

const openSnapshotPath = invoke('openSnapshotPath');

/** The bridge object (exported for the tests). */
export const bridge: LedgerExplorerBridge = {
  openSnapshotDialog: invoke('openSnapshotDialog'),
  openSampleSnapshot: invoke('openSampleSnapshot'),
  recentSnapshots: invoke('recentSnapshots'),
  connectNode: invoke('connectNode'),
  currentSource: invoke('currentSource'),
  getSettings: invoke('getSettings'),
  updateSettings: invoke('updateSettings'),
  saveFile: invoke('saveFile'),
  openExternal: invoke('openExternal'),
  openDroppedFile: (file) => openSnapshotPath(webUtils.getPathForFile(file)),
  onSourceChanged: subscribe('sourceChanged'),
  onServiceRestarted: subscribe('serviceRestarted'),
  platform: platformOf(process.platform),
};

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);

window.addEventListener('dragover', (event) => event.preventDefault());
window.addEventListener('drop', (event) => {
  if (event.defaultPrevented) return;
  event.preventDefault();
  const file = event.dataTransfer?.files[0];
  if (!file) return;
  // Success shows as the sourceChanged event; a refusal is logged (the main process says why).
  bridge
    .openDroppedFile(file)
    .catch((error: unknown) => console.error(error instanceof Error ? error.message : String(error)));
});
