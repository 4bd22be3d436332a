/**
 * Input on a page the server rendered, given before the app's code has run (renderer/public/input-boot.js,
 * renderer/app/early-input.ts): the page is painted from the HTML while every script of the app is held back, a user
 * clicks, picks and types on it, and once the scripts arrive and the page is hydrated each of those acts has taken
 * effect (a click opened what it opens, typed text is in its box and filters, a picked option applies) — none is
 * lost, and meanwhile the page says that its controls are not live yet. The harness's own wait for hydration is off
 * here (e2e-harness.ts): these journeys act as soon as the page shows, as a user does.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, useExplorerSession } from './support/e2e-harness.ts';

const COLLECTOR = '0xc011ec7';
const RESOURCE_ROW = '[aria-label="Resources"] [role="row"][aria-rowindex]';

interface Resource {
  readonly type: string;
}

/** Holds back every script of the app (`/assets/*.js`) until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens `url` with the app's scripts held back; resolves once its server-rendered rows are on screen. */
async function openPainted(page: Page, url: string): Promise<() => void> {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(RESOURCE_ROW);
  // Nothing of the app has run: no control is React's yet, and the page says its controls are not live.
  const hydrated = await page.evaluate(() =>
    [...document.querySelectorAll('#root button')].some((button) =>
      Object.keys(button).some((key) => key.startsWith('__reactProps$')),
    ),
  );
  expect(hydrated).toBe(false);
  expect(await page.locator('#root').getAttribute('aria-busy')).toBe('true');
  return release;
}

describe('input on a server-rendered page before it is hydrated', () => {
  const session = useExplorerSession({ fixture: 'main' });

  it('keeps clicks and typed text given before the scripts ran, and acts on them once the page is live', async () => {
    const resources = (await (
      await fetch(`${session.explorer.url}/v1/accounts/${COLLECTOR}/resources?limit=100`)
    ).json()) as Resource[];
    // A filter matching exactly one resource of the first page.
    const target = resources.find((one) => resources.filter((other) => other.type.includes(one.type)).length === 1);
    expect(target).toBeDefined();
    const { page, context, errors } = await newPage(session.browser, { untilHydrated: false });
    const release = await openPainted(page, `${session.explorer.url}/accounts/${COLLECTOR}`);

    await page.getByRole('button', { name: 'Dark' }).click();
    await page.getByRole('button', { name: 'Load next page' }).click();
    const filter = page.getByRole('searchbox', { name: 'Filter by type' });
    await filter.click();
    await filter.pressSequentially(target!.type);
    // The text shows as it is typed, before anything of the app has run.
    expect(await filter.inputValue()).toBe(target!.type);
    release();

    await page.getByText('200 resources loaded in 2 pages · more available').waitFor();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
    // The typed filter is kept and applied: the one matching resource is the table's only row.
    expect(await filter.inputValue()).toBe(target!.type);
    await expect.poll(() => page.locator('[aria-label="Resources"]').getAttribute('aria-rowcount')).toBe('2');
    await expect.poll(() => page.locator('#root').getAttribute('aria-busy')).toBe(null);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps an option picked before the scripts ran', async () => {
    const { page, context, errors } = await newPage(session.browser, { untilHydrated: false });
    const release = await openPainted(page, `${session.explorer.url}/accounts/${COLLECTOR}`);

    const size = page.getByRole('combobox', { name: 'Page size' });
    await size.selectOption('25');
    release();

    await page.getByText('25 resources loaded in 1 page · more available').waitFor();
    expect(await size.inputValue()).toBe('25');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps keys typed into the search box before the scripts ran: Enter goes to the account', async () => {
    const { page, context, errors } = await newPage(session.browser, { untilHydrated: false });
    const release = await openPainted(page, `${session.explorer.url}/accounts/${COLLECTOR}`);

    const search = page.getByRole('combobox', { name: 'Search' });
    await search.click();
    await search.pressSequentially('0x1');
    await search.press('Enter');
    release();

    await page.waitForURL(/\/accounts\/0x1(?:[/?#]|$)/);
    await page.getByRole('region', { name: 'Account 0x1' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves a link clicked before the scripts ran to the browser: it opens its page, server-drawn', async () => {
    const { page, context, errors } = await newPage(session.browser, { untilHydrated: false });
    const release = await openPainted(page, `${session.explorer.url}/accounts/${COLLECTOR}`);

    await page.getByRole('link', { name: 'Events' }).click();
    // Committed, not loaded: the new page's scripts are held back too.
    await page.waitForURL(new RegExp(`/accounts/${COLLECTOR}/events$`), { waitUntil: 'commit' });
    const tab = page.getByRole('link', { name: 'Events' });
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    release();
    await expect.poll(() => page.locator('#root').getAttribute('aria-busy')).toBe(null);
    expect(await tab.getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
    await context.close();
  });
});
