/**
 * axe-core on the transaction page's Changes section (both themes): a user transaction with its
 * diffs open and one change's bytes in the BCS inspector, and a transaction with resource-group
 * members and created resources. The page itself is the transaction page's (`/txn/{version}`).
 */
import type { Page } from 'playwright-core';
import { describeAxeJourneys } from './support/axe.ts';

async function changesReady(page: Page): Promise<void> {
  await page.locator('section.transaction-changes[data-changes-ready="true"]').waitFor({ timeout: 20_000 });
}

describeAxeJourneys('accessibility of the transaction changes', [
  {
    name: 'transaction changes with a diff and two BCS inspectors open (landmarks named apart)',
    path: (info) => `/txn/${info.samples.transactions.user!.version}`,
    open: async (page) => {
      await changesReady(page);
      const bytes = page.getByText(/^Bytes \(BCS\) at version/);
      await bytes.nth(0).click();
      await bytes.nth(1).click();
      await page
        .getByRole('region', { name: /^BCS inspector/ })
        .nth(1)
        .waitFor();
    },
  },
  {
    name: 'transaction changes with resource-group members',
    path: (info) => `/txn/${info.samples.transactions.feePayer!.version}`,
    open: changesReady,
  },
]);
