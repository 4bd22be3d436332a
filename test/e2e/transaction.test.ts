/**
 * Transaction journeys in a real Chromium against `ledger-explorer serve` on the main fixture: support
 * pastes a transaction hash, lands on the page by version and reads a module event's data (the fee
 * statement); a developer opens a failed transaction and reads its vm_status. Every expected value is
 * read from the API first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import type { UserTransaction } from '../../shared/api/wire-schemas.ts';
import { userTransaction } from '../support/wire-transactions.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';

describe('transaction journeys', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;
  beforeAll(() => {
    info = fixtureInfo();
  });
  const transaction = async (version: string): Promise<UserTransaction> => {
    const response = await fetch(`${session.explorer.url}/v1/transactions/by_version/${version}`);
    if (!response.ok) throw new Error(`transaction ${version}: HTTP ${response.status}`);
    return userTransaction(await response.json());
  };

  it('support pastes a hash, lands on the transaction by version and reads a module event’s data', async () => {
    const sample = info.samples.transactions.user;
    expect(sample).not.toBeNull();
    const { version, hash } = sample!;
    const txn = await transaction(version);
    const index = txn.events.findIndex((event) => event.type === '0x1::transaction_fee::FeeStatement');
    expect(index).toBeGreaterThanOrEqual(0);
    const fee = txn.events[index]!.data as Record<string, string>;

    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/txn/${hash}`);
    await page.waitForURL(new RegExp(`/txn/${version}$`));
    await page.getByRole('heading', { level: 1, name: `Transaction ${version}` }).waitFor();
    await page.getByRole('heading', { level: 2, name: `Events (${txn.events.length})` }).waitFor();
    const event = page.locator('.transaction-event').nth(index);
    await event.getByText('Module event: no event stream', { exact: false }).waitFor();
    const data = event.getByRole('group', { name: `JSON event ${index} data` });
    for (const [field, value] of Object.entries(fee)) {
      const row = data.locator('.json-row').filter({ has: page.getByText(field, { exact: true }) });
      expect(await row.locator('.json-value').textContent()).toBe(JSON.stringify(value));
    }
    await event.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'transaction-module-event');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('developer opens a failed transaction and reads its vm_status', async () => {
    const sample = info.samples.transactions.failed;
    expect(sample).not.toBeNull();
    const txn = await transaction(sample!.version);
    expect(txn.success).toBe(false);

    const { page, context, errors } = await newPage(session.browser, { colorScheme: 'dark' });
    await page.goto(`${session.explorer.url}/txn/${sample!.version}`);
    const note = page.getByRole('note', { name: 'VM status' });
    await note.waitFor();
    expect(await note.textContent()).toBe(`VM status: ${txn.vm_status}`);
    expect(await note.isVisible()).toBe(true);
    // Above the fold: the reason is the first thing read, without scrolling.
    const box = await note.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(page.viewportSize()!.height);
    await saveScreenshot(page, 'transaction-failed-dark');
    expect(errors).toEqual([]);
    await context.close();
  });
});
