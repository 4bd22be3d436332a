/**
 * `serve` serves the built UI on the API's origin: the app loads in a real browser at `/` and at
 * a deep link (History-API fallback), with its CSP, and the API stays where it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';

describe('serve with the web UI', () => {
  let explorer: RunningExplorer;
  let browser: Browser;
  beforeAll(async () => {
    explorer = await startExplorer({ fixture: 'small' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await explorer?.stop();
  });

  it('serves index.html with a CSP at / and at a client route, and the API beside it', async () => {
    const home = await fetch(`${explorer.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    const deep = await fetch(`${explorer.url}/accounts/0x1/events`);
    expect(await deep.text()).toBe(await home.text());
    const ledger = await fetch(`${explorer.url}/v1`);
    expect(ledger.headers.get('content-type')).toContain('application/json');
    expect(((await ledger.json()) as { chain_id: number }).chain_id).toBeTypeOf('number');
    expect((await fetch(`${explorer.url}/assets/missing-file.js`)).status).toBe(404);
    expect((await fetch(`${explorer.url}/`, { method: 'POST' })).status).toBe(405);
  });

  it('serves a production build of React (what users get), even when built inside Vitest', async () => {
    const html = await (await fetch(`${explorer.url}/`)).text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const script = await (await fetch(`${explorer.url}${entry}`)).text();
    expect(script.length).toBeGreaterThan(10_000);
    expect(script).not.toContain('jsxDEV');
  });

  it('runs the app in Chromium at a deep link without page errors', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${explorer.url}/no/such/view`);
    await page.getByText('/no/such/view').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
