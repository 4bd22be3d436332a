/**
 * Journeys through the frame in a real Chromium against `ledger-explorer serve` on the `main`
 * fixture: the landing page lists accounts (light and dark), search opens an account, the
 * time-travel control pins an older version into the URL, a deep link survives reload, `/` focuses
 * search, a pruned pin shows the API's error record, and on a moving ledger an unpinned view keeps
 * its version until asked to move. Each journey saves a screenshot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drawnByClient, newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';

interface Ledger {
  ledger_version: string;
  oldest_ledger_version: string;
}

describe('frame journeys', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let ledger: Ledger;
  let accounts: string[];
  beforeAll(async () => {
    ledger = (await (await fetch(`${session.explorer.url}/v1`)).json()) as Ledger;
    accounts = (
      (await (await fetch(`${session.explorer.url}/explorer/v1/accounts?limit=50`)).json()) as { accounts: string[] }
    ).accounts;
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`landing lists the accounts, streams and tables (${colorScheme})`, async () => {
      const { page, context, errors } = await newPage(session.browser, { colorScheme });
      await page.goto(`${session.explorer.url}/`);
      const list = page.getByRole('region', { name: /^Accounts/ });
      await list.getByRole('link', { name: accounts[0]!, exact: true }).waitFor();
      expect(await list.getByRole('listitem').count()).toBe(accounts.length);
      await page.getByRole('region', { name: 'Busiest event streams' }).getByRole('row').nth(1).waitFor();
      await page
        .getByRole('contentinfo', { name: 'Status' })
        .getByText(ledger.ledger_version, { exact: true })
        .waitFor();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(colorScheme === 'dark' ? 'rgb(15, 20, 25)' : 'rgb(255, 255, 255)');
      await saveScreenshot(page, `landing-${colorScheme}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('search: "/" focuses the box, an address opens its account page', async () => {
    const address = accounts[accounts.length - 1]!;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/`);
    await page
      .getByRole('region', { name: /^Accounts/ })
      .getByRole('listitem')
      .first()
      .waitFor();
    await page.keyboard.press('/');
    const search = page.getByRole('combobox', { name: 'Search' });
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(address);
    await page.getByRole('option', { name: new RegExp(`^Account ${address}`) }).waitFor();
    await saveScreenshot(page, 'search-results');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${session.explorer.url}/accounts/${address}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('time travel: pinning an older version puts ledger_version in the URL; reload restores path and pin', async () => {
    const older = ((BigInt(ledger.oldest_ledger_version) + BigInt(ledger.ledger_version)) / 2n).toString();
    const info = (await (await fetch(`${session.explorer.url}/explorer/v1/versions/${older}`)).json()) as {
      block_height: string;
    };
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/`);
    const field = page.getByRole('spinbutton', { name: 'Ledger version' });
    await field.fill(older);
    await field.press('Enter');
    await page.waitForURL(`${session.explorer.url}/?ledger_version=${older}`);
    const control = page.getByRole('group', { name: 'Time travel' });
    await control.getByText(info.block_height, { exact: true }).waitFor();
    await page
      .getByRole('region', { name: `Accounts at version ${older}` })
      .getByRole('listitem')
      .first()
      .waitFor();
    await saveScreenshot(page, 'time-travel-pinned');

    const account = page
      .getByRole('region', { name: `Accounts at version ${older}` })
      .getByRole('link')
      .first();
    const name = (await account.textContent()) ?? '';
    await account.click();
    await page.waitForURL(`${session.explorer.url}/accounts/${name}?ledger_version=${older}`);
    await page.reload();
    await page.waitForURL(`${session.explorer.url}/accounts/${name}?ledger_version=${older}`);
    expect(await page.getByRole('spinbutton', { name: 'Ledger version' }).inputValue()).toBe(older);
    expect(await page.getByRole('button', { name: 'Latest', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Latest', exact: true }).click();
    await page.waitForURL(`${session.explorer.url}/accounts/${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a pruned pin says so in the control and shows the 410 record in the panels (error state)', async () => {
    const pruned = (BigInt(ledger.oldest_ledger_version) - 1n).toString();
    const { page, context } = await newPage(session.browser, { colorScheme: 'dark' });
    await page.goto(`${session.explorer.url}/?ledger_version=${pruned}`);
    await page.getByText(`pruned — oldest retained is ${ledger.oldest_ledger_version}`).waitFor();
    const alert = page.getByRole('region', { name: `Accounts at version ${pruned}` }).getByRole('alert');
    await alert.getByText('version_pruned').waitFor();
    expect(await alert.textContent()).toContain('HTTP 410');
    await saveScreenshot(page, 'time-travel-pruned');
    await context.close();
  });

  it('a moving ledger: an unpinned view stays at the version it opened with and offers the newer one', async () => {
    // A node that moves is stood in for at its boundary: GET /v1 first reports an older latest version.
    const behind = (BigInt(ledger.ledger_version) - 100n).toString();
    let reported = behind;
    const { page, context, errors } = await newPage(session.browser);
    await page.route(`${session.explorer.url}/v1`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...((await response.json()) as Record<string, unknown>), ledger_version: reported },
      });
    });
    const resourceVersions: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/resources')) resourceVersions.push(url.searchParams.get('ledger_version') ?? '');
    });
    // The stand-in sits between the browser and the node, so the page is drawn by the client: the server's render
    // (electron/service/ssr-page.ts), whose reads never pass through the browser, is taken out of the HTML.
    const path = `/accounts/${accounts[0]!}`;
    await drawnByClient(page, `${session.explorer.url}${path}`);
    await page.goto(`${session.explorer.url}${path}`);
    const control = page.getByRole('spinbutton', { name: 'Ledger version' });
    await expect.poll(() => control.inputValue()).toBe(behind);
    await page.getByRole('table', { name: 'Resources' }).waitFor();
    reported = ledger.ledger_version;
    const move = page.getByRole('button', { name: `Show version ${ledger.ledger_version}` });
    await move.waitFor({ timeout: 15_000 }); // the status refresh happens every few seconds
    expect(await control.inputValue()).toBe(behind);
    // Every read that names a version names the one the view opened with. The boot prefetch
    // (renderer/app/route-prefetch.ts) may read the first page once without a version, beside GET /v1; its answer is
    // used only when its X-Aptos-Ledger-Version is the view's, which here (GET /v1 reports an older one) it is not.
    const named = resourceVersions.filter((version) => version !== '');
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((version) => version === behind)).toBe(true);
    expect(resourceVersions.length - named.length).toBeLessThanOrEqual(1);
    await saveScreenshot(page, 'newer-version-available');
    await move.click();
    await expect.poll(() => control.inputValue()).toBe(ledger.ledger_version);
    await expect.poll(() => resourceVersions.includes(ledger.ledger_version)).toBe(true);
    expect(await move.count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
