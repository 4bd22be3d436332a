/**
 * Builds the web UI for the e2e tests into `test/.tmp/ui-<hash>/`, the hash covering every source
 * the bundle is made of. An unchanged UI is built once and reused; a changed one is rebuilt. The
 * build goes to a temporary folder first and is renamed into place, so runs in parallel never
 * see half a build. Builds of other sources are removed once an hour old (a run still using one is
 * long over by then), so edits do not pile up builds in `test/.tmp/`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');

function sources(): string[] {
  const files: string[] = [];
  for (const dir of ['renderer', 'shared']) {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
    }
  }
  return [...files.sort(), join(root, 'vite.config.ts'), join(root, 'package-lock.json')];
}

const STALE_MS = 60 * 60 * 1000;

/** Removes the UI builds beside `current` over an hour old, and their client-only copies (boot-order.test.ts). */
function removeStaleBuilds(current: string): void {
  const tmp = join(current, '..');
  for (const name of readdirSync(tmp)) {
    const path = join(tmp, name);
    if (!/^ui-[0-9a-f]{12}(-client)?$/.test(name) || path === current || path === `${current}-client`) continue;
    if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** The folder of a UI build matching the current sources, building it when missing. */
export async function ensureUiBuilt(): Promise<string> {
  const hash = createHash('sha256').update('production');
  for (const file of sources()) hash.update(relative(root, file)).update(readFileSync(file));
  const dir = join(root, 'test', '.tmp', `ui-${hash.digest('hex').slice(0, 12)}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  const staging = `${dir}.${process.pid}.partial`;
  // Inside Vitest NODE_ENV is "test", which makes Vite bundle React's development build (several
  // times slower); the journeys and the UI benchmark must see what users get.
  const nodeEnv = process.env.NODE_ENV;
  // Loaded only to build: every e2e file asks for the UI, and Vite's own load is ~0.2 s of CPU.
  const { build } = await import('vite');
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: staging, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  removeStaleBuilds(dir);
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another run renamed the same build into place first: theirs is identical.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, 'index.html'))) throw error;
  }
  return dir;
}
