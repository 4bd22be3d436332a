/**
 * The data service's utility-process entry as the app ships it: `service-entry.cjs`, built with the real Vite config
 * (`vite.electron.config.ts --mode service`, the bundle `npm run build:electron` writes to dist/electron/) into a
 * temporary folder inside the project, so it resolves better-sqlite3 from node_modules as the packaged app does.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/**
 * Builds the bundle before the calling test file's tests (about a second) and removes it after them; call at the top
 * level of a test file. Returns a getter for the bundle's path.
 */
export function useBuiltServiceEntry(): () => string {
  mkdirSync(join(root, 'test', '.tmp'), { recursive: true });
  const out = mkdtempSync(join(root, 'test', '.tmp', 'service-entry-'));
  let built: string | undefined;
  beforeAll(async () => {
    await build({
      root,
      configFile: join(root, 'vite.electron.config.ts'),
      mode: 'service',
      logLevel: 'silent',
      build: { outDir: out, emptyOutDir: false, sourcemap: false },
    });
    built = join(out, 'service-entry.cjs');
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  return () => {
    if (built === undefined) throw new Error('the service entry is built before the tests run');
    return built;
  };
}
