/**
 * axe-core (the accessibility engine, nobody here wrote it) on every main page in a real Chromium, in the light
 * and the dark theme: no critical, serious or moderate violation. Pages are opened as users reach them, with their
 * interactive parts open (an expanded resource row, a looked-up table item, decoded inspector bytes, a pinned
 * events list), because most violations live there. Addresses, handles and keys come from the fixture's samples.
 */
import { describeAxeJourneys, type Journey } from './support/axe.ts';

const JOURNEYS: readonly Journey[] = [
  { name: 'landing', path: () => '/', open: async (page) => void (await page.getByRole('heading').first().waitFor()) },
  {
    name: 'account resources, a row expanded',
    path: () => '/accounts/0x1',
    open: async (page) => {
      await page.getByRole('button', { name: 'Expand 0x1::block::BlockResource' }).click();
      await page.getByRole('group', { name: 'JSON data' }).first().waitFor();
    },
  },
  {
    name: 'events pinned to an older version',
    path: (info) => {
      const stream = info.samples.eventStreams[0]!;
      const middle = (BigInt(info.oldestVersion) + BigInt(info.latestVersion)) / 2n;
      return `/accounts/${stream.address}/events/${stream.creationNumber}?ledger_version=${middle}`;
    },
    open: async (page) => void (await page.getByRole('table').first().waitFor()),
  },
  {
    name: 'account transactions',
    path: (info) => `/accounts/${info.samples.senders[0]!.address}/transactions`,
    open: async (page) => void (await page.getByRole('table').first().waitFor()),
  },
  {
    name: 'account modules',
    path: () => '/accounts/0xcafe/modules',
    open: async (page) => {
      await page.getByRole('list', { name: 'Modules' }).locator('summary').first().click();
      await page
        .getByRole('heading', { name: /^Structs/ })
        .first()
        .waitFor();
    },
  },
  {
    name: 'compare',
    path: () => '/accounts/0x1/compare',
    open: async (page) => void (await page.getByRole('main').waitFor()),
  },
  {
    name: 'table item looked up',
    path: (info) => {
      const table = info.samples.tables[0]!;
      return `/tables/${table.handle}?${new URLSearchParams({ key: JSON.stringify(table.keys[0]) }).toString()}`;
    },
    open: async (page) => void (await page.getByRole('group', { name: 'JSON value' }).first().waitFor()),
  },
  {
    name: 'gas',
    path: () => '/gas',
    open: async (page) => void (await page.getByText('gas_estimate', { exact: false }).first().waitFor()),
  },
  {
    name: 'pinned banner with the skip link focused',
    path: (info) => `/gas?ledger_version=${info.oldestVersion}`,
    open: async (page) => {
      await page.getByRole('region', { name: 'Pinned ledger version' }).waitFor();
      await page.keyboard.press('Tab');
      await page.getByRole('link', { name: 'Skip to content' }).and(page.locator(':focus')).waitFor();
    },
  },
  {
    name: 'inspect decoded bytes',
    path: () => `/inspect?${new URLSearchParams({ hex: '0x0a000000000000000101', type: 'u64' }).toString()}`,
    // The page's code loads on demand: wait for its decoded tree, not only for the frame's main region.
    open: async (page) => void (await page.getByRole('button', { name: /^value \(value\), .* bytes 0–8$/ }).waitFor()),
  },
];

describeAxeJourneys('accessibility (axe-core): no critical, serious or moderate violation', JOURNEYS);
