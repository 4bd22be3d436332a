/**
 * Every API reply — `/v1` and `/explorer/v1`, JSON and BCS, errors of the routes and of the HTTP
 * adapter itself, cached or not — carries `X-Content-Type-Options: nosniff` and a Content-Security-Policy
 * that lets nothing load or run, over real HTTP against a real snapshot. The UI's own files keep their
 * policy instead.
 */
import { connect } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../electron/service/http-server.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { loadStaticUi, UI_CONTENT_SECURITY_POLICY, withStaticUi } from '../../electron/service/static-ui.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';

const API_POLICY = "default-src 'none'; sandbox";

const uiDir = useTempDir('api-headers-ui-');
let server: RunningHttpServer;
let store: SnapshotStore;
beforeAll(async () => {
  store = SnapshotStore.open(fixturePath('small'));
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>ui</title>');
  writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log(1);');
  const ui = loadStaticUi(uiDir);
  if (!ui) throw new Error('the test UI did not load');
  server = await startHttpServer({ handler: withStaticUi(createReadService({ store }), ui), port: 0 });
});
afterAll(async () => {
  await server?.close();
  store?.close();
});

function expectApiHeaders(headers: Headers, what: string): void {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('content-security-policy'), what).toBe(API_POLICY);
}

/** Sends raw bytes and returns the reply's head lines, lower-cased. */
function rawHead(payload: string): Promise<string> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname, () => socket.write(payload));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0]!.toLowerCase()));
  });
}

describe('API security headers', () => {
  it('are on JSON, BCS, error and cached replies of /v1 and /explorer/v1, GET and HEAD', async () => {
    const requests: [string, RequestInit?][] = [
      ['/v1'],
      ['/v1', { headers: { accept: 'application/x-bcs' } }],
      ['/v1/accounts/0x1/resource/0x1::account::Account', { headers: { accept: 'application/x-bcs' } }],
      ['/v1/accounts/0x1/resources?limit=1'],
      ['/v1/no/such/route'],
      ['/v1/accounts/not-an-address'],
      ['/v1/transactions/by_version/99999999999'],
      ['/v1', { method: 'PUT' }],
      ['/explorer/v1/source'],
      ['/explorer/v1/blocks?limit=2'],
      ['/explorer/v1/nothing-here'],
      ['/v1', { method: 'HEAD' }],
    ];
    for (const [path, init] of requests) {
      // Twice: the second answer comes from the reply cache.
      for (const round of ['first', 'cached']) {
        const response = await fetch(new URL(path, server.url), init);
        await response.arrayBuffer();
        expectApiHeaders(response.headers, `${init?.method ?? 'GET'} ${path} (${round}: ${response.status})`);
      }
    }
  });

  it("are on the HTTP adapter's own refusals: wrong Host, oversized body, unparsable request, CONNECT", async () => {
    const url = new URL(server.url);
    const host = await rawHead(`GET /v1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    const parse = await rawHead(`BREW /v1 HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    const tunnel = await rawHead(`CONNECT ${url.host} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    const large = await rawHead(
      `POST /v1/tables/0x1/item HTTP/1.1\r\nHost: ${url.host}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${9 * 1024 * 1024}\r\n\r\n`,
    );
    for (const [head, status] of [
      [host, 403],
      [parse, 400],
      [tunnel, 405],
      [large, 413],
    ] as const) {
      expect(head.startsWith(`http/1.1 ${status} `), head.slice(0, 60)).toBe(true);
      expect(head).toContain('x-content-type-options: nosniff');
      expect(head).toContain(`content-security-policy: ${API_POLICY}`);
    }
  });

  it("are not on the UI's files, which keep the UI's policy", async () => {
    for (const path of ['/', '/assets/app.js', '/accounts/0x1']) {
      const response = await fetch(new URL(path, server.url));
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(UI_CONTENT_SECURITY_POLICY);
    }
  });
});
