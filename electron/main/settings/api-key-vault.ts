/**
 * Encryption of stored API keys. The app's vault is Electron's `safeStorage` (Keychain, DPAPI,
 * libsecret/kwallet); where it offers no real encryption — none at all, or Linux's `basic_text`
 * fallback — keys are not written to disk and last for the session only.
 */

/** What the settings store needs to keep API keys. */
export interface ApiKeyVault {
  /** True when keys can be encrypted for storage on disk. */
  available(): boolean;
  /** Ciphertext (base64) of `key`. Only called when available. */
  encrypt(key: string): string;
  /** The key of a ciphertext; throws when it cannot be decrypted (another machine, OS keyring reset). */
  decrypt(ciphertext: string): string;
}

/** The part of Electron's `safeStorage` used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

/** A vault over `safeStorage` (`platform` decides whether the Linux backend must be checked). */
export function safeStorageVault(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): ApiKeyVault {
  return {
    available: () => {
      if (!safeStorage.isEncryptionAvailable()) return false;
      // On Linux without a keyring Electron falls back to a hard-coded password: not encryption.
      if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return false;
      return true;
    },
    encrypt: (key) => safeStorage.encryptString(key).toString('base64'),
    decrypt: (ciphertext) => safeStorage.decryptString(Buffer.from(ciphertext, 'base64')),
  };
}
