/**
 * axe-core on the account page's new parts, light and dark: the header with balances (an account, and an object
 * with its owner), the Assets tab (sorted by balance) and the Activity tab with its APT changes read.
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
    name: 'account activity',
    path: (info) => `/accounts/${info.samples.senders[0]!.address}/activity`,
    open: async (page) => void (await page.locator('.activity-apt[data-octas]').first().waitFor()),
  },
];

describeAxeJourneys('accessibility of the account page (axe-core)', JOURNEYS);
