/**
 * Where the bundled parts are, relative to the bundled main script (dist/electron/main.js):
 * the preload and the service entry next to it, the renderer build in dist/renderer.
 */
import { join } from 'node:path';

/** Paths of the app's bundled parts, given the folder of the running main bundle. */
export function appPaths(bundleFolder: string): { preload: string; serviceEntry: string; rendererRoot: string } {
  return {
    preload: join(bundleFolder, 'preload.cjs'),
    serviceEntry: join(bundleFolder, 'service-entry.cjs'),
    rendererRoot: join(bundleFolder, '..', 'renderer'),
  };
}
