/**
 * Checklist item 15: `shell.openExternal` only for https URLs whose origin is on the allowlist
 * (never file:, custom schemes or plain http), so a page cannot make the OS run something.
 */
import { shell } from 'electron';

/** Origins the app may open in the user's browser (project and Aptos documentation, explorers). */
export const EXTERNAL_ORIGINS: ReadonlySet<string> = new Set([
  'https://github.com',
  'https://aptos.dev',
  'https://explorer.aptoslabs.com',
  'https://aptoslabs.com',
]);

/** True when `url` is an https URL on an allowlisted origin without credentials. */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    EXTERNAL_ORIGINS.has(parsed.origin)
  );
}

/** Opens `url` in the user's browser when allowed; resolves whether it was opened. */
export async function openExternalIfAllowed(url: string): Promise<boolean> {
  if (!isAllowedExternalUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}
