/**
 * The account-history pages (Activity, Tokens, an asset's page) at 1280×800 and 800×600 in both themes: each drawn
 * once its data is in, with no critical or serious axe violation and no console error, and saved as a screenshot
 * (`LEDGER_EXPLORER_SCREENSHOTS=docs/screenshots` writes the README's pictures).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { seriousViolations } from './support/axe.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { fixtureInfo } from './support/fixture-info.ts';

interface Shot {
  readonly name: string;
  readonly path: (info: SnapshotInfo, owner: string) => string;
  readonly ready: (page: Page) => Promise<void>;
}

const SHOTS: readonly Shot[] = [
  {
    name: 'account-history',
    path: (info) => `/accounts/${info.samples.senders[0]!.address}/activity`,
    ready: async (page) => void (await page.locator('.activity-apt[data-amount]').first().waitFor()),
  },
  {
    name: 'account-tokens',
    path: (_info, owner) => `/accounts/${owner}/tokens`,
    ready: async (page) =>
      void (await page.getByRole('table', { name: 'Tokens' }).locator('tbody tr').first().waitFor()),
  },
  {
    name: 'asset-page',
    path: () => '/assets/0x1::aptos_coin::AptosCoin',
    ready: async (page) =>
      void (await page.getByRole('table', { name: 'Recent activities' }).locator('tbody tr').first().waitFor()),
  },
];

const SIZES = [
  { suffix: '', viewport: { width: 1280, height: 800 } },
  { suffix: '-800', viewport: { width: 800, height: 600 } },
] as const;

describe('account history pages: screenshots and axe', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let info: SnapshotInfo;
  let owner: string;
  beforeAll(async () => {
    info = fixtureInfo();
    // A token owner, from the indexer.
    const response = await fetch(`${session.explorer.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ current_token_ownerships_v2(where: {amount: {_gt: "0"}}, limit: 1) { owner_address } }`,
      }),
    });
    const body = (await response.json()) as { data: { current_token_ownerships_v2: { owner_address: string }[] } };
    owner = body.data.current_token_ownerships_v2[0]!.owner_address;
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      it(`${colorScheme} at ${size.viewport.width}×${size.viewport.height}`, async () => {
        const { page, context, errors } = await newPage(session.browser, { colorScheme, viewport: size.viewport });
        for (const shot of SHOTS) {
          await page.goto(`${session.explorer.url}${shot.path(info, owner)}`);
          await shot.ready(page);
          expect(await seriousViolations(page), shot.name).toEqual([]);
          await saveScreenshot(page, `${shot.name}-${colorScheme}${size.suffix}`);
        }
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
