/**
 * Blocks journeys in a real Chromium against `ledger-explorer serve` on the main fixture: open Blocks
 * from the navigation (newest first), open a block, read its transactions, hide the block producer's
 * own ones, and follow a version to its transaction page (`/txn/{v}`, asserted by its URL); a pinned
 * version starts the list at its block. Every expected value is read from the API first.
 */
import { describe, expect, it } from 'vitest';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';

interface Ledger {
  readonly block_height: string;
}
interface Block {
  readonly block_height: string;
  readonly first_version: string;
  readonly transactions: readonly { readonly version: string; readonly type: string }[] | null;
}

describe('blocks journeys', () => {
  const session = useExplorerSession({ fixture: 'main' });
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${session.explorer.url}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  it('Blocks → a block → its transactions → a transaction', async () => {
    const { page, context, errors } = await newPage(session.browser);
    try {
      const ledger = await api<Ledger>('/v1');
      const height = Number(ledger.block_height) - 1;
      const block = await api<Block>(`/v1/blocks/by_height/${height}?with_transactions=true`);
      await page.goto(`${session.explorer.url}/`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blocks' }).click();
      await page.waitForURL(/\/blocks$/);
      const list = page.getByRole('table', { name: 'Blocks' });
      await list.getByRole('link', { name: `Block ${ledger.block_height}` }).waitFor();
      await page.getByText(/^100 blocks loaded · heights /).waitFor();
      await saveScreenshot(page, 'blocks-list-light');

      await list.getByRole('link', { name: `Block ${height}`, exact: true }).click();
      await page.waitForURL(new RegExp(`/blocks/${height}$`));
      await page.getByRole('heading', { level: 1, name: `Block ${height}` }).waitFor();
      const txns = block.transactions!;
      await page.getByText(`${txns.length} transactions`, { exact: true }).waitFor();
      const table = page.getByRole('table', { name: 'Transactions' });
      await table.getByRole('link', { name: `Transaction ${txns[0]!.version}` }).waitFor();
      await saveScreenshot(page, 'block-page-light');

      await page.getByRole('checkbox', { name: /^block metadata/ }).click();
      await page.getByText(`${txns.length - 1} of ${txns.length} transactions shown`).waitFor();
      expect(await table.getByRole('link', { name: `Transaction ${txns[0]!.version}` }).count()).toBe(0);
      expect(await page.getByRole('checkbox', { name: /^block metadata/ }).isChecked()).toBe(false);

      const user = txns.find((txn) => txn.type === 'user_transaction')!;
      await table.getByRole('link', { name: `Transaction ${user.version}` }).click();
      await page.waitForURL(new RegExp(`/txn/${user.version}$`));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('starts at the block holding a pinned version, in the dark theme at 800×600', async () => {
    const { page, context, errors } = await newPage(session.browser, {
      colorScheme: 'dark',
      viewport: { width: 800, height: 600 },
    });
    try {
      const block = await api<Block>('/v1/blocks/by_version/10000');
      await page.goto(`${session.explorer.url}/blocks?ledger_version=10000`);
      const list = page.getByRole('table', { name: 'Blocks' });
      await list.getByRole('link', { name: `Block ${block.block_height}` }).waitFor();
      expect(await list.getByRole('link', { name: `Block ${Number(block.block_height) + 1}` }).count()).toBe(0);
      await saveScreenshot(page, 'blocks-list-pinned-dark-800');
      await list.getByRole('link', { name: `Block ${block.block_height}` }).click();
      await page.waitForURL(new RegExp(`/blocks/${block.block_height}\\?ledger_version=10000$`));
      await page.getByText('(the pinned version 10000 is in this block)').waitFor();
      // The block's transactions read, so the picture (and the check) show the page a user gets, not its loading line.
      await page.getByRole('link', { name: `Transaction ${block.first_version}` }).waitFor();
      expect(await page.getByText('Reading the block…').count()).toBe(0);
      await saveScreenshot(page, 'block-page-pinned-dark-800');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
