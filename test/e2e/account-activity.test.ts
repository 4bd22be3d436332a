/**
 * Journeys over an account's whole history (the indexer's `/v1/graphql` behind the Activity tab and the header's
 * "last changed at") in a real Chromium against `ledger-explorer serve` on the main fixture. Every expected value
 * comes from the API first: balances from `/v1/accounts/{a}/balance` (BCS, exact), versions from `/v1/graphql`.
 * - The auditor: the account's APT balance as of a pinned version and the transaction that last changed it, in ≤ 2
 *   clicks from the header (the header's link, then the transaction page's change for the account).
 * - Support: an incoming transfer found by its amount among the received transactions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { formatAddressLong, parseAddress } from '../../shared/address.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { graphqlAt } from './support/graphql-reader.ts';
import { fixtureInfo } from './support/fixture-info.ts';

const APT = '0x1::aptos_coin::AptosCoin';
const APT_TYPES = [APT, `0x${'0'.repeat(63)}a`];
const DEPOSITS = ['0x1::coin::DepositEvent', '0x1::coin::CoinDeposit', '0x1::fungible_asset::Deposit'];

/** `+1.5 APT` / `−0.2 APT` as the Activity list writes an APT change. */
function aptText(change: bigint): string {
  const magnitude = change < 0n ? -change : change;
  const whole = (magnitude / 100_000_000n).toLocaleString('en-US');
  const fraction = (magnitude % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${change < 0n ? '−' : change > 0n ? '+' : ''}${whole}${fraction === '' ? '' : `.${fraction}`} APT`;
}

describe('account history journeys', () => {
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
  const graphql = <T>(query: string, variables: object, version: bigint): Promise<T> =>
    graphqlAt<T>(session.explorer.url, query, variables, version);
  const balance = async (address: string, version: bigint): Promise<bigint> => {
    const response = await fetch(
      `${session.explorer.url}/v1/accounts/${address}/balance/${APT}?ledger_version=${version}`,
      { headers: { accept: 'application/x-bcs' } },
    );
    expect(response.status).toBe(200);
    return new DataView(await response.arrayBuffer()).getBigUint64(0, true);
  };
  /** The newest version ≤ `at` whose APT activity moved `address`'s balance, from the indexer. */
  const lastChange = async (address: string, at: bigint): Promise<bigint> => {
    const data = await graphql<{ fungible_asset_activities: { transaction_version: number }[] }>(
      `
        query L($a: String!, $t: [String!]!) {
          fungible_asset_activities(
            where: {
              asset_type: { _in: $t }
              _or: [
                { owner_address: { _eq: $a }, gas_fee_payer_address: { _is_null: true } }
                { gas_fee_payer_address: { _eq: $a } }
              ]
            }
            order_by: [{ transaction_version: desc }]
            limit: 1
          ) {
            transaction_version
          }
        }
      `,
      { a: formatAddressLong(parseAddress(address)), t: APT_TYPES },
      at,
    );
    return BigInt(data.fungible_asset_activities[0]!.transaction_version);
  };

  const AUDITOR =
    'the auditor reads the APT balance as of a pinned version and opens the transaction that last changed it ' +
    'in ≤ 2 clicks';
  it(AUDITOR, async () => {
    const sender = info.samples.senders[0]!.address;
    const ledger = await api<{ ledger_version: string }>('/v1');
    const newest = await lastChange(sender, BigInt(ledger.ledger_version));
    // Pinned just below its newest change: the answer must come from the past, not from "now".
    const pin = newest - 1n;
    const expected = await lastChange(sender, pin);
    expect(expected).toBeLessThan(newest);
    // The indexer's answer agrees with the node API: the balance at the pin is the one that transaction left, and
    // that transaction changed it.
    const atPin = await balance(sender, pin);
    expect(await balance(sender, expected)).toBe(atPin);
    const change = atPin - (await balance(sender, expected - 1n));
    expect(change).not.toBe(0n);

    const { page, context, errors } = await newPage(session.browser);
    let clicks = 0;
    await page.goto(`${session.explorer.url}/accounts/${sender}?ledger_version=${pin}`);
    const amount = page.locator('.apt-amount');
    await amount.waitFor();
    expect(await amount.getAttribute('data-octas')).toBe(atPin.toString());
    const link = page.getByRole('link', { name: `APT balance last changed at version ${expected}` });
    await link.waitFor();
    await saveScreenshot(page, 'account-last-changed-light');
    clicks += 1;
    await link.click();
    await page.waitForURL(new RegExp(`/txn/${expected}(\\?|$)`));
    const lines = page.getByRole('list', { name: 'APT balance changes' });
    await lines.waitFor();
    const mine = lines.locator('li').filter({ hasText: sender });
    expect(await mine.textContent()).toContain(`APT ${aptText(change).replace(/ APT$/, '')} (`);
    expect(clicks).toBeLessThanOrEqual(2);

    // The Activity tab as of the pin: newest first, never past it, and that transaction's row shows the same change.
    await page.goto(`${session.explorer.url}/accounts/${sender}/activity?ledger_version=${pin}`);
    const table = page.getByRole('table', { name: 'Activity' });
    await table.waitFor();
    const first = table.locator('[data-version]').first();
    await first.waitFor();
    expect(BigInt((await first.getAttribute('data-version'))!)).toBeLessThanOrEqual(pin);
    const row = table.locator(`[data-version="${expected}"]`);
    const cell = row.locator(`[data-asset="${APT}"]`);
    expect(await cell.getAttribute('data-amount')).toBe(change.toString());
    expect(await cell.textContent()).toBe(aptText(change));
    await saveScreenshot(page, 'account-history-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('support finds an incoming transfer by its amount among the received transactions', async () => {
    const ledger = BigInt((await api<{ ledger_version: string }>('/v1')).ledger_version);
    // A deposit into an account in a transaction someone else sent, from the indexer.
    const data = await graphql<{
      fungible_asset_activities: { transaction_version: number; owner_address: string; amount: number }[];
    }>(
      `
        query D($types: [String!]!, $apt: [String!]!) {
          fungible_asset_activities(
            where: { type: { _in: $types }, asset_type: { _in: $apt } }
            order_by: { transaction_version: desc }
            limit: 50
          ) {
            transaction_version
            owner_address
            amount
          }
        }
      `,
      { types: DEPOSITS, apt: APT_TYPES },
      ledger,
    );
    let found: { address: string; version: bigint; change: bigint } | undefined;
    for (const deposit of data.fungible_asset_activities) {
      const version = BigInt(deposit.transaction_version);
      const transaction = await api<{ sender?: string }>(`/v1/transactions/by_version/${version}`);
      if (transaction.sender === undefined) continue;
      if (formatAddressLong(parseAddress(transaction.sender)) === deposit.owner_address) continue;
      const address = deposit.owner_address;
      const change = (await balance(address, version)) - (await balance(address, version - 1n));
      found = { address, version, change };
      break;
    }
    expect(found).toBeDefined();
    const { address, version, change } = found!;
    expect(change).toBeGreaterThan(0n);

    const { page, context, errors } = await newPage(session.browser, {
      colorScheme: 'dark',
      viewport: { width: 800, height: 600 },
    });
    await page.goto(`${session.explorer.url}/accounts/${address}/activity?ledger_version=${ledger}`);
    await page
      .getByRole('table', { name: 'Activity' })
      .or(page.getByText(/No transaction touched/))
      .waitFor();
    await page.getByRole('combobox', { name: 'Direction' }).selectOption('received');
    await page.waitForURL(/direction=received/);
    // The filtered list is a new query: wait for its rows, not the unfiltered ones still on screen before it.
    await page.getByRole('status').filter({ hasText: 'filtered' }).waitFor();
    const table = page.getByRole('table', { name: 'Activity' });
    // Scroll through the received rows (pages load as the list is scrolled) until the transfer's row is drawn: the
    // rows carrying that amount include it.
    const row = table.locator(`[data-version="${version}"]`);
    for (let attempt = 0; attempt < 100 && (await row.count()) === 0; attempt += 1) {
      await table.locator('.activity-scroll').evaluate((element) => element.scrollBy(0, 300));
      await page.waitForTimeout(100);
    }
    await row.waitFor();
    const withAmount = table.locator(`[data-amount="${change}"][data-asset="${APT}"]`);
    expect(
      await withAmount.evaluateAll((cells) =>
        cells.map((cell) => cell.closest('[data-version]')?.getAttribute('data-version')),
      ),
    ).toContain(String(version));
    expect(await row.locator('.history-direction').textContent()).toBe('received');
    expect(await row.locator(`[data-asset="${APT}"]`).textContent()).toBe(aptText(change));
    await saveScreenshot(page, 'account-history-received-dark-800');
    expect(errors).toEqual([]);
    await context.close();
  });
  it('the APT balance over versions: each point equals /v1 balance at its version, links its transaction', async () => {
    const sender = info.samples.senders[0]!.address;
    const latest = BigInt((await api<{ ledger_version: string }>('/v1')).ledger_version);
    const pin = latest - 100n;
    const { page, context, errors } = await newPage(session.browser, { colorScheme: 'dark' });
    await page.goto(`${session.explorer.url}/accounts/${sender}/activity?ledger_version=${pin}`);
    // Keyboard only: the summary opens the section, the table is the screen-reader way to the points.
    await page.locator('.balance-history summary').focus();
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'APT balance over versions' });
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    const points = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.dataset.version!, tr.dataset.balance!] as const),
    );
    expect(points.length).toBeGreaterThan(1);
    expect(BigInt(points.at(-1)![0])).toBeLessThanOrEqual(pin);
    expect(points.at(-1)![1]).toBe((await balance(sender, pin)).toString());
    for (const [version, after] of points.slice(-5)) {
      expect(after).toBe((await balance(sender, BigInt(version))).toString());
    }
    await page.locator('.balance-chart canvas').first().waitFor();
    await saveScreenshot(page, 'account-balance-chart-dark');
    expect(
      await rows
        .last()
        .getByRole('link', { name: `Open transaction ${points.at(-1)![0]}` })
        .count(),
    ).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
