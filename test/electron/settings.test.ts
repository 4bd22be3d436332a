/**
 * Settings: atomic writes, a corrupt file backed up and replaced by defaults (never a crash), a file
 * that cannot be read or moved aside left alone with defaults in memory, failed writes logged,
 * API keys stored only encrypted, or for the session only when the OS offers no encryption.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { safeStorageVault, type ApiKeyVault } from '../../electron/main/settings/api-key-vault.ts';
import { defaultSettings } from '../../electron/main/settings/settings-schema.ts';
import { SETTINGS_FILE, SettingsStore } from '../../electron/main/settings/settings-store.ts';
import { useTempDir } from '../support/temp-dir.ts';

const base = useTempDir('ledger-explorer-settings-');
let folders = 0;
function folder(): string {
  const path = join(base, `case-${folders++}`);
  mkdirSync(path);
  return path;
}

/** A reversible "encryption" standing in for the OS keychain (the boundary): base64 of the reversed text. */
const keychain: ApiKeyVault = {
  available: () => true,
  encrypt: (key) => Buffer.from([...key].reverse().join('')).toString('base64'),
  decrypt: (ciphertext) => [...Buffer.from(ciphertext, 'base64').toString()].reverse().join(''),
};
const noKeychain: ApiKeyVault = {
  available: () => false,
  encrypt: () => {
    throw new Error('unavailable');
  },
  decrypt: () => {
    throw new Error('unavailable');
  },
};
const fixedNow = () => new Date('2026-01-02T03:04:05.678Z');

describe('settings file', () => {
  it('is created with defaults on first run', () => {
    const dir = folder();
    const store = SettingsStore.load(dir, keychain);
    expect(store.outcome).toEqual({ kind: 'created' });
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'))).toEqual(defaultSettings());
  });

  it.each([
    ['not JSON', '{"version": 1, "theme": '],
    ['empty', ''],
    ['a wrong type', JSON.stringify({ version: 1, theme: 'neon' })],
    ['a future format', JSON.stringify({ version: 2 })],
    ['not an object', '[1,2,3]'],
    ['binary junk', '\u0000\u0001\u0002'],
  ])('backs up a corrupt file (%s) and starts from defaults', (_what, text) => {
    const dir = folder();
    writeFileSync(join(dir, SETTINGS_FILE), text);
    const store = SettingsStore.load(dir, keychain, fixedNow);
    const backup = join(dir, 'settings.corrupt-2026-01-02T03-04-05-678Z.json');
    expect(store.outcome).toEqual({ kind: 'recovered', backup });
    expect(readFileSync(backup, 'utf8')).toBe(text);
    expect(store.current).toEqual(defaultSettings());
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'))).toEqual(defaultSettings());
    // The next start finds a valid file.
    expect(SettingsStore.load(dir, keychain).outcome).toEqual({ kind: 'loaded' });
  });

  it('fills fields missing from an older file with defaults', () => {
    const dir = folder();
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, theme: 'dark' }));
    const store = SettingsStore.load(dir, keychain);
    expect(store.outcome).toEqual({ kind: 'loaded' });
    expect(store.current).toEqual({ ...defaultSettings(), theme: 'dark' });
  });

  it('writes atomically: the new content replaces the file, no temporary file is left', () => {
    const dir = folder();
    const store = SettingsStore.load(dir, keychain);
    store.update((settings) => ({ ...settings, theme: 'light', customNodes: ['https://node.example/v1'] }));
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE]);
    expect(SettingsStore.load(dir, keychain).current).toMatchObject({
      theme: 'light',
      customNodes: ['https://node.example/v1'],
    });
  });

  it('stores API keys encrypted, never in plain text, and reports only their presence', () => {
    const dir = folder();
    const store = SettingsStore.load(dir, keychain);
    store.setApiKey('mainnet', 'aptoslabs_SECRET_KEY');
    expect(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).not.toContain('aptoslabs_SECRET_KEY');
    const reloaded = SettingsStore.load(dir, keychain);
    expect(reloaded.apiKey('mainnet')).toBe('aptoslabs_SECRET_KEY');
    expect(reloaded.apiKeyPresence()).toEqual({ mainnet: true });
    reloaded.setApiKey('mainnet', null);
    expect(SettingsStore.load(dir, keychain).apiKey('mainnet')).toBeUndefined();
  });

  it('keeps API keys for the session only when no encryption is available', () => {
    const dir = folder();
    const store = SettingsStore.load(dir, noKeychain);
    store.setApiKey('https://node.example/v1', 'SESSION_ONLY_KEY');
    expect(store.apiKey('https://node.example/v1')).toBe('SESSION_ONLY_KEY');
    expect(store.apiKeyPresence()).toEqual({ 'https://node.example/v1': true });
    expect(store.secureStorageAvailable()).toBe(false);
    expect(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).not.toContain('SESSION_ONLY_KEY');
    expect(SettingsStore.load(dir, noKeychain).apiKey('https://node.example/v1')).toBeUndefined();
  });

  it('treats a key that no longer decrypts (another machine, reset keyring) as absent', () => {
    const dir = folder();
    SettingsStore.load(dir, keychain).setApiKey('testnet', 'k');
    expect(SettingsStore.load(dir, noKeychain).apiKey('testnet')).toBeUndefined();
  });

  it("does not count Linux's basic_text safeStorage backend as encryption", () => {
    const safeStorage = {
      isEncryptionAvailable: () => true,
      encryptString: (text: string) => Buffer.from(text),
      decryptString: (data: Buffer) => data.toString(),
      getSelectedStorageBackend: () => 'basic_text',
    };
    expect(safeStorageVault(safeStorage, 'linux').available()).toBe(false);
    expect(
      safeStorageVault({ ...safeStorage, getSelectedStorageBackend: () => 'gnome_libsecret' }, 'linux').available(),
    ).toBe(true);
    expect(safeStorageVault({ ...safeStorage, isEncryptionAvailable: () => false }, 'darwin').available()).toBe(false);
    const vault = safeStorageVault(safeStorage, 'win32');
    expect(vault.decrypt(vault.encrypt('round trip'))).toBe('round trip');
  });

  it('never leaves the app without settings when the folder does not exist yet', () => {
    const dir = join(folder(), 'nested', 'user-data');
    const store = SettingsStore.load(dir, keychain);
    expect(store.outcome.kind).toBe('created');
    expect(existsSync(join(dir, SETTINGS_FILE))).toBe(true);
  });
});

