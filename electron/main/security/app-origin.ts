/**
 * The app's own origin: `app://ledger-explorer`. Everything the window loads comes from it, and
 * only frames on it may call the IPC handlers.
 */

/** The privileged scheme that serves the renderer and the active source. */
export const APP_SCHEME = 'app';

/** The host part of every app URL. */
export const APP_HOST = 'ledger-explorer';

/** The URL the window opens. */
export const APP_START_URL = `${APP_SCHEME}://${APP_HOST}/`;

/**
 * True when `url` is on the app's origin. Parsed, not prefix-matched, so `app://ledger-explorer.evil/`
 * or `app://ledger-explorer@evil/` are not mistaken for it.
 */
export function isAppUrl(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.host === APP_HOST &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}
