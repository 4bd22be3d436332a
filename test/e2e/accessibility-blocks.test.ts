/**
 * axe-core on the blocks pages (the list, and a block with its transactions and kind filter) in both
 * themes: no critical and no serious violation (test/e2e/support/axe.ts).
 */
import { describeAxeJourneys, type Journey } from './support/axe.ts';

const JOURNEYS: readonly Journey[] = [
  {
    name: 'blocks list',
    path: () => '/blocks',
    open: async (page) => void (await page.getByText(/^100 blocks loaded/).waitFor()),
  },
  {
    name: 'block page with its transactions',
    path: (info) => `/blocks/${info.samples.blocks[0]!.height}`,
    open: async (page) => {
      await page.getByRole('table', { name: 'Transactions' }).getByRole('link').first().waitFor();
      await page.getByRole('checkbox').first().waitFor();
    },
  },
  {
    name: 'block page at a pinned version (later transactions marked, no next block)',
    path: (info) => `/blocks/${info.samples.blocks[1]!.height}?ledger_version=${info.samples.blocks[1]!.firstVersion}`,
    open: async (page) => void (await page.getByText('after pin').first().waitFor()),
  },
  {
    name: 'block page of a pruned block',
    path: () => '/blocks/3',
    open: async (page) => void (await page.getByRole('alert').waitFor()),
  },
];

describeAxeJourneys('accessibility of the blocks pages', JOURNEYS);
