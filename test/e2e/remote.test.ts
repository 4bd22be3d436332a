/**
 * Remote-mode journeys in a real Chromium: `ledger-explorer serve --remote URL` in front of another
 * `ledger-explorer serve` (the "node"), every process real. The status bar names the node and its
 * health; a node without the explorer API (a real fullnode) gets the explaining landing page and
 * direct-lookup search; the node going down shows the 503 record and the UI recovers when it
 * returns on the same port; "Save to snapshot" freezes an account at a pinned version into a file
 * that a third `serve` then answers from, naming where it was captured. Expected values come from
 * the backend's API.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, saveScreenshot, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';
import { startNodeWithoutExplorer } from './support/node-without-explorer.ts';

interface Ledger {
  readonly ledger_version: string;
  readonly oldest_ledger_version: string;
}
interface Resource {
  readonly type: string;
  readonly data: Record<string, unknown>;
}
const COIN_STORE = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';

describe('remote journeys', () => {
  let backend: RunningExplorer;
  let browser: Browser;
  let ledger: Ledger;
  const stops: (() => Promise<unknown>)[] = [];
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${backend.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const status = (page: Page) => page.getByRole('contentinfo', { name: 'Status' });
  /**
   * An account other than 0x1, a version `back` versions before the latest, and the account's AptosCoin balance there.
   */
  const pinnedBalance = async (back: bigint): Promise<{ address: string; pin: string; balance: string }> => {
    const { accounts } = await api<{ accounts: string[] }>('/explorer/v1/accounts?limit=50');
    const address = accounts.find((a) => a !== '0x1')!;
    const pin = (BigInt(ledger.ledger_version) - back).toString();
    const resource = await api<Resource>(`/v1/accounts/${address}/resource/${COIN_STORE}?ledger_version=${pin}`);
    return { address, pin, balance: (resource.data.coin as { value: string }).value };
  };

  beforeAll(async () => {
    backend = await startExplorer({ fixture: 'main' });
    browser = await launchBrowser();
    ledger = await api<Ledger>('/v1');
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await browser?.close();
    await backend?.stop();
  });

  it('over another serve: the status bar names the node, its health; a pinned account shows its balance', async () => {
    const front = await startExplorer({ remote: `${backend.url}/v1` });
    stops.push(() => front.stop());
    const { address, pin, balance } = await pinnedBalance(3n);

    const { page, context, errors } = await newPage(browser);
    await page.goto(`${front.url}/`);
    await status(page).getByText(`${backend.url}/v1`, { exact: true }).waitFor();
    await status(page).getByText('● healthy', { exact: true }).waitFor();
    await status(page).getByText(ledger.ledger_version, { exact: true }).waitFor();
    // The backend serves the explorer API, so the landing lists its accounts as for a snapshot.
    await page
      .getByRole('region', { name: /^Accounts/ })
      .getByRole('link', { name: address, exact: true })
      .click();
    await page.waitForURL(new RegExp(`/accounts/${address}(\\?|$)`));
    await page.goto(`${front.url}/accounts/${address}?ledger_version=${pin}`);
    await page.getByRole('button', { name: `Expand ${COIN_STORE}` }).click();
    await page.getByRole('group', { name: 'JSON data' }).getByText(`"${balance}"`, { exact: true }).waitFor();
    await saveScreenshot(page, 'remote-account');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('no explorer API: the landing says what is missing; the address box and search open an account', async () => {
    // A retained version whose block the node does not know: search still opens its transaction.
    const blockless = (BigInt(ledger.ledger_version) - 5n).toString();
    const node = await startNodeWithoutExplorer(backend.url, new Set([blockless]));
    stops.push(() => node.close());
    const front = await startExplorer({ remote: node.url });
    stops.push(() => front.stop());

    const facts = await api<{ block_height: string }>(`/explorer/v1/versions/${ledger.ledger_version}`);
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${front.url}/`);
    // The chosen version's block comes from the node's own blocks endpoint.
    await page.getByText(`block ${facts.block_height} ·`, { exact: false }).waitFor();
    const landing = page.getByRole('region', { name: /^Connected to 127\.0\.0\.1:/ });
    await landing.getByText(/not available remotely/).waitFor();
    expect(await page.getByRole('region', { name: /^Accounts/ }).count()).toBe(0);
    await saveScreenshot(page, 'remote-landing');

    await landing.getByRole('textbox', { name: 'Account address' }).fill('zz');
    await landing.getByRole('button', { name: 'Open account' }).click();
    await landing
      .getByRole('alert')
      .getByText(/^Not an address/)
      .waitFor();
    await landing.getByRole('textbox', { name: 'Account address' }).fill('0x0001');
    await landing.getByRole('button', { name: 'Open account' }).click();
    await page.waitForURL(/\/accounts\/0x1(\?|$)/);
    await page.getByRole('table', { name: 'Resources' }).waitFor();

    // Search resolves an address by looking the account up directly; a module name needs the explorer API.
    const { accounts } = await api<{ accounts: string[] }>('/explorer/v1/accounts?limit=50');
    const address = accounts.at(-1)!;
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('0x1::coin');
    await page
      .getByRole('status')
      .getByText(/a node resolves only versions, blocks, transaction hashes and addresses/)
      .waitFor();
    await search.fill(address);
    await page.getByRole('option', { name: new RegExp(`^Account ${address}`) }).waitFor();
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/accounts/${address}(\\?|$)`));
    await page.getByRole('table', { name: 'Resources' }).waitFor();

    // A version number: its transaction first (Enter opens it), pinning offered too.
    await search.fill(blockless);
    await page.getByRole('option', { name: new RegExp(`^Transaction at version ${blockless}`) }).waitFor();
    await page.getByRole('option', { name: new RegExp(`^Version ${blockless}.*pin time travel here`) }).waitFor();
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/txn/${blockless}(\\?|$)`));
    await page.getByRole('heading', { level: 1, name: `Transaction ${blockless}` }).waitFor();
    // The browser logs each 404 of the explorer API; nothing else may go wrong.
    expect(
      errors.filter((error) => !error.startsWith('Failed to load resource: the server responded with a status of 404')),
    ).toEqual([]);
    await context.close();
  });

  it('node down: a 503 record, an unhealthy status bar; the UI recovers when it returns on the same port', async () => {
    let node = await startExplorer({ fixture: 'main' });
    const port = Number(new URL(node.url).port);
    const front = await startExplorer({ remote: `${node.url}/v1` });
    stops.push(
      () => front.stop(),
      () => node.stop(),
    );

    const { page, context } = await newPage(browser);
    await page.goto(`${front.url}/accounts/0x1`);
    await page.getByRole('table', { name: 'Resources' }).waitFor();
    await status(page).getByText('● healthy', { exact: true }).waitFor();

    await node.stop();
    // A view opened now has no latest version to read at: in its place, the error record naming the
    // node and the cause (not a panel loading forever), and the status bar says the node is unhealthy.
    await page.goto(`${front.url}/accounts/0x1/modules`);
    const gate = page.getByRole('region', { name: 'Ledger unavailable' });
    await gate
      .getByRole('alert')
      .getByText(new RegExp(`Node http://127\\.0\\.0\\.1:${port}/v1 is unavailable`))
      .waitFor();
    await gate.getByText('internal_error').waitFor();
    expect(await page.getByText('Loading modules…').count()).toBe(0);
    await status(page)
      .getByText(/^● unhealthy: Node http:\/\/127\.0\.0\.1:\d+\/v1 is unavailable/)
      .waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'remote-node-down');

    // The node returns where it was: the status bar's next refresh brings the view back by itself.
    node = await startExplorer({ fixture: 'main', port });
    await status(page).getByText('● healthy', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText(/^\d+ of \d+ modules$/).waitFor({ timeout: 30_000 });
    expect(await gate.count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('"Save to snapshot" at a pinned version: a snapshot answering as the node did, naming its origin', async () => {
    const data = mkdtempSync(join(tmpdir(), 'le-e2e-capture-'));
    stops.push(async () => rmSync(data, { recursive: true, force: true }));
    const front = await startExplorer({
      remote: `${backend.url}/v1`,
      env: { ...process.env, LEDGER_EXPLORER_DATA_DIR: data },
    });
    stops.push(() => front.stop());
    const { address, pin, balance } = await pinnedBalance(2n);

    const { page, context, errors } = await newPage(browser);
    await page.goto(`${front.url}/accounts/${address}?ledger_version=${pin}`);
    await page.getByRole('button', { name: 'Save to snapshot' }).click();
    const saved = page.getByRole('status').filter({ hasText: /^Saved / });
    await saved.waitFor({ timeout: 60_000 });
    const name = (await saved.locator('code').textContent())!;
    expect(readdirSync(join(data, 'captures'))).toEqual([name]);
    expect(name).toContain(`-v${pin}-`);
    await saveScreenshot(page, 'remote-saved-snapshot');

    const captured = await startExplorer({ snapshot: join(data, 'captures', name) });
    stops.push(() => captured.stop());
    await page.goto(`${captured.url}/accounts/${address}`);
    await status(page).getByText(`(captured from ${backend.url}/v1)`).waitFor();
    await page.getByRole('button', { name: `Expand ${COIN_STORE}` }).click();
    await page.getByRole('group', { name: 'JSON data' }).getByText(`"${balance}"`, { exact: true }).waitFor();
    const capturedLedger = (await (await fetch(`${captured.url}/v1`)).json()) as Ledger;
    expect(capturedLedger.ledger_version).toBe(pin);
    expect(errors).toEqual([]);
    await context.close();
  });
});
