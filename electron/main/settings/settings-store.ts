/**
 * The settings as JSON in the user data folder. Writes are atomic (a temporary file, fsync, rename),
 * so a crash mid-write leaves the old file. A file that is not valid settings is kept as
 * `settings.corrupt-<time>.json` and replaced by defaults. A file that cannot be read (or a corrupt
 * one that cannot be moved aside) leaves the defaults in memory for the session and is never
 * overwritten; a write that fails is logged, the change kept in memory — the app starts and runs
 * either way, settings are never a reason to crash.
 * API keys are stored only encrypted (see api-key-vault.ts); without encryption they live in memory.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SettingsView } from '../../../shared/ipc-contract.ts';
import type { ApiKeyVault } from './api-key-vault.ts';
import { defaultSettings, parseSettings, type StoredSettings } from './settings-schema.ts';

/** File name of the settings in the user data folder. */
export const SETTINGS_FILE = 'settings.json';

/** What loading found. */
export type LoadOutcome =
  | { readonly kind: 'loaded' }
  | { readonly kind: 'created' }
  | { readonly kind: 'recovered'; readonly backup: string }
  /** The file could not be read or moved aside: defaults for this session, nothing written. */
  | { readonly kind: 'unavailable'; readonly reason: string };

function describeFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? (error.message.split('\n')[0] ?? 'unknown error') : String(error));
}

/** Writes `text` to `path` atomically: a temporary sibling, flushed to disk, renamed over it. */
export function writeFileAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Settings held in memory and written through to `path`. */
export class SettingsStore {
  readonly path: string;
  readonly outcome: LoadOutcome;
  readonly #vault: ApiKeyVault;
  #settings: StoredSettings;
  /** Keys kept for the session only when the vault cannot encrypt. */
  readonly #sessionKeys = new Map<string, string>();

  private constructor(path: string, vault: ApiKeyVault, settings: StoredSettings, outcome: LoadOutcome) {
    this.path = path;
    this.#vault = vault;
    this.#settings = settings;
    this.outcome = outcome;
  }

  /**
   * Loads `folder/settings.json`; creates it with defaults, or backs up a corrupt one and starts from
   * defaults. Never throws: see {@link LoadOutcome} `unavailable`.
   */
  static load(folder: string, vault: ApiKeyVault, now: () => Date = () => new Date()): SettingsStore {
    const path = join(folder, SETTINGS_FILE);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        return new SettingsStore(path, vault, defaultSettings(), {
          kind: 'unavailable',
          reason: `cannot read ${path} (${describeFailure(error)})`,
        });
      }
      const store = new SettingsStore(path, vault, defaultSettings(), { kind: 'created' });
      store.#save();
      return store;
    }
    const settings = parseSettings(text);
    if (settings) return new SettingsStore(path, vault, settings, { kind: 'loaded' });
    const backup = join(folder, `settings.corrupt-${now().toISOString().replace(/[:.]/g, '-')}.json`);
    try {
      renameSync(path, backup);
    } catch (error) {
      return new SettingsStore(path, vault, defaultSettings(), {
        kind: 'unavailable',
        reason: `${path} is not valid settings and cannot be moved aside (${describeFailure(error)})`,
      });
    }
    const store = new SettingsStore(path, vault, defaultSettings(), { kind: 'recovered', backup });
    store.#save();
    return store;
  }

  /** The current settings (do not mutate; use {@link update}). */
  get current(): StoredSettings {
    return this.#settings;
  }

  /** Applies `change` and writes the file (a failed write is logged; the change holds for the session). */
  update(change: (settings: StoredSettings) => StoredSettings): StoredSettings {
    this.#settings = change(this.#settings);
    this.#save();
    return this.#settings;
  }

  /** The API key stored for `node`, if any (a key that no longer decrypts counts as none). */
  apiKey(node: string): string | undefined {
    const session = this.#sessionKeys.get(node);
    if (session !== undefined) return session;
    const ciphertext = this.#settings.apiKeys[node];
    if (ciphertext === undefined) return undefined;
    try {
      return this.#vault.decrypt(ciphertext);
    } catch {
      return undefined;
    }
  }

  /** Stores (encrypted, or for the session only) or removes the API key of `node`. */
  setApiKey(node: string, key: string | null): void {
    this.#sessionKeys.delete(node);
    const apiKeys = { ...this.#settings.apiKeys };
    delete apiKeys[node];
    if (key !== null && key !== '') {
      if (this.#vault.available()) apiKeys[node] = this.#vault.encrypt(key);
      else this.#sessionKeys.set(node, key);
    }
    this.update((settings) => ({ ...settings, apiKeys }));
  }

  /** Which nodes have a key (stored or for the session). */
  apiKeyPresence(): Record<string, boolean> {
    const presence: Record<string, boolean> = {};
    for (const node of Object.keys(this.#settings.apiKeys)) presence[node] = true;
    for (const node of this.#sessionKeys.keys()) presence[node] = true;
    return presence;
  }

  /** True when keys are stored encrypted on disk. */
  secureStorageAvailable(): boolean {
    return this.#vault.available();
  }

  /** Writes the file unless it could not be loaded (a file we could not read is never replaced). */
  #save(): void {
    if (this.outcome.kind === 'unavailable') return;
    try {
      writeFileAtomic(this.path, `${JSON.stringify(this.#settings, null, 2)}\n`);
    } catch (error) {
      console.error(
        `settings not saved to ${this.path} (${describeFailure(error)}); the change holds until the app quits`,
      );
    }
  }
}

/** The renderer's view of the settings, given how sources are described. */
export function settingsView(
  store: SettingsStore,
  describe: (settings: StoredSettings) => Pick<SettingsView, 'lastSource' | 'recentSnapshots'>,
): SettingsView {
  const settings = store.current;
  return {
    theme: settings.theme,
    ...describe(settings),
    customNodes: settings.customNodes,
    apiKeys: store.apiKeyPresence(),
    secureStorageAvailable: store.secureStorageAvailable(),
  };
}
