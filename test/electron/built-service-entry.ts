/**
 * The data service's utility-process entry as the app ships it: `service-entry.cjs`, built with the real Vite config
 * (`vite.electron.config.ts --mode service`, the bundle `npm run build:electron` writes to dist/electron/) into a
 * temporary folder inside the project, so it resolves better-sqlite3 from node_modules as the packaged app does.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Builds the bundle (about a second) and returns its path; the folder is removed after the test file. */
export async function buildServiceEntry(): Promise<string> {
  mkdirSync(join(root, 'test', '.tmp'), { recursive: true });
  const out = mkdtempSync(join(root, 'test', '.tmp', 'service-entry-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  await build({
    root,
    configFile: join(root, 'vite.electron.config.ts'),
    mode: 'service',
    logLevel: 'silent',
    build: { outDir: out, emptyOutDir: false, sourcemap: false },
  });
  return join(out, 'service-entry.cjs');
}
