/**
 * What three people trying every task still tripped on (issue 28), each in a real Chromium against `serve` on the
 * main fixture: a typed version opens its transaction (pinning still offered); a generic parameter shows the call's
 * type argument; `/inspect`'s type box holds a placeholder, not a value; a change's bytes open in the inspector page
 * and Back returns to the transaction as it was left; one h1 per page, unique inspector names, a "Skip to changes"
 * link, focus never under the sticky bars; Activity at a pinned version asks for no pruned transaction.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { newPage, useExplorerSession } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';

interface Ledger {
  readonly ledger_version: string;
  readonly oldest_ledger_version: string;
}
interface Transaction {
  readonly version: string;
  readonly type: string;
  readonly payload?: { readonly function?: string; readonly type_arguments?: readonly string[] };
}

async function changesReady(page: Page): Promise<void> {
  await page.locator('section.transaction-changes[data-changes-ready="true"]').waitFor({ timeout: 20_000 });
}

describe('fit and finish', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;
  let ledger: Ledger;
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${session.explorer.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  beforeAll(async () => {
    info = fixtureInfo();
    ledger = await api<Ledger>('/v1');
  });

  it('a typed version offers its transaction first and pinning second; Enter opens the transaction', async () => {
    const version = info.samples.transactions.user!.version;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/`);
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill(version);
    const options = page.getByRole('option');
    await options.first().waitFor();
    await page.getByRole('option', { name: new RegExp(`^Version ${version} .*pin time travel here`) }).waitFor();
    expect(await options.first().textContent()).toMatch(new RegExp(`^Transaction at version ${version}`));
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/txn/${version}$`));
    await page.getByRole('heading', { level: 1, name: `Transaction ${version}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a generic parameter as the call's type argument", async () => {
    // The newest primary_fungible_store::transfer<T0>(Object<T0>, …) of the fixture, found through the API.
    let found: Transaction | undefined;
    for (let end = BigInt(ledger.ledger_version) + 1n; found === undefined && end > 0n; end -= 100n) {
      const start = end > 100n ? end - 100n : 0n;
      const page = await api<Transaction[]>(`/v1/transactions?start=${start}&limit=100`);
      found = page.findLast((t) => t.payload?.function === '0x1::primary_fungible_store::transfer');
    }
    const typeArgument = found!.payload!.type_arguments![0]!;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/txn/${found!.version}`);
    const types = page.getByRole('table', { name: 'Arguments' }).locator('.transaction-argument-type');
    // The table shows "unknown" types while the function's parameter types load (transaction-arguments.tsx): wait
    // for the typed cells, or a loaded machine reads the table before them.
    await types
      .filter({ hasText: `0x1::object::Object<${typeArgument}>` })
      .first()
      .waitFor();
    const shown = await types.allTextContents();
    expect(shown).toContain(`0x1::object::Object<${typeArgument}>`);
    expect(shown.join(' ')).not.toMatch(/\bT0\b/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/inspect's type box has u64 as its placeholder: click and type gives the typed type", async () => {
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/inspect`);
    const type = page.getByRole('combobox', { name: 'Type tag' });
    expect(await type.inputValue()).toBe('');
    expect(await type.getAttribute('placeholder')).toBe('u64');
    await page.getByRole('textbox', { name: 'Bytes (hex)' }).fill('0x2a00000000000000');
    // Empty, it decodes as its placeholder says.
    await page.getByRole('button', { name: /^value \(value\), .* bytes 0–8$/ }).waitFor();
    await type.click();
    await page.keyboard.type('u32');
    expect(await type.inputValue()).toBe('u32');
    await page.getByText('Decoding failed at byte', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('one h1 on every page', async () => {
    const { page, context } = await newPage(session.browser);
    const table = info.samples.tables[0]!;
    const pages = [
      ['/', 'Snapshot'],
      ['/accounts/0x1', '0x1'],
      ['/accounts/0x1/modules', '0x1'],
      [`/txn/${info.samples.transactions.user!.version}`, 'Transaction'],
      ['/blocks', 'Blocks'],
      ['/gas', 'Gas'],
      ['/inspect', 'BCS inspector'],
      [`/tables/${table.handle}`, 'Table'],
    ] as const;
    for (const [path, name] of pages) {
      await page.goto(`${session.explorer.url}${path}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(name) }).waitFor();
      expect(await page.locator('h1').count(), path).toBe(1);
    }
    await context.close();
  });

  it("a change's bytes open in the inspector page; Back returns to the transaction as it was left", async () => {
    const version = info.samples.transactions.user!.version;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/txn/${version}`);
    await changesReady(page);
    const summaries = page.getByText(/^Bytes \(BCS\) at version/);
    await summaries.nth(0).click();
    await summaries.nth(1).click();
    const inspectors = page.getByRole('region', { name: /^BCS inspector of change \d+ / });
    await expect.poll(() => inspectors.count()).toBe(2);
    // Each inspector has its own name (landmarks are told apart by name).
    const names = await inspectors.evaluateAll((all) => all.map((element) => element.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(2);

    const second = inspectors.nth(1);
    await second.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 120);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.waitForTimeout(200); // the position is stored on the next frame
    const scrolled = await page.evaluate(() => window.scrollY);
    const link = page.locator('.change-bytes').nth(1).getByRole('link', { name: 'open in the inspector page' });
    await link.click();
    await page.waitForURL(/\/inspect\?/);
    await page.getByRole('heading', { level: 1, name: 'BCS inspector' }).waitFor();
    await page
      .getByRole('region', { name: 'BCS inspector' })
      .getByText(/^\d+ bytes?$/)
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.goBack();
    await page.waitForURL(new RegExp(`/txn/${version}$`));
    await expect.poll(() => inspectors.count()).toBe(2);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(40);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Skip to changes" is the first Tab stop after the heading', async () => {
    const version = info.samples.transactions.user!.version;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/txn/${version}`);
    await changesReady(page);
    await page.getByRole('heading', { level: 1 }).evaluate((heading) => {
      heading.setAttribute('tabindex', '-1');
      (heading as HTMLElement).focus();
    });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to changes');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('transaction-changes-title');
    // From there the changes' own controls are the next Tab stops.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('section.transaction-changes') !== null)).toBe(
      true,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('focus never hides under the sticky header or status bar (800×600)', async () => {
    const version = info.samples.transactions.user!.version;
    const { page, context, errors } = await newPage(session.browser, { viewport: { width: 800, height: 600 } });
    await page.goto(`${session.explorer.url}/txn/${version}`);
    await changesReady(page);
    await page
      .getByText(/^Bytes \(BCS\) at version/)
      .first()
      .click();
    await page.getByRole('region', { name: /^BCS inspector of change \d+ / }).waitFor();
    await page.getByRole('heading', { level: 2, name: /^Changes/ }).evaluate((heading) => {
      heading.setAttribute('tabindex', '-1');
      (heading as HTMLElement).focus();
    });

    // Tab through the changes and the inspector: every focused control lies between the header and the status bar.
    const hidden: string[] = [];
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const focused = document.activeElement;
        const header = document.querySelector('.app-header')!.getBoundingClientRect();
        const status = document.querySelector('.status-bar')!.getBoundingClientRect();
        if (focused === null || focused === document.body) return undefined;
        if (focused.closest('.app-header, .status-bar') !== null) return undefined;
        const rect = focused.getBoundingClientRect();
        if (rect.height === 0) return undefined;
        const covered = rect.top < header.bottom - 0.5 || rect.bottom > status.top + 0.5;
        return covered ? `${focused.tagName} "${focused.textContent?.slice(0, 40)}" at ${rect.top}–${rect.bottom}` : '';
      });
      if (where) hidden.push(where);
    }
    expect(hidden).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Activity at a pinned version near the oldest retained one asks for no pruned transaction', async () => {
    const sender = info.samples.senders[0]!.address;
    const pin = (BigInt(ledger.oldest_ledger_version) + 400n).toString();
    const { page, context, errors } = await newPage(session.browser);
    const pruned: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 410) pruned.push(response.url());
    });
    await page.goto(`${session.explorer.url}/accounts/${sender}/activity?ledger_version=${pin}`);
    // Activity reads the indexer (every transaction that touched the account up to the pin); its rows' versions are
    // all retained ones, and nothing below the oldest retained version is asked for.
    await page.getByRole('table', { name: 'Activity' }).waitFor();
    await page.getByRole('table', { name: 'Activity' }).getByRole('link').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(pruned).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
