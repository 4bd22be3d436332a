/**
 * The token page and an asset's balance over versions at 1280×800 and 800×600 in both themes: each drawn once its
 * data is in, with no critical, serious or moderate axe violation and no console error, and saved as a screenshot
 * (`LEDGER_EXPLORER_SCREENSHOTS=docs/screenshots` writes the README's pictures). The token and the account come from
 * the indexer (the token transferred last; the newest owner of a fungible asset other than APT).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';

interface Shot {
  readonly name: string;
  readonly path: () => string;
  readonly ready: (page: Page) => Promise<void>;
}

const SIZES = [
  { suffix: '', viewport: { width: 1280, height: 800 } },
  { suffix: '-800', viewport: { width: 800, height: 600 } },
] as const;

describe('token page and per-asset balance chart: screenshots and axe', () => {
  const session = useExplorerSession({ fixture: 'main' });
  let token: string;
  let holder: { owner: string; asset: string };
  const graphql = async <T>(query: string): Promise<T> => {
    const response = await fetch(`${session.explorer.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return ((await response.json()) as { data: T }).data;
  };
  beforeAll(async () => {
    const tokens = await graphql<{ token_activities_v2: { token_data_id: string }[] }>(`
      {
        token_activities_v2(
          where: { type: { _eq: "0x1::object::Transfer" } }
          order_by: { transaction_version: desc }
          limit: 1
        ) {
          token_data_id
        }
      }
    `);
    token = tokens.token_activities_v2[0]!.token_data_id;
    const moves = await graphql<{ fungible_asset_activities: { owner_address: string; asset_type: string }[] }>(
      `{ fungible_asset_activities(where: {token_standard: {_eq: "v2"}, is_gas_fee: {_eq: false},
        asset_type: {_neq: "0x${'0'.repeat(63)}a"}, owner_address: {_is_null: false}},
        order_by: {transaction_version: desc}, limit: 1) { owner_address asset_type } }`,
    );
    const move = moves.fungible_asset_activities[0]!;
    holder = { owner: move.owner_address, asset: move.asset_type };
  });

  const shots: readonly Shot[] = [
    {
      name: 'token-page',
      path: () => `/tokens/${token}`,
      ready: async (page) => {
        await page.getByRole('table', { name: 'Owner history' }).locator('tbody tr').first().waitFor();
        await page.getByRole('table', { name: 'Token activities' }).locator('tbody tr').first().waitFor();
      },
    },
    {
      name: 'account-balance-asset',
      path: () => `/accounts/${holder.owner}/activity?balance=${holder.asset}`,
      ready: async (page) => {
        await page.locator('.balance-chart canvas').first().waitFor();
        await page.locator('.asset-points tbody tr').first().waitFor();
        await page.locator('.balance-history').scrollIntoViewIfNeeded();
      },
    },
  ];

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      it(`${colorScheme} at ${size.viewport.width}×${size.viewport.height}`, async () => {
        const { page, context, errors } = await newPage(session.browser, { colorScheme, viewport: size.viewport });
        for (const shot of shots) {
          await page.goto(`${session.explorer.url}${shot.path()}`);
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