describe('settings that cannot be read or written', () => {
  it('starts from defaults in memory when the file cannot be read, and never overwrites it', () => {
    const dir = folder();
    mkdirSync(join(dir, SETTINGS_FILE)); // EISDIR on read (EACCES behaves the same; as root it cannot be provoked)
    writeFileSync(join(dir, SETTINGS_FILE, 'keep.txt'), 'user data');
    const store = SettingsStore.load(dir, keychain);
    expect(store.outcome).toEqual({
      kind: 'unavailable',
      reason: expect.stringMatching(/^cannot read .*settings\.json \(EISDIR\)$/),
    });
    expect(store.current).toEqual(defaultSettings());
    // Changes hold for the session; nothing is written over what could not be read.
    expect(store.update((settings) => ({ ...settings, theme: 'dark' })).theme).toBe('dark');
    expect(store.current.theme).toBe('dark');
    expect(readFileSync(join(dir, SETTINGS_FILE, 'keep.txt'), 'utf8')).toBe('user data');
  });

  it('starts from defaults and keeps a corrupt file in place when it cannot be moved aside', () => {
    const dir = folder();
    writeFileSync(join(dir, SETTINGS_FILE), '{ corrupt');
    // The backup's name is taken by a non-empty folder: the rename fails.
    const backup = join(dir, 'settings.corrupt-2026-01-02T03-04-05-678Z.json');
    mkdirSync(backup);
    writeFileSync(join(backup, 'x'), 'x');
    const store = SettingsStore.load(dir, keychain, fixedNow);
    expect(store.outcome).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/cannot be moved aside/),
    });
    expect(store.current).toEqual(defaultSettings());
    store.update((settings) => ({ ...settings, theme: 'light' }));
    expect(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).toBe('{ corrupt');
  });

  it('logs a failed write in one line and keeps the change for the session (no throw)', () => {
    const dir = folder();
    const store = SettingsStore.load(dir, keychain);
    // The folder is replaced by a file: every later write fails (ENOTDIR/EEXIST).
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'not a folder');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => store.update((settings) => ({ ...settings, theme: 'dark' }))).not.toThrow();
      expect(store.current.theme).toBe('dark');
      expect(() => store.setApiKey('mainnet', 'K')).not.toThrow();
      expect(errors).toHaveBeenCalledTimes(2);
      const line = String(errors.mock.calls[0]?.[0]);
      expect(line).toMatch(/^settings not saved to .*settings\.json \((ENOTDIR|EEXIST)\)/);
      expect(line).not.toContain('\n');
    } finally {
      errors.mockRestore();
      rmSync(dir);
      mkdirSync(dir);
    }
  });
});
