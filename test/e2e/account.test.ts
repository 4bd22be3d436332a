/**
 * Account journeys in a real Chromium against `ledger-explorer serve` on the main fixture: landing →
 * account → expand a resource → page with a small page size; follow an event handle → older events;
 * pin an older version and see a different balance, then reload the deep link; the 10,000-resource
 * account scrolls to its end and filters. Every expected value is read from the API first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';

interface Resource {
  readonly type: string;
  readonly data: Record<string, unknown>;
}
const COIN_STORE = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';

describe('account journeys', () => {
  const session = useExplorerSession({ fixture: 'main' });
  const api = async <T>(path: string): Promise<{ body: T; cursor: string | null }> => {
    const response = await fetch(`${session.explorer.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return { body: (await response.json()) as T, cursor: response.headers.get('x-aptos-cursor') };
  };
  const resourcesTable = (page: Page) => page.getByRole('table', { name: 'Resources' });

  it('landing → account → expand a resource → page resources with a small page size', async () => {
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/`);
    await page.getByRole('link', { name: '0x1', exact: true }).first().click();
    await page.waitForURL(/\/accounts\/0x1(\?|$)/);
    await resourcesTable(page).waitFor();
    await page.getByRole('button', { name: 'Expand 0x1::block::BlockResource' }).click();
    await page.getByRole('group', { name: 'JSON data' }).waitFor();
    await saveScreenshot(page, 'account-resources-light');

    const { body: first, cursor } = await api<Resource[]>('/v1/accounts/0xc011ec7/resources?limit=25');
    expect(cursor).not.toBeNull();
    const { body: second } = await api<Resource[]>(`/v1/accounts/0xc011ec7/resources?limit=25&start=${cursor}`);
    await page.goto(`${session.explorer.url}/accounts/0xc011ec7`);
    await page.getByRole('combobox', { name: 'Page size' }).selectOption('25');
    await page.getByText('25 resources loaded in 1 page · more available').waitFor();
    await page.getByRole('button', { name: 'Load next page' }).click();
    await page.getByText('50 resources loaded in 2 pages · more available').waitFor();
    await page
      .getByRole('searchbox', { name: 'Filter by type' })
      .fill(second[0]!.type.split('::').at(-1)!.replace('>', ''));
    await page.getByRole('button', { name: `Expand ${second[0]!.type}` }).waitFor();
    expect(await page.getByRole('button', { name: `Expand ${first[0]!.type}` }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resources in the dark theme, and a pruned version as an error record', async () => {
    const { page, context } = await newPage(session.browser, { colorScheme: 'dark' });
    await page.goto(`${session.explorer.url}/accounts/0x1`);
    await page
      .getByRole('button', { name: `Expand ${COIN_STORE}` })
      .or(page.getByRole('button', { name: 'Expand 0x1::block::BlockResource' }))
      .first()
      .click();
    await page.getByRole('group', { name: 'JSON data' }).waitFor();
    await saveScreenshot(page, 'account-resources-dark');
    const { body: ledger } = await api<{ oldest_ledger_version: string }>('/v1');
    const pruned = BigInt(ledger.oldest_ledger_version) - 1n;
    expect(pruned >= 0n).toBe(true);
    await page.goto(`${session.explorer.url}/accounts/0x1?ledger_version=${pruned}`);
    await page.getByRole('alert').first().getByText('version_pruned').waitFor();
    await saveScreenshot(page, 'account-pruned-error');
    await context.close();
  });

  it('follows an event handle to its events, then an older page', async () => {
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/0x1`);
    await page.getByRole('button', { name: 'Expand 0x1::block::BlockResource' }).click();
    const { body: block } = await api<Resource>('/v1/accounts/0x1/resource/0x1::block::BlockResource');
    const handle = block.data.new_block_events as { counter: string; guid: { id: { creation_num: string } } };
    expect(Number(handle.counter)).toBeGreaterThan(200);
    await page.getByRole('link', { name: `events (${handle.counter})` }).click();
    await page.waitForURL(new RegExp(`/accounts/0x1/events/${handle.guid.id.creation_num}(\\?|$)`));
    const top = BigInt(handle.counter) - 1n;
    await page.getByText(`100 events loaded · oldest shown #${top - 99n}`).waitFor();
    await page.getByRole('button', { name: 'Older events' }).click();
    await page.getByText(`200 events loaded · oldest shown #${top - 199n}`).waitFor();
    await page.getByRole('button', { name: `Expand event ${top}` }).click();
    await page.getByRole('group', { name: `JSON event ${top}` }).waitFor();
    await saveScreenshot(page, 'account-events');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pins an older version and shows a different balance; reloading the deep link restores it', async () => {
    const { body: ledger } = await api<{ oldest_ledger_version: string; ledger_version: string }>('/v1');
    const { body: accounts } = await api<{ accounts: string[] }>(`/explorer/v1/accounts?limit=200`);
    let found: { address: string; version: string; then: string; now: string } | undefined;
    for (const address of accounts.accounts) {
      const summaries = (await api<{ version: string }[]>(`/v1/accounts/${address}/transaction_summaries?limit=5`))
        .body;
      const candidate = summaries.find((summary) => BigInt(summary.version) > BigInt(ledger.oldest_ledger_version));
      if (!candidate) continue;
      const before = (BigInt(candidate.version) - 1n).toString();
      const balance = async (at: string) =>
        (
          (await api<Resource>(`/v1/accounts/${address}/resource/${COIN_STORE}?ledger_version=${at}`)).body.data
            .coin as { value: string }
        ).value;
      const [then, now] = [await balance(before), await balance(ledger.ledger_version)];
      if (then !== now) {
        found = { address, version: before, then, now };
        break;
      }
    }
    expect(found).toBeDefined();
    const { address, version, then, now } = found!;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/${address}`);
    await page.getByRole('button', { name: `Expand ${COIN_STORE}` }).click();
    const tree = page.getByRole('group', { name: 'JSON data' });
    await tree.getByText(`"${now}"`, { exact: true }).waitFor();
    const control = page.getByRole('spinbutton', { name: 'Ledger version' });
    await control.fill(version);
    await control.press('Enter');
    await page.waitForURL(new RegExp(`ledger_version=${version}`));
    await tree.getByText(`"${then}"`, { exact: true }).waitFor();
    await saveScreenshot(page, 'account-pinned-balance');
    await page.reload();
    await page.getByRole('button', { name: `Expand ${COIN_STORE}` }).click();
    await page.getByRole('group', { name: 'JSON data' }).getByText(`"${then}"`, { exact: true }).waitFor();
    expect(await control.inputValue()).toBe(version);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('transactions: a version opens its transaction, its pin pins the account; modules show their ABI', async () => {
    const { body: accounts } = await api<{ accounts: string[] }>(`/explorer/v1/accounts?limit=200`);
    let sender: string | undefined;
    let summaries: { version: string; replay_protector: { sequence_number?: string; nonce?: string } | string }[] = [];
    for (const address of accounts.accounts) {
      summaries = (await api<typeof summaries>(`/v1/accounts/${address}/transaction_summaries?limit=50`)).body;
      if (summaries.length >= 2) {
        sender = address;
        break;
      }
    }
    expect(sender).toBeDefined();
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/${sender}/transactions`);
    const newest = summaries.at(-1)!;
    const protector =
      typeof newest.replay_protector === 'string'
        ? newest.replay_protector
        : newest.replay_protector.sequence_number !== undefined
          ? `sequence number ${newest.replay_protector.sequence_number}`
          : `nonce ${newest.replay_protector.nonce}`;
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Pin ledger version ${newest.version}` }) });
    await row.getByText(protector, { exact: true }).waitFor();
    expect(await row.getByRole('link', { name: `Open transaction ${newest.version}` }).getAttribute('href')).toBe(
      `/txn/${newest.version}`,
    );
    await saveScreenshot(page, 'account-transactions');
    const older = summaries[0]!.version;
    await page.getByRole('link', { name: `Pin ledger version ${older}` }).click();
    await page.waitForURL(new RegExp(`/accounts/${sender}\\?ledger_version=${older}$`));
    await page.getByText(`${older}`, { exact: true }).first().waitFor();
    // The pinned view loads on demand: the version box follows the URL once it has rendered.
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Ledger version' }).inputValue()).toBe(older);

    await page.goto(`${session.explorer.url}/accounts/0xc011ec7/modules`);
    await page.getByRole('searchbox', { name: 'Filter modules' }).fill('coins_42');
    await page.getByText('0xc011ec7::coins_42').click();
    await page.getByText('struct Coin04200 has key').waitFor();
    await saveScreenshot(page, 'account-modules');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scrolls the 10,000-resource account to its end and filters it', async () => {
    const all: Resource[] = [];
    for (let cursor: string | null | undefined; cursor !== null;) {
      const page = await api<Resource[]>(
        `/v1/accounts/0xc011ec7/resources?limit=9999${cursor ? `&start=${cursor}` : ''}`,
      );
      all.push(...page.body);
      cursor = page.cursor;
    }
    expect(all.length).toBeGreaterThanOrEqual(10_000);
    // "Load all" after the first 100 reads the rest at the node's page size: one request per 9,999.
    let rest = 0;
    for (let cursor = (await api<Resource[]>('/v1/accounts/0xc011ec7/resources?limit=100')).cursor; cursor; rest += 1)
      cursor = (await api<Resource[]>(`/v1/accounts/0xc011ec7/resources?limit=9999&start=${cursor}`)).cursor;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/0xc011ec7`);
    await page.getByText(/^100 resources loaded in 1 page · more available/).waitFor();
    const reads: string[] = [];
    const onRequest = (request: { url(): string }): void => {
      if (request.url().includes('/resources?')) reads.push(request.url());
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Load all' }).click();
    await page
      .getByText(`${all.length.toLocaleString('en-US')} resources loaded in ${rest + 1} pages · all loaded`)
      .waitFor();
    page.off('request', onRequest);
    expect(reads).toHaveLength(rest);
    for (const url of reads) expect(new URL(url).searchParams.get('limit')).toBe('9999');
    await page.getByRole('combobox', { name: 'Page size' }).selectOption('9999');
    await page.getByText(/^9,999 resources loaded in 1 page/).waitFor();
    await page.getByRole('button', { name: 'Load all' }).click();
    await page.getByText(`${all.length.toLocaleString('en-US')} resources loaded in 2 pages · all loaded`).waitFor();
    const scroller = page.getByTestId('resources-scroll');
    const last = all.at(-1)!.type;
    for (
      let step = 0;
      step < 20 && (await page.getByRole('button', { name: `Expand ${last}` }).count()) === 0;
      step += 1
    ) {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(50);
    }
    await page.getByRole('button', { name: `Expand ${last}` }).waitFor();
    expect(await page.getByRole('button', { name: `Expand ${all[0]!.type}` }).count()).toBe(0);
    await saveScreenshot(page, 'account-10k-resources-end');
    const wanted = all.filter((resource) => resource.type.includes('Coin0999'));
    await page.getByRole('searchbox', { name: 'Filter by type' }).fill('Coin0999');
    await page.getByRole('button', { name: `Expand ${wanted[0]!.type}` }).waitFor();
    expect(
      await resourcesTable(page)
        .getByRole('button', { name: /^Expand / })
        .count(),
    ).toBe(wanted.length);
    await saveScreenshot(page, 'account-10k-resources-filtered');
    expect(errors).toEqual([]);
    await context.close();
  });
});
