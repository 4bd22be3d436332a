/**
 * The main process when its start-up fails after `ready` (here: the user data folder cannot be
 * resolved): one line in an error box and a clean quit — never an unhandled rejection, never a
 * process left running without a window.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../support/temp-dir.ts';
import { app, BrowserWindow, dialog } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const dataDir = useTempDir('ledger-explorer-main-fail-');
const savedArgv = process.argv;
let errorBoxes: unknown[][] = [];
let quitCalls = 0;
const unhandled: unknown[] = [];

beforeAll(async () => {
  vi.stubEnv('LEDGER_EXPLORER_DATA_DIR', dataDir);
  process.argv = ['electron', 'dist/electron/main.js'];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  // The first thing start() asks after ready: make it fail with a multi-line error.
  vi.spyOn(app, 'getPath').mockImplementationOnce(() => {
    throw new Error('cannot resolve the user data folder\n    at somewhere (stack)');
  });
  try {
    await import('../../electron/main/main.ts');
    await vi.waitFor(() => expect(dialog.showErrorBox).toHaveBeenCalled());
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', onUnhandled);
    process.argv = savedArgv;
    vi.unstubAllEnvs();
  }
  errorBoxes = dialog.showErrorBox.mock.calls;
  quitCalls = app.quit.mock.calls.length;
});

describe('main process start-up failure', () => {
  it('shows the error as one line, quits, and leaves no unhandled rejection', () => {
    expect(errorBoxes).toEqual([['Ledger Explorer could not start', 'cannot resolve the user data folder']]);
    expect(quitCalls).toBe(1);
    expect(unhandled).toEqual([]);
    expect(BrowserWindow.created).toHaveLength(0);
  });
});
