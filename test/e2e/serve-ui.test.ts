/**
 * `serve` serves the built UI on the API's origin: the app loads in a real browser at `/` and at
 * a deep link (History-API fallback), with its CSP, and the API stays where it was. The CSP (the
 * one the desktop app's app:// sends too) has no 'unsafe-inline': the journey below fails on any
 * violation the browser reports, and a control shows the listener does catch one.
 */
import { describe, expect, it } from 'vitest';
import { UI_CONTENT_SECURITY_POLICY } from '../../electron/service/static-ui.ts';
import { newPage, useExplorerSession } from './support/e2e-harness.ts';

/** What the page records of each `securitypolicyviolation` event (installed before any script runs). */
function recordViolations(): void {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(
      `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

describe('serve with the web UI', () => {
  const session = useExplorerSession({ fixture: 'small' });

  it('serves index.html with a CSP at / and at a client route, and the API beside it', async () => {
    const home = await fetch(`${session.explorer.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
    expect(UI_CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    const deep = await fetch(`${session.explorer.url}/accounts/0x1/events`);
    expect(deep.headers.get('content-security-policy')).toBe(UI_CONTENT_SECURITY_POLICY);
    // The same index.html, with the route's first view drawn into #root by the server (electron/service/ssr-page.ts).
    const page = await deep.text();
    const head = (html: string): string => html.slice(0, html.indexOf('<div id="root"'));
    expect(head(page)).toBe(head(await home.text()));
    expect(page).toContain('id="ssr-state"');
    const ledger = await fetch(`${session.explorer.url}/v1`);
    expect(ledger.headers.get('content-type')).toContain('application/json');
    expect(((await ledger.json()) as { chain_id: number }).chain_id).toBeTypeOf('number');
    expect((await fetch(`${session.explorer.url}/assets/missing-file.js`)).status).toBe(404);
    expect((await fetch(`${session.explorer.url}/`, { method: 'POST' })).status).toBe(405);
  });

  it('serves a production build of React (what users get), even when built inside Vitest', async () => {
    const html = await (await fetch(`${session.explorer.url}/`)).text();
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const script = await (await fetch(`${session.explorer.url}${entry}`)).text();
    expect(script.length).toBeGreaterThan(10_000);
    expect(script).not.toContain('jsxDEV');
  });

  it('runs the app in Chromium at a deep link without page errors', async () => {
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/no/such/view`);
    await page.getByText('/no/such/view').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('no CSP violation across the views (virtualized lists, JSON trees, gas chart), and would catch one', async () => {
    const { page, context, errors } = await newPage(session.browser);
    await page.addInitScript(recordViolations);
    const violations = (): Promise<string[]> =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await page.goto(`${session.explorer.url}/`);
    await page.getByRole('link', { name: '0x1', exact: true }).first().waitFor();
    await page.goto(`${session.explorer.url}/accounts/0x1`);
    await page.getByRole('table', { name: 'Resources' }).waitFor();
    await page.getByRole('button', { name: 'Expand 0x1::account::Account' }).click();
    await page.getByRole('group', { name: 'JSON data' }).waitFor();
    await page.goto(`${session.explorer.url}/gas`);
    await page.locator('canvas').first().waitFor();
    await page.goto(`${session.explorer.url}/inspect`);
    await page.getByRole('heading').first().waitFor();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);

    // Control: styles set through the CSSOM (what React and the virtualizers do) pass; a style
    // attribute written as markup is blocked and reported — so an empty list above means something.
    await page.evaluate(() => {
      const allowed = document.createElement('div');
      allowed.style.transform = 'translateY(10px)';
      document.body.append(allowed);
      document.body.insertAdjacentHTML('beforeend', '<div style="color: red">blocked</div>');
    });
    await page.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0);
    expect(await violations()).toEqual([expect.stringMatching(/^style-src-attr blocked inline/)]);
    await context.close();
  });
});
