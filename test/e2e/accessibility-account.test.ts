/**
 * axe-core on the account page's new parts, light and dark: the header with balances (an account, and an object
 * with its owner), the Assets tab (sorted by balance), the Activity tab (every transaction that touched the account,
 * unfiltered and filtered) and an asset's page.
 */
import { describeAxeJourneys, type Journey } from './support/axe.ts';

const JOURNEYS: readonly Journey[] = [
  {
    name: 'account header with balances',
    path: (info) => `/accounts/${info.samples.senders[0]!.address}`,
    open: async (page) => void (await page.locator('.apt-where').first().waitFor()),
  },
  {
    name: 'object header with its owner',
    path: (info) => `/accounts/${info.samples.objects[1] ?? '0xa'}`,
    open: async (page) => void (await page.getByRole('heading', { name: /^Object / }).waitFor()),
  },
  {
    name: 'account assets, sorted by balance',
    path: (info) => `/accounts/${info.samples.senders[1]!.address}/assets`,
    open: async (page) => {
      await page.getByRole('table', { name: 'Assets' }).waitFor();
      await page.getByRole('button', { name: /^Balance/ }).click();
    },
  },
  {
    name: 'account activity (every transaction that touched it, with its changes)',
    path: (info) => `/accounts/${info.samples.senders[0]!.address}/activity`,
    open: async (page) => void (await page.locator('.activity-apt[data-amount]').first().waitFor()),
  },
  {
    name: 'account activity filtered to received transactions',
    path: (info) => `/accounts/${info.samples.senders[0]!.address}/activity?direction=received`,
    open: async (page) => void (await page.getByRole('status').filter({ hasText: 'filtered' }).waitFor()),
  },
  {
    name: "APT's asset page with holders and activities",
    path: () => '/assets/0x1::aptos_coin::AptosCoin',
    open: async (page) => {
      await page.getByRole('table', { name: 'Holders' }).locator('tbody tr').first().waitFor();
      await page.getByRole('table', { name: 'Recent activities' }).locator('tbody tr').first().waitFor();
    },
  },
];

describeAxeJourneys('accessibility of the account page (axe-core)', JOURNEYS);
