/**
 * A page on another origin reads `/v1` from `serve` in a real Chromium, as the official explorer and wallets
 * do against a node: a second loopback server (http://localhost:PORT, another site than 127.0.0.1) serves a
 * page whose script sends a simple GET, a POST with a JSON body (a preflight first) and reads the exposed
 * ledger and cursor headers; the same script against `serve --remote … --api-key` is refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../support/fixture-path.ts';
import { useTempDir } from '../support/temp-dir.ts';
import { startServe, type ServeProcess } from '../remote/serve-process.ts';
import { launchBrowser, newPage } from './support/e2e-harness.ts';

/** What the page's script found, or the browser's error text. */
interface PageReading {
  readonly chainId?: number;
  readonly resources?: number;
  readonly cursor?: string | null;
  readonly ledgerVersion?: string | null;
  readonly tableStatus?: number;
  readonly error?: string;
}

/** The script the other origin runs (as a wallet or explorer would, with plain fetch). */
function readingScript(api: string): string {
  return `
    window.reading = (async () => {
      try {
        const index = await fetch('${api}/v1').then((r) => r.json());
        const page = await fetch('${api}/v1/accounts/0x1/resources?limit=2');
        const resources = await page.json();
        const table = await fetch('${api}/v1/tables/0x1/item', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ key_type: 'u64', value_type: 'u64', key: '1' }),
        });
        return {
          chainId: index.chain_id,
          resources: resources.length,
          cursor: page.headers.get('x-aptos-cursor'),
          ledgerVersion: page.headers.get('x-aptos-ledger-version'),
          tableStatus: table.status,
        };
      } catch (error) {
        return { error: String(error) };
      }
    })();`;
}

describe('a page on another origin', () => {
  const ui = useTempDir('ledger-explorer-cross-origin-');
  let serve: ServeProcess;
  let backend: ServeProcess;
  let keyed: ServeProcess;
  let pageServer: Server;
  let pageOrigin: string;
  let browser: Browser;
  let api = '';

  beforeAll(async () => {
    serve = await startServe(['--snapshot', fixturePath('main'), '--port', '0', '--ui', ui]);
    backend = await startServe(['--snapshot', fixturePath('main'), '--port', '0', '--ui', ui]);
    keyed = await startServe(['--remote', `${backend.url}/v1`, '--api-key', 'k', '--port', '0', '--ui', ui]);
    pageServer = createServer((_request, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>other origin</title><script>${readingScript(api)}</script>`);
    });
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    pageServer?.close();
    await Promise.all([serve?.stop(), keyed?.stop(), backend?.stop()]);
  });

  async function readFrom(target: string): Promise<PageReading> {
    api = target;
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`${pageOrigin}/`);
      return (await page.evaluate('window.reading')) as PageReading;
    } finally {
      await context.close();
    }
  }

  it('reads /v1 from serve: JSON, a preflighted POST, and the ledger and cursor headers', async () => {
    const reading = await readFrom(serve.url);
    const index = (await (await fetch(`${serve.url}/v1`)).json()) as { chain_id: number };
    expect(reading.error).toBeUndefined();
    expect(reading.chainId).toBe(index.chain_id);
    expect(reading.resources).toBe(2);
    expect(reading.cursor).toMatch(/^[0-9a-f]+$/);
    expect(reading.ledgerVersion).toMatch(/^\d+$/);
    // Table 0x1 does not exist: the node's 404 record, read by the page (not a CORS failure).
    expect(reading.tableStatus).toBe(404);
  });

  it('cannot read through a proxy that spends an API key', async () => {
    const reading = await readFrom(keyed.url);
    expect(reading.error).toMatch(/Failed to fetch/);
  });
});
