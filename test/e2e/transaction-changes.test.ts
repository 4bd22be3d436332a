/**
 * Journeys of the transaction page's Changes section in a real Chromium against `ledger-explorer
 * serve` (the page at `/txn/{version}` renders `<TransactionChanges transaction={txn} />`): an auditor
 * reads what a user transaction changed — the summary, the sender's APT line, a field's value before
 * and after agreeing with the API at V − 1 and V — opens the bytes in the BCS inspector and follows a
 * resource to the account as of V; support staff follow a deleted table item to its table; the filter
 * narrows the list. Versions, addresses and values come from the API and the snapshot's samples.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import type { CommittedTransactionJson, WriteSetChangeJson } from '../../renderer/api/transaction-json.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';

type WriteResource = Extract<WriteSetChangeJson, { type: 'write_resource' }>;

/**
 * The page's errors minus the browser's own line for a 404 answer: "absent at V − 1" (a created
 * resource or item) and an item looked up after its deletion are answers the section and the table
 * page read on purpose, and Chromium logs every 404 fetch as a console error.
 */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter(
    (error) => !error.startsWith('Failed to load resource: the server responded with a status of 404'),
  );
}

describe('transaction changes journeys', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;

  beforeAll(() => {
    info = fixtureInfo();
  });

  async function api<T>(path: string): Promise<T> {
    const response = await fetch(`${session.explorer.url}${path}`);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  }

  async function transaction(version: string): Promise<CommittedTransactionJson> {
    return api<CommittedTransactionJson>(`/v1/transactions/by_version/${version}`);
  }

  /** Opens `/txn/{version}` and waits until the Changes section says it is ready. */
  async function openChanges(page: Page, version: string): Promise<void> {
    await page.goto(`${session.explorer.url}/txn/${version}`);
    await page.locator('section.transaction-changes[data-changes-ready="true"]').waitFor({ timeout: 20_000 });
  }

  it("shows a user transaction's changes: summary, APT line, a field's before and after, bytes, account", async () => {
    const version = info.samples.transactions.user!.version;
    const txn = await transaction(version);
    const v = BigInt(version);
    const sender = txn.sender!;
    const index = txn.changes!.findIndex((c) => c.type === 'write_resource' && c.data.type === '0x1::account::Account');
    expect(index).toBeGreaterThanOrEqual(0);
    const change = txn.changes![index] as WriteResource;
    const type = encodeURIComponent(change.data.type);
    const before = await api<{ data: { sequence_number: string } }>(
      `/v1/accounts/${change.address}/resource/${type}?ledger_version=${v - 1n}`,
    );
    const after = await api<{ data: { sequence_number: string } }>(
      `/v1/accounts/${change.address}/resource/${type}?ledger_version=${v}`,
    );

    const { page, context, errors } = await newPage(session.browser);
    try {
      await openChanges(page, version);
      const section = page.locator('section.transaction-changes');
      await expect(section.locator('.changes-summary').textContent()).resolves.toMatch(
        new RegExp(`^${txn.changes!.length} changes \\(`),
      );
      const apt = section.getByRole('list', { name: 'APT balance changes' });
      await apt.waitFor();
      expect(await apt.locator('li').first().textContent()).toMatch(
        new RegExp(`^${sender} APT −[\\d.,]+ \\(−[\\d,]+ octas\\) \\(sender\\)$`),
      );

      const item = section.locator('li', { has: page.getByRole('button', { name: `Collapse change ${index + 1}` }) });
      const row = item.locator('.diff-table tr', { has: page.locator('td', { hasText: /^sequence_number$/ }) });
      expect(await row.locator('td').allTextContents()).toEqual([
        'sequence_number',
        'changed',
        before.data.sequence_number,
        after.data.sequence_number,
      ]);
      // The picture shows the section itself: the APT line, the summary and this row's diff.
      await section.getByRole('heading', { name: /^Changes/ }).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -8));
      await saveScreenshot(page, 'transaction-changes');

      await item.getByText(`Bytes (BCS) at version ${version}`).click();
      const inspector = item.getByRole('region', { name: 'BCS inspector' });
      await inspector.waitFor();
      const bytes = await fetch(
        `${session.explorer.url}/v1/accounts/${change.address}/resource/${type}?ledger_version=${v}`,
        {
          headers: { accept: 'application/x-bcs' },
        },
      );
      const length = (await bytes.arrayBuffer()).byteLength;
      expect(await inspector.locator('.inspector-size').textContent()).toBe(`${length} bytes`);

      await item.getByRole('link', { name: change.data.type }).click();
      await page.waitForURL((url) => url.pathname === `/accounts/${change.address}/resources`);
      const url = new URL(page.url());
      expect(url.searchParams.get('ledger_version')).toBe(version);
      expect(decodeURIComponent(url.hash.slice(1))).toBe(change.data.type);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('follows a deleted table item to its table with the key filled in, and filters the list', async () => {
    let txn: CommittedTransactionJson | undefined;
    for (let start = BigInt(info.oldestVersion) + 1n; txn === undefined; start += 100n) {
      const page = await api<CommittedTransactionJson[]>(`/v1/transactions?start=${start}&limit=100`);
      txn = page.find((t) => (t.changes ?? []).some((c) => c.type === 'delete_table_item'));
    }
    const index = txn.changes!.findIndex((c) => c.type === 'delete_table_item');
    const change = txn.changes![index] as Extract<WriteSetChangeJson, { type: 'delete_table_item' }>;

    const { page, context, errors } = await newPage(session.browser, { viewport: { width: 800, height: 600 } });
    try {
      await openChanges(page, txn.version);
      const section = page.locator('section.transaction-changes');
      const filter = section.getByRole('searchbox', { name: 'Filter changes' });
      await filter.fill('delete');
      const deletes = txn.changes!.filter((c) => c.type.startsWith('delete_')).length;
      await expect(section.locator('.changes-match').textContent()).resolves.toBe(
        `${deletes} of ${txn.changes!.length} match`,
      );
      const item = section.locator('li', { has: page.getByRole('button', { name: `Collapse change ${index + 1}` }) });
      await item.getByText(`Deleted by this transaction. Its value at version ${BigInt(txn.version) - 1n}:`).waitFor();
      await item.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'transaction-changes-deleted-800');

      await item.locator('a.change-target').click();
      await page.waitForURL((url) => url.pathname === `/tables/${change.handle}`);
      const url = new URL(page.url());
      expect(url.searchParams.get('raw')).toBe(change.key);
      expect(url.searchParams.get('ledger_version')).toBe(txn.version);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
