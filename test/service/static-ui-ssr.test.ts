/**
 * The server-side render of the UI's pages (electron/service/ssr-page.ts, renderer/ssr-entry.tsx) with the real built
 * UI over a real snapshot: a route's HTML carries its first rows and the data they were drawn from, with index.html's
 * headers; anything short of a complete page — no render bundle, a broken one, a read that fails, the time budget
 * spent, too many renders at once — answers the plain index.html (200, never an error).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadService, type ReadServiceHandler } from '../../electron/service/read-service.ts';
import { loadSsrPages } from '../../electron/service/ssr-page.ts';
import { loadStaticUi, UI_CONTENT_SECURITY_POLICY, withStaticUi } from '../../electron/service/static-ui.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { ensureUiBuilt } from '../e2e/support/ui-build.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const RESOURCE_ROW = /role="row" aria-rowindex="\d+"/g;
const STATE_BLOCK = /<script type="application\/json" id="ssr-state">([^<]*)<\/script>/;

let store: SnapshotStore;
let service: ReadServiceHandler;
let ui: string;
const copies = useTempDir('ledger-explorer-ssr-ui-');

beforeAll(async () => {
  ui = await ensureUiBuilt();
  store = SnapshotStore.open(fixturePath('main'));
  service = createReadService({ store });
}, 180_000);
afterAll(() => store?.close());

/** The UI at `dir` in front of the service, asked for `path`. */
async function page(dir: string, path: string, method = 'GET'): Promise<Response> {
  const loaded = loadStaticUi(dir, { pages: loadSsrPages });
  if (!loaded) throw new Error(`no UI in ${dir}`);
  return withStaticUi(service, loaded)(new Request(`http://127.0.0.1${path}`, { method }));
}

/** A copy of the built UI whose render bundle is replaced by `entry` (or removed when undefined). */
function uiWith(name: string, entry: string | undefined): string {
  const dir = join(copies, name);
  cpSync(ui, dir, { recursive: true });
  rmSync(join(dir, 'ssr'), { recursive: true, force: true });
  if (entry !== undefined) {
    cpSync(join(ui, 'ssr'), join(dir, 'ssr'), { recursive: true });
    writeFileSync(join(dir, 'ssr', 'ssr-entry.js'), entry);
  }
  return dir;
}

describe('server-side rendered pages', () => {
  it("draws an account's first resource rows into the HTML, with the data and index.html's headers", async () => {
    const response = await page(ui, '/accounts/0x1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    // Busy until the client has made its controls live (renderer/public/input-boot.js, renderer/app/early-input.ts).
    expect(html).toContain('<div id="root" aria-busy="true" data-views="ResourcesPanel">');
    const root = html.slice(html.indexOf('<div id="root" aria-busy="true" data-views="ResourcesPanel">'));
    expect(root.match(RESOURCE_ROW)?.length).toBeGreaterThan(0);
    expect(root).toContain('0x1::account::Account');
    // Nothing the CSP would block: no inline script but the data block, no style attribute.
    expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>[^<]/g)).toBeNull();
    expect(root).not.toMatch(/<[^>]+\sstyle=/);
    // The block holds the answers the rows were drawn from, `<` escaped so no text can end it.
    const state = STATE_BLOCK.exec(html)?.[1] ?? '';
    expect(state).toContain('"resources"');
    expect(state).toContain('0x1::account::Account');
    expect(JSON.parse(state)).toHaveProperty('queries');
  });

  it('draws a pinned version as asked (`?ledger_version=`) and says which version it shows', async () => {
    const version = String(store.ledgerInfo().ledgerVersion - 1n);
    const html = await (await page(ui, `/accounts/0x1?ledger_version=${version}`)).text();
    const state = STATE_BLOCK.exec(html)?.[1] ?? '';
    expect(state).toContain(`"version":"${version}"`);
    expect(html).toContain(`value="${version}"`);
  });

  it("draws a transaction's open changes with their befores and says in the markup that they are ready", async () => {
    // A user transaction of a few resource writes (no table item: those decode by layouts read on their own).
    const listed = (await (await service(new Request('http://127.0.0.1/v1/transactions?limit=100'))).json()) as {
      type: string;
      version: string;
      changes: { type: string }[];
    }[];
    const chosen = listed
      .filter((t) => t.type === 'user_transaction' && t.changes.length > 0 && t.changes.length <= 20)
      .find((t) => t.changes.every((change) => change.type === 'write_resource'));
    if (chosen === undefined) throw new Error('the fixture has no user transaction writing only resources');
    const html = await (await page(ui, `/txn/${chosen.version}`)).text();
    expect(html).toContain('data-changes-ready="true"');
    expect(html).toContain(`Before (version ${BigInt(chosen.version) - 1n})`);
  });

  it('answers the plain index.html for HEAD and for a failed read, and never serves the bundle as a file', async () => {
    const plain = readFileSync(join(ui, 'index.html'), 'utf8');
    const head = await page(ui, '/accounts/0x1', 'HEAD');
    expect(head.status).toBe(200);
    // A version below the retained window: its read is a 410, which the client shows with its own retry.
    expect(await (await page(ui, '/accounts/0x1?ledger_version=1')).text()).toBe(plain);
    expect((await page(ui, '/ssr/ssr-entry.js')).status).toBe(404);
  });

  it('answers the plain index.html without a render bundle or with a broken one', async () => {
    const plain = readFileSync(join(ui, 'index.html'), 'utf8');
    for (const [name, entry] of [
      ['none', undefined],
      ['throws', 'throw new Error("broken bundle");'],
      ['empty', 'export const nothing = 1;'],
      ['fails', 'export function setTransport() {}\nexport async function renderPage() { throw new Error("no"); }'],
    ] as const) {
      const response = await page(uiWith(name, entry), '/accounts/0x1');
      expect(response.status, name).toBe(200);
      expect(await response.text(), name).toBe(plain);
    }
  });

  it('gives up past its time budget and beyond its renders at once', async () => {
    const index = readFileSync(join(ui, 'index.html'));
    const api = (request: Request): Promise<Response> => service(request);
    const url = new URL('http://127.0.0.1/accounts/0x1');
    const slow = loadSsrPages(ui, index, { budgetMs: 0, maxInFlight: 2 });
    expect(await slow?.render(url, api)).toBeUndefined();
    const one = loadSsrPages(ui, index, { budgetMs: 10_000, maxInFlight: 1 });
    const [first, second] = await Promise.all([one?.render(url, api), one?.render(url, api)]);
    expect(first).toBeInstanceOf(Uint8Array);
    expect(second).toBeUndefined();
  });
});
