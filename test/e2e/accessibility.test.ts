/**
 * axe-core (the accessibility engine, nobody here wrote it) on every main page in a real Chromium, in the light
 * and the dark theme: no critical and no serious violation. Pages are opened as users reach them, with their
 * interactive parts open (an expanded resource row, a looked-up table item, decoded inspector bytes, a pinned
 * events list), because most violations live there. Addresses, handles and keys come from the fixture's samples.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { newPage, useExplorerSession } from './support/e2e-harness.ts';

// Evaluated through the browser's debugging protocol: the UI's CSP (rightly) refuses an injected <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, as much as a failure message needs. */
interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[]; readonly failureSummary?: string }[];
}

/** Runs axe-core on the page; the critical and serious violations, each with up to three of its nodes. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as Violation[];
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.help}): ${violation.nodes.length} nodes, e.g. ` +
        violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
          .join(' | '),
    );
}

/** A page to check: where to go and what to open first. */
interface Journey {
  readonly name: string;
  readonly path: (info: SnapshotInfo) => string;
  readonly open?: (page: Page, info: SnapshotInfo) => Promise<void>;
}

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
    open: async (page) => void (await page.getByRole('main').waitFor()),
  },
];

describe('accessibility (axe-core): no critical or serious violation', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;
  beforeAll(() => {
    const store = SnapshotStore.open(fixturePath('main'));
    try {
      info = snapshotInfo(store, 5);
    } finally {
      store.close();
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const journey of JOURNEYS) {
      it(`${journey.name} (${colorScheme})`, async () => {
        const { page, context } = await newPage(session.browser, { colorScheme });
        try {
          await page.goto(`${session.explorer.url}${journey.path(info)}`);
          await journey.open?.(page, info);
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
