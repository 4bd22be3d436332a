/**
 * A stand-in for the `electron` module (the binary cannot run here; importing the real package
 * would try to download it). Only the parts the main process and preload use, recording what they
 * are asked to do so the tests can check it. Used as `vi.mock('electron', () => import('./fake-electron.ts'))`.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** A web contents: an event emitter with the window-open handler and sent events recorded. */
export class FakeWebContents extends EventEmitter {
  static #nextId = 1;
  readonly id = FakeWebContents.#nextId++;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly sent: Array<[string, unknown]> = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
}

/** A browser window recording its options and loaded URL. */
export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly options: Record<string, unknown>;
  loadedUrl: string | undefined;
  title = '';
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    BrowserWindow.created.push(this);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  loadFile(): Promise<void> {
    throw new Error('the app must never load file:// pages');
  }
  setTitle(title: string): void {
    this.title = title;
  }
  maximize(): void {}
  isMaximized(): boolean {
    return false;
  }
  isDestroyed(): boolean {
    return false;
  }
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    return { x: 10, y: 20, width: 1000, height: 700 };
  }
  show(): void {}
  focus(): void {}
}

/** shell: only openExternal, recorded. */
export const shell = { openExternal: vi.fn((_url: string) => Promise.resolve()) };

/** A session recording its permission handlers and protocol handler. */
export class FakeSession extends EventEmitter {
  permissionRequestHandler:
    | ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void)
    | undefined;
  permissionCheckHandler:
    ((contents: unknown, permission: string, origin: string, details: unknown) => boolean) | undefined;
  devicePermissionHandler: ((details: unknown) => boolean) | undefined;
  readonly protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  readonly protocol = {
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
      void this.protocolHandlers.set(scheme, handler),
  };
  setPermissionRequestHandler(handler: FakeSession['permissionRequestHandler']): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheckHandler']): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: FakeSession['devicePermissionHandler']): void {
    this.devicePermissionHandler = handler;
  }
}

/** `session.defaultSession`. */
export const session = { defaultSession: new FakeSession() };

/** protocol: privileged scheme registrations recorded. */
export const protocol = { registerSchemesAsPrivileged: vi.fn() };

/** One display of 1920×1080. */
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };

/** ipcMain: handlers by channel. */
export const ipcMain = {
  handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown): void {
    this.handlers.set(channel, handler);
  },
};

/** ipcRenderer (preload side): invoke recorded, listeners kept by channel. */
export const ipcRenderer = Object.assign(new EventEmitter(), {
  invoke: vi.fn((_channel: string, ..._args: unknown[]): Promise<unknown> => Promise.resolve(null)),
});

/** contextBridge: what the preload exposed. */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    this.exposed.set(key, api);
  },
};

/** webUtils: a dropped File's path (the fake File carries it as `path`). */
export const webUtils = { getPathForFile: (file: { path?: string }) => file.path ?? '' };

/** The app: records its calls; `ready` resolves at once; paths under LEDGER_EXPLORER_DATA_DIR. */
export const app = {
  on: vi.fn(),
  setName: vi.fn(),
  quit: vi.fn(),
  enableSandbox: vi.fn(),
  isPackaged: false,
  requestSingleInstanceLock: vi.fn(() => true),
  paths: new Map<string, string>(),
  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  },
  getPath(name: string): string {
    const path = this.paths.get(name);
    if (path === undefined) throw new Error(`no path ${name}`);
    return path;
  },
  whenReady: vi.fn(() => Promise.resolve()),
};
/** Unused in tests: menus are built from templates checked directly. */
export const Menu = { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((template: unknown) => template) };
/** Dialogs: cancelled unless a test says otherwise. */
export const dialog = {
  showOpenDialog: vi.fn(() => Promise.resolve({ canceled: true, filePaths: [] as string[] })),
  showSaveDialog: vi.fn(() => Promise.resolve({ canceled: true, filePath: '' })),
  showErrorBox: vi.fn(),
};
/** utilityProcess: never forked in unit tests (the supervisor is tested with child_process.fork). */
export const utilityProcess = {
  fork: vi.fn(() => {
    throw new Error('utilityProcess needs the Electron binary');
  }),
};
/** nativeTheme. */
export const nativeTheme = { themeSource: 'system' };
/** safeStorage: unavailable by default. */
export const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: (text: string) => Buffer.from(text),
  decryptString: (data: Buffer) => data.toString(),
};
