/**
 * The auditor's journey in a real Chromium against `ledger-explorer serve` on the main fixture: open an account
 * (search box, Enter), find the transaction that last changed its APT balance and see the change, in ≤ 3 clicks
 * (Activity tab → the row's version, which opens `/txn/{version}`; that page is another branch's, so this one
 * asserts the URL and the change the Activity row shows). Every expected value is read from the API first:
 * the newest sent transaction whose balance(V) − balance(V−1) is not 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';

const APT = '0x1::aptos_coin::AptosCoin';

describe('account activity journey', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;
  beforeAll(() => {
    info = fixtureInfo();
  });
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${session.explorer.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** The balance as BCS (exact u64). */
  const balance = async (address: string, version: bigint): Promise<bigint> => {
    const response = await fetch(
      `${session.explorer.url}/v1/accounts/${address}/balance/${APT}?ledger_version=${version}`,
      {
        headers: { accept: 'application/x-bcs' },
      },
    );
    expect(response.status).toBe(200);
    return new DataView(await response.arrayBuffer()).getBigUint64(0, true);
  };

  const JOURNEY =
    'the auditor opens an account, finds the transaction that last changed its APT balance and sees the change, ' +
    'in ≤ 3 clicks';
  it(JOURNEY, async () => {
    const ledger = await api<{ ledger_version: string }>('/v1');
    const sender = info.samples.senders[0]!.address;
    const { sequence_number: n } = await api<{ sequence_number: string }>(
      `/v1/accounts/${sender}?ledger_version=${ledger.ledger_version}`,
    );
    const newest = await api<{ version: string }[]>(
      `/v1/accounts/${sender}/transactions?start=${BigInt(n) - 25n}&limit=25`,
    );
    let expected: { version: string; change: bigint } | undefined;
    for (const transaction of [...newest].reverse()) {
      const v = BigInt(transaction.version);
      const change = (await balance(sender, v)) - (await balance(sender, v - 1n));
      if (change !== 0n) {
        expected = { version: transaction.version, change };
        break;
      }
    }
    expect(expected).toBeDefined();

    const { page, context, errors } = await newPage(session.browser);
    let clicks = 0;
    const click = async (locator: { click(): Promise<void> }): Promise<void> => {
      clicks += 1;
      await locator.click();
    };
    await page.goto(`${session.explorer.url}/`);
    // Opening the account: its address in the search box and Enter (no click).
    const search = page.getByRole('combobox', { name: 'Search' }).or(page.getByRole('searchbox', { name: 'Search' }));
    await search.first().fill(sender);
    await search.first().press('Enter');
    await page.waitForURL(new RegExp(`/accounts/${sender}(\\?|$)`));
    await page.locator('.apt-amount').waitFor();
    await saveScreenshot(page, 'account-header-balance-light');

    await click(page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Activity' }));
    const table = page.getByRole('table', { name: 'Activity' });
    await table.waitFor();
    // The first row (newest first) whose APT change is not 0 is the one that last changed the balance.
    const row = table
      .getByRole('row')
      .filter({ has: page.locator('.activity-apt:not([data-octas="0"])') })
      .first();
    await row.locator('.activity-apt[data-octas]').waitFor();
    // Newer rows read 0 (the list is newest first), so this is the transaction the API says last changed it.
    const firstRowVersion = await row.getByRole('link').first().textContent();
    expect(firstRowVersion).toBe(expected!.version);
    expect(await row.locator('.activity-apt').getAttribute('data-octas')).toBe(expected!.change.toString());
    const magnitude = expected!.change < 0n ? -expected!.change : expected!.change;
    const whole = (magnitude / 100_000_000n).toLocaleString('en-US');
    const fraction = (magnitude % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
    const shown = `${expected!.change < 0n ? '−' : '+'}${whole}${fraction === '' ? '' : `.${fraction}`} APT`;
    expect(await row.locator('.activity-apt').textContent()).toBe(shown);
    await saveScreenshot(page, 'account-activity-light');

    expect(errors).toEqual([]);

    // The last click opens the transaction's page, whose changes show the same APT change for this account.
    await click(row.getByRole('link', { name: `Transaction ${expected!.version}` }));
    await page.waitForURL(new RegExp(`/txn/${expected!.version}$`));
    const lines = page.getByRole('list', { name: 'APT balance changes' });
    await lines.waitFor();
    const mine = lines.locator('li').filter({ hasText: sender });
    expect(await mine.textContent()).toContain(`APT ${shown.replace(/ APT$/, '')} (`);
    expect(clicks).toBeLessThanOrEqual(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Activity and Assets tabs in the dark theme at 800×600', async () => {
    const { page, context, errors } = await newPage(session.browser, {
      colorScheme: 'dark',
      viewport: { width: 800, height: 600 },
    });
    const sender = info.samples.senders[0]!.address;
    await page.goto(`${session.explorer.url}/accounts/${sender}/activity`);
    await page.locator('.activity-apt[data-octas]').first().waitFor();
    await saveScreenshot(page, 'account-activity-dark-800');
    const owners = await api<{ objects: { fungible_store: unknown }[] }>(`/explorer/v1/accounts/${sender}/assets`);
    await page.goto(`${session.explorer.url}/accounts/${sender}/assets`);
    await page.getByRole('table', { name: 'Assets' }).waitFor();
    const stores = owners.objects.filter((object) => object.fungible_store !== null).length;
    await page.getByText(new RegExp(`· ${stores} fungible store`)).waitFor();
    await saveScreenshot(page, 'account-assets-dark-800');
    expect(errors).toEqual([]);
    await context.close();
  });
});
