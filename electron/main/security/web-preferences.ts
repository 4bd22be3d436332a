/**
 * The renderer's webPreferences, fixed in one place: Electron's security checklist items 2–4 and 6
 * (no Node.js in the page, context isolation, process sandbox, web security on) plus the rest of
 * what a page that only fetches from its own origin needs.
 */
import type { WebPreferences } from 'electron';

/**
 * webPreferences of every window; `preload` is the bundled bridge; `devTools` off unless asked for
 * (security/devtools.ts: packaged builds have them off).
 */
export function secureWebPreferences(preload: string, devTools = false): WebPreferences {
  return {
    preload,
    devTools,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}
