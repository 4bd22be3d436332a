/**
 * Where Ledger Explorer keeps per-user data when run headless: the same folder Electron's
 * `app.getPath('userData')` uses for an app named "ledger-explorer", so the desktop app and
 * `ledger-explorer serve` share the generated sample snapshot.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-user data folder (overridable with LEDGER_EXPLORER_DATA_DIR, e.g. for tests). */
export function userDataFolder(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.LEDGER_EXPLORER_DATA_DIR) return env.LEDGER_EXPLORER_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'ledger-explorer');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'ledger-explorer');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'ledger-explorer');
}

/** Where the data folder is on each system, for the help (userDataFolder is the rule; the README says the same). */
export const DATA_FOLDER_PLACES: readonly string[] = [
  'Linux: $XDG_CONFIG_HOME/ledger-explorer, else ~/.config/ledger-explorer',
  'macOS: ~/Library/Application Support/ledger-explorer',
  'Windows: %APPDATA%\\ledger-explorer',
  'LEDGER_EXPLORER_DATA_DIR, when set, replaces it',
];

/** File name of the generated sample snapshot (format version in the name: a new format gets a new file). */
export const SAMPLE_SNAPSHOT_NAME = 'sample-snapshot-v1.db';

/** Where the sample snapshot is (or will be) on this machine. */
export function sampleSnapshotPath(): string {
  return join(userDataFolder(), SAMPLE_SNAPSHOT_NAME);
}
