/**
 * axe-core on the transaction page in both themes (0 critical, 0 serious): a user transaction with
 * handle and module events (its JSON trees and its hashes and signature opened), and a failed one with its
 * vm_status.
 */
import { describeAxeJourneys } from './support/axe.ts';

describeAxeJourneys('accessibility of the transaction page', [
  {
    name: 'a user transaction with events',
    path: (info) => `/txn/${info.samples.transactions.user!.version}`,
    open: async (page) => {
      await page.getByRole('heading', { level: 2, name: /^Events \(\d+\)$/ }).waitFor();
      await page.getByRole('table', { name: 'Arguments' }).getByText('u64').first().waitFor();
      await page.getByRole('group', { name: 'JSON event 0 data' }).getByRole('button', { name: 'Expand all' }).click();
      await page.getByText('Hashes and signature').click();
      await page.getByRole('group', { name: 'JSON signature' }).waitFor();
    },
  },
  {
    name: 'a failed transaction',
    path: (info) => `/txn/${info.samples.transactions.failed!.version}`,
    open: async (page) => {
      await page.getByRole('note', { name: 'VM status' }).waitFor();
      await page
        .getByRole('link', { name: /^Open transaction / })
        .first()
        .waitFor();
    },
  },
]);
