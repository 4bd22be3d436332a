/**
 * The account's history in remote mode, every process real: `serve --remote` in front of another `serve` (the
 * "node"). With `--indexer` pointing at the node's own `/v1/graphql`, Activity lists every transaction that touched
 * the account; without one it says what is missing and how to add it, and lists the sent transactions. A node
 * without the balance and view endpoints (a stand-in that refuses them as a node's web framework refuses unknown
 * paths) still gets the header's APT balance, summed from the store resources. Expected values come from the
 * node's API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStandInNode, type StandInNode } from './support/stand-in-node.ts';
import { launchBrowser, newPage, saveScreenshot, startExplorer, type RunningExplorer } from './support/e2e-harness.ts';

const APT = '0x1::aptos_coin::AptosCoin';

/** A node in front of `backend` that answers 404 to the balance and view endpoints; the rest passes through. */
function startNodeWithoutBalance(backend: string): Promise<StandInNode> {
  return startStandInNode(backend, (req, res) => {
    if (!/^\/v1\/(view|accounts\/[^/]+\/balance\/)/.test(req.url ?? '')) return false;
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'Not Found', error_code: 'web_framework_error', vm_error_code: null }));
    return true;
  });
}

describe('remote history journeys', () => {
  let backend: RunningExplorer;
  let browser: Browser;
  let sender: string;
  let latest: string;
  const stops: (() => Promise<unknown>)[] = [];
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${backend.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    backend = await startExplorer({ fixture: 'main' });
    browser = await launchBrowser();
    latest = (await api<{ ledger_version: string }>('/v1')).ledger_version;
    // An account that sent transactions: the sender of the newest user transaction.
    const page = await api<{ type: string; sender?: string }[]>(`/v1/transactions?start=${BigInt(latest) - 50n}`);
    sender = page.reverse().find((transaction) => transaction.sender !== undefined)!.sender!;
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await browser?.close();
    await backend?.stop();
  });

  it('without an indexer: Activity says what is missing, how to add one, and lists the sent transactions', async () => {
    const front = await startExplorer({ remote: `${backend.url}/v1` });
    stops.push(() => front.stop());
    const { sequence_number: n } = await api<{ sequence_number: string }>(
      `/v1/accounts/${sender}?ledger_version=${latest}`,
    );
    const [newest] = await api<{ version: string }[]>(
      `/v1/accounts/${sender}/transactions?start=${BigInt(n) - 1n}&limit=1`,
    );
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${front.url}/accounts/${sender}/activity?ledger_version=${latest}`);
    const note = page.getByRole('note');
    await note.getByText(/Only the transactions this account sent are listed/).waitFor();
    expect(await note.textContent()).toContain('--indexer');
    const table = page.getByRole('table', { name: 'Activity' });
    await table.getByRole('link', { name: `Transaction ${newest!.version}` }).waitFor();
    await saveScreenshot(page, 'remote-activity-no-indexer');
    // The source said it has no indexer: /v1/graphql was not asked, so no failed load is in the console.
    expect(errors).toEqual([]);
    await context.close();
    // The same page in the other theme and at 800×600, looked at like every picture of the README.
    for (const [colorScheme, viewport, suffix] of [
      ['dark', { width: 1280, height: 800 }, '-dark'],
      ['light', { width: 800, height: 600 }, '-800'],
      ['dark', { width: 800, height: 600 }, '-dark-800'],
    ] as const) {
      const other = await newPage(browser, { colorScheme, viewport });
      await other.page.goto(`${front.url}/accounts/${sender}/activity?ledger_version=${latest}`);
      await other.page.getByRole('table', { name: 'Activity' }).getByRole('link').first().waitFor();
      await saveScreenshot(other.page, `remote-activity-no-indexer${suffix}`);
      expect(other.errors).toEqual([]);
      await other.context.close();
    }
  });

  it("with --indexer: Activity lists every transaction that touched the account, from the node's indexer", async () => {
    const front = await startExplorer({
      remote: `${backend.url}/v1`,
      args: ['--indexer', `${backend.url}/v1/graphql`],
    });
    stops.push(() => front.stop());
    const response = await fetch(`${backend.url}/v1/graphql?ledger_version=${latest}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query H($a: String!) { account_transactions(where: {account_address: {_eq: $a}},
          order_by: {transaction_version: desc}, limit: 3) { transaction_version } }`,
        variables: { a: `0x${sender.slice(2).padStart(64, '0')}` },
      }),
    });
    const { data } = (await response.json()) as { data: { account_transactions: { transaction_version: number }[] } };
    const expected = data.account_transactions.map((row) => String(row.transaction_version));
    expect(expected.length).toBeGreaterThan(0);
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${front.url}/accounts/${sender}/activity?ledger_version=${latest}`);
    const table = page.getByRole('table', { name: 'Activity' });
    await table.locator('[data-version]').first().waitFor();
    const shown = await table.locator('[data-version]').evaluateAll((rows) => rows.map((row) => row.dataset.version));
    expect(shown.slice(0, expected.length)).toEqual(expected);
    expect(await page.getByRole('note').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a node without the balance and view endpoints: the header sums the store resources', async () => {
    const node = await startNodeWithoutBalance(backend.url);
    stops.push(() => node.close());
    const front = await startExplorer({ remote: node.url });
    stops.push(() => front.stop());
    const bcs = await fetch(`${backend.url}/v1/accounts/${sender}/balance/${APT}?ledger_version=${latest}`, {
      headers: { accept: 'application/x-bcs' },
    });
    const octas = new DataView(await bcs.arrayBuffer()).getBigUint64(0, true);
    const { page, context } = await newPage(browser);
    await page.goto(`${front.url}/accounts/${sender}?ledger_version=${latest}`);
    const amount = page.locator('.apt-amount');
    await amount.waitFor();
    expect(await amount.getAttribute('data-octas')).toBe(octas.toString());
    expect(await page.getByText('Balance unavailable').count()).toBe(0);
    await page.getByText(/from its coin store and primary store/).waitFor();
    await saveScreenshot(page, 'remote-balance-from-resources');
    await context.close();
  });
});
