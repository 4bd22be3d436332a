/**
 * The UI files are loaded without following symbolic links (docs/security.md): a link inside dist/renderer — to a
 * file or a folder, outside the folder or inside it — is never served, and an index.html that is a link leaves the
 * UI unloaded. Real links on a real disk, through the app:// handler.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../support/temp-dir.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { createAppHandler } = await import('../../electron/main/protocol/app-protocol.ts');
const { loadStaticUi } = await import('../../electron/service/static-ui.ts');

const SECRET = 'secret: a file outside the renderer folder';
const base = useTempDir('ledger-explorer-links-');
const root = join(base, 'renderer');
const api = () => Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
let handler: (request: Request) => Promise<Response>;

beforeAll(() => {
  mkdirSync(join(root, 'assets'), { recursive: true });
  mkdirSync(join(base, 'outside'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(base, 'secret.js'), SECRET);
  writeFileSync(join(base, 'outside', 'leak.js'), SECRET);
  symlinkSync(join(base, 'secret.js'), join(root, 'assets', 'linked.js')); // a file link out of the folder
  symlinkSync(join(base, 'outside'), join(root, 'linked-folder'), 'dir'); // a folder link out of it
  symlinkSync(join(root, 'assets', 'app.js'), join(root, 'assets', 'alias.js')); // a link that stays inside
  handler = createAppHandler(loadStaticUi(root), api);
});

const get = (path: string) => handler(new Request(`app://ledger-explorer${path}`));

describe('UI files and symbolic links', () => {
  it('serves the regular files', async () => {
    expect(await (await get('/assets/app.js')).text()).toBe('console.log(1)');
  });

  it.each(['/assets/linked.js', '/linked-folder/leak.js', '/assets/alias.js'])(
    'never serves %s, a symbolic link or a file reached through one',
    async (path) => {
      const reply = await get(path);
      expect(reply.status).toBe(404);
      expect(await reply.text()).not.toContain(SECRET);
    },
  );

  it('loads nothing when index.html itself is a link', () => {
    const linked = join(base, 'linked-index');
    mkdirSync(linked);
    writeFileSync(join(base, 'index.html'), `<!doctype html>${SECRET}`);
    symlinkSync(join(base, 'index.html'), join(linked, 'index.html'));
    expect(loadStaticUi(linked)).toBeUndefined();
  });

  it('accepts a UI folder reached through a link (its real path is the root)', async () => {
    const alias = join(base, 'renderer-alias');
    symlinkSync(root, alias, 'dir');
    const viaAlias = createAppHandler(loadStaticUi(alias), api);
    expect(await (await viaAlias(new Request('app://ledger-explorer/assets/app.js'))).text()).toBe('console.log(1)');
    expect((await viaAlias(new Request('app://ledger-explorer/assets/linked.js'))).status).toBe(404);
  });

  it('loads nothing from a path that is not a folder', () => {
    expect(loadStaticUi(join(base, 'secret.js'))).toBeUndefined();
    expect(loadStaticUi(join(base, 'missing'))).toBeUndefined();
  });
});
