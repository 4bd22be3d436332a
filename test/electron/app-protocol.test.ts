/**
 * The app:// handler: built renderer files with the CSP (the same code and policy as `serve`,
 * electron/service/static-ui.ts), history routes falling back to index.html, /v1 and /explorer
 * routed to the active source, and no path traversal ever reaching a file outside the renderer
 * folder (a secret file next to it must never come back; files are loaded once, at start).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../support/temp-dir.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const { createAppHandler } = await import('../../electron/main/protocol/app-protocol.ts');
const { loadStaticUi, UI_CONTENT_SECURITY_POLICY } = await import('../../electron/service/static-ui.ts');

const SECRET = 'top secret: outside the renderer folder';
let handler: (request: Request) => Promise<Response>;
let root: string;
const apiRequests: string[] = [];

beforeAll(() => {
  const base = useTempDir('ledger-explorer-protocol-');
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Ledger Explorer</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(base, 'secret.txt'), SECRET);
  writeFileSync(join(base, 'renderer-secret.js'), SECRET);
  handler = createAppHandler(loadStaticUi(root), (request) => {
    apiRequests.push(new URL(request.url).pathname);
    return Promise.resolve(new Response('{"chain_id":4}', { headers: { 'Content-Type': 'application/json' } }));
  });
});

const get = (path: string, method = 'GET'): Promise<Response> =>
  handler(new Request(`app://ledger-explorer${path}`, { method }));

describe('app:// protocol', () => {
  it('serves index.html and assets with their content types and the CSP', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
    expect(index.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(await index.text()).toContain('<div id="root">');
    const script = await get('/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toBe('console.log(1)');
    expect((await get('/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('falls back to index.html for history routes (paths without an extension)', async () => {
    for (const route of [
      '/account/0x1',
      '/txn/12345',
      '/account/0x1/resources/0x1::coin::CoinStore%3C0x1::aptos_coin::AptosCoin%3E',
    ]) {
      const page = await get(route);
      expect(page.status, route).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    }
  });

  it('routes /v1 and /explorer to the active source on the same origin', async () => {
    apiRequests.length = 0;
    for (const path of ['/v1', '/v1/accounts/0x1/resources', '/explorer/v1/source'])
      expect((await get(path)).status).toBe(200);
    expect(apiRequests).toEqual(['/v1', '/v1/accounts/0x1/resources', '/explorer/v1/source']);
    // Look-alikes are not API paths: they are history routes.
    expect(await (await get('/v10')).text()).toContain('<div id="root">');
  });

  it('API replies arrive as data: nosniff and a sandboxing CSP, kept as the service sets them', async () => {
    const SERVICE_POLICY = "default-src 'none'; sandbox";
    const fromService = createAppHandler(loadStaticUi(root), () =>
      Promise.resolve(
        new Response('{"chain_id":4}', {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'X-Content-Type-Options': 'nosniff',
            'Content-Security-Policy': SERVICE_POLICY,
            'X-Aptos-Ledger-Version': '12',
          },
        }),
      ),
    );
    const reply = await fromService(new Request('app://ledger-explorer/v1'));
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('content-security-policy')).toBe(SERVICE_POLICY);
    expect(reply.headers.get('x-aptos-ledger-version')).toBe('12');
    expect(await reply.json()).toEqual({ chain_id: 4 });
    // A reply that lacks them (a service of an older build) gets them; one the service set is never changed.
    for (const path of ['/v1/accounts/0x1/resources', '/explorer/v1/source']) {
      const bare = await get(path);
      expect(bare.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(bare.headers.get('content-security-policy'), path).toBe(SERVICE_POLICY);
      expect(bare.headers.get('content-type'), path).toBe('application/json');
    }
    const stricter = createAppHandler(undefined, () =>
      Promise.resolve(
        new Response('x', {
          status: 503,
          headers: { 'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'none'" },
        }),
      ),
    );
    const kept = await stricter(new Request('app://ledger-explorer/v1'));
    expect(kept.status).toBe(503);
    expect(kept.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'; img-src 'none'");
    expect(kept.headers.get('x-content-type-options')).toBe('nosniff');
    // The UI keeps its own policy.
    expect((await get('/')).headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
  });

  it('answers a missing asset 404 and a non-read method 405', async () => {
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/assets/index-abc.exe')).status).toBe(404);
    expect((await get('/assets/index-abc.js', 'POST')).status).toBe(405);
  });

  it.each([
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets%5c..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/..%00/secret.txt',
    '/C:%5cWindows%5cwin.ini',
    '/%2fetc%2fpasswd.txt',
    '/%E0%A4%A.js',
  ])('rejects the traversal %s without reading outside the renderer folder', async (path) => {
    const reply = await get(path);
    expect([400, 404]).toContain(reply.status);
    const text = await reply.text();
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text)).toMatchObject({ error_code: 'web_framework_error', vm_error_code: null });
  });

  it('never serves a file outside the root, whatever the encoding', async () => {
    for (const raw of [
      '/../secret.txt',
      '/a/../../secret.txt',
      '/..%2F..%2Fsecret.txt',
      '/.%2e/secret.txt',
      '/x/%2E%2E/%2E%2E/secret.txt',
      '/../renderer-secret.js',
    ]) {
      const reply = await get(raw);
      expect(reply.status, raw).toBe(404);
      expect(await reply.text(), raw).not.toContain(SECRET);
    }
  });

  it('serves only the files present at start: a file added later never comes back', async () => {
    writeFileSync(join(root, 'assets', 'added-later.js'), SECRET);
    const reply = await get('/assets/added-later.js');
    expect(reply.status).toBe(404);
    expect(await reply.text()).not.toContain(SECRET);
  });

  it('without a built UI, answers UI paths with one line saying so and still routes the API', async () => {
    const unbuilt = createAppHandler(undefined, () => Promise.resolve(new Response('{"chain_id":4}')));
    const page = await unbuilt(new Request('app://ledger-explorer/'));
    expect(page.status).toBe(503);
    expect(((await page.json()) as { message: string }).message).toMatch(/not built/);
    expect(await (await unbuilt(new Request('app://ledger-explorer/v1'))).json()).toEqual({ chain_id: 4 });
  });

  it('answers an unknown host 404', async () => {
    expect((await handler(new Request('app://other-host/index.html'))).status).toBe(404);
  });
});
