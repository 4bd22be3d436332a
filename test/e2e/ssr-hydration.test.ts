/**
 * A page the server rendered (renderer/ssr-entry.tsx, electron/service/ssr-page.ts), in a real Chromium against
 * `ledger-explorer serve` on the main fixture: the first rows are in the HTML response itself, the app hydrates them
 * without a mismatch or a CSP violation (both are console errors, which fail the journey), asks for none of the data
 * that came in the page, and then works: a row opens (clicked as soon as it shows, hydrated or not), the next page
 * loads. A forced theme is on the page before it
 * first shows its rows (renderer/public/theme-boot.js).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useExplorerSession } from './support/e2e-harness.ts';

const COLLECTOR = '0xc011ec7';
const RESOURCE_ROW = '[aria-label="Resources"] [role="row"][aria-rowindex]';

interface Resource {
  readonly type: string;
}

/** Resolves once React owns the page: the lists' rows are placed (renderer/lib/use-hydrated.ts). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    (row) => document.querySelector(row) !== null && document.querySelector('[data-unplaced]') === null,
    RESOURCE_ROW,
  );
}

describe('server-rendered pages', () => {
  const session = useExplorerSession({ fixture: 'main' });

  it('sends the first rows in the HTML, hydrates them, asks for nothing again, then pages and opens rows', async () => {
    const first = (await (
      await fetch(`${session.explorer.url}/v1/accounts/${COLLECTOR}/resources?limit=100`)
    ).json()) as Resource[];
    // Acted on as soon as its rows show, as a user would: what is clicked before the page is hydrated is kept and
    // done once it is (renderer/public/input-boot.js), so the harness's wait for hydration is off.
    const { page, context, errors } = await newPage(session.browser, { untilHydrated: false });
    const sent: string[] = [];
    page.on('request', (request) => sent.push(new URL(request.url()).pathname + new URL(request.url()).search));
    const response = await page.goto(`${session.explorer.url}/accounts/${COLLECTOR}`, { waitUntil: 'commit' });
    const html = (await response?.text()) ?? '';
    // The rows are in the response, before any of the app's code ran.
    expect(html).toMatch(/aria-rowindex="2"/);
    expect(html).toContain(`Expand ${first[0]!.type.replace(/</g, '&lt;').replace(/>/g, '&gt;')}`);
    await page.getByText('100 resources loaded in 1 page · more available').waitFor();

    await page.getByRole('button', { name: `Expand ${first[0]!.type}` }).click();
    await page.getByRole('group', { name: 'JSON data' }).waitFor();
    await hydrated(page);
    // Neither the ledger nor the resources page the HTML came with is asked for again.
    expect(sent.filter((path) => path === '/v1' || path.startsWith(`/v1/accounts/${COLLECTOR}/resources`))).toEqual([]);
    await page.getByRole('button', { name: 'Load next page' }).click();
    await page.getByText('200 resources loaded in 2 pages · more available').waitFor();
    expect(sent.filter((path) => path.startsWith(`/v1/accounts/${COLLECTOR}/resources`))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a pinned version as asked, and a forced theme before the first rows show', async () => {
    const ledger = (await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string };
    const pinned = String(BigInt(ledger.ledger_version) - 1n);
    const { page, context, errors } = await newPage(session.browser);
    await page.addInitScript(() => {
      window.localStorage.setItem('ledger-explorer.theme', 'dark');
      const seen = { theme: null as string | null };
      Object.assign(window, { __firstRows: seen });
      const observer = new MutationObserver(() => {
        if (document.querySelector('[aria-label="Resources"] [role="row"][aria-rowindex]') === null) return;
        seen.theme = document.documentElement.getAttribute('data-theme');
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(`${session.explorer.url}/accounts/0x1?ledger_version=${pinned}`);
    expect(await response?.text()).toMatch(/aria-rowindex="2"/);
    await hydrated(page);
    const theme = await page.evaluate(
      () => (window as unknown as { __firstRows: { theme: string } }).__firstRows.theme,
    );
    expect(theme).toBe('dark');
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Ledger version' }).inputValue()).toBe(pinned);
    expect(await page.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
