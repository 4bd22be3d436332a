/**
 * An asset's page in a real Chromium against `serve` on the main fixture, reached as users reach it: from a balance
 * change in the Activity list. Every value is the API's: name, symbol and decimals from `/v1/graphql`'s metadata,
 * the holders in the indexer's order with amounts equal to the node API's balance of each primary store's owner.
 */
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../renderer/lib/format-amount.ts';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { graphqlAt } from './support/graphql-reader.ts';

interface Metadata {
  readonly asset_type: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}
interface Holder {
  readonly owner_address: string;
  readonly amount: number | string;
  readonly is_primary: boolean;
}

describe('asset page journey', () => {
  const session = useExplorerSession({ fixture: 'main' });
  const graphql = <T>(query: string, variables: object, version: string): Promise<T> =>
    graphqlAt<T>(session.explorer.url, query, variables, version);

  const JOURNEY =
    'a fungible asset opened from an Activity change: its metadata, holders and activities as the API says';
  it(JOURNEY, async () => {
    const latest = ((await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string })
      .ledger_version;
    // A fungible asset other than APT, and an account whose balance of it changed (the newest such activity).
    const { fungible_asset_activities: moves } = await graphql<{
      fungible_asset_activities: { owner_address: string; asset_type: string; transaction_version: number }[];
    }>(
      `{ fungible_asset_activities(where: {token_standard: {_eq: "v2"}, is_gas_fee: {_eq: false},
        asset_type: {_neq: "0x${'0'.repeat(63)}a"}, owner_address: {_is_null: false}},
        order_by: {transaction_version: desc}, limit: 1) { owner_address asset_type transaction_version } }`,
      {},
      latest,
    );
    const move = moves[0]!;
    const { fungible_asset_metadata: metadata } = await graphql<{ fungible_asset_metadata: Metadata[] }>(
      `
        query M($t: String!) {
          fungible_asset_metadata(where: { asset_type: { _eq: $t } }) {
            asset_type
            name
            symbol
            decimals
          }
        }
      `,
      { t: move.asset_type },
      latest,
    );
    const asset = metadata[0]!;
    const { current_fungible_asset_balances: holders } = await graphql<{ current_fungible_asset_balances: Holder[] }>(
      `
        query H($t: [String!]!) {
          current_fungible_asset_balances(
            where: { asset_type: { _in: $t }, amount: { _gt: "0" } }
            order_by: [{ amount: desc }, { storage_id: asc }]
            limit: 25
          ) {
            owner_address
            amount
            is_primary
          }
        }
      `,
      { t: [move.asset_type] },
      latest,
    );
    expect(holders.length).toBeGreaterThan(0);

    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/accounts/${move.owner_address}/activity?ledger_version=${latest}`);
    const change = page
      .getByRole('table', { name: 'Activity' })
      .locator(`[data-version="${move.transaction_version}"] [data-asset="${move.asset_type}"]`);
    await change.click();
    await page.waitForURL(/\/assets\/0x/);
    await page.getByRole('heading', { name: new RegExp(`${asset.name} \\(${asset.symbol}\\)`) }).waitFor();
    expect(await page.locator('[data-decimals]').first().textContent()).toBe(String(asset.decimals));
    const rows = page.getByRole('table', { name: 'Holders' }).locator('tbody tr');
    await rows.first().waitFor();
    const shown = await rows.evaluateAll((trs) => trs.map((tr) => [tr.dataset.owner, tr.dataset.amount]));
    expect(shown).toEqual(holders.map((holder) => [holder.owner_address, String(holder.amount)]));
    // The node API agrees with the indexer on a primary store's balance.
    const primary = holders.find((holder) => holder.is_primary)!;
    const bcs = await fetch(
      `${session.explorer.url}/v1/accounts/${primary.owner_address}/balance/${asset.asset_type}` +
        `?ledger_version=${latest}`,
      { headers: { accept: 'application/x-bcs' } },
    );
    expect(new DataView(await bcs.arrayBuffer()).getBigUint64(0, true)).toBe(BigInt(primary.amount));
    await page.getByRole('table', { name: 'Recent activities' }).locator('tbody tr').first().waitFor();
    await saveScreenshot(page, 'asset-page-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('APT, a coin paired with a fungible asset: the supply is coin::supply, the fungible part labelled', async () => {
    const latest = ((await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string })
      .ledger_version;
    const view = await fetch(`${session.explorer.url}/v1/view?ledger_version=${latest}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        function: '0x1::coin::supply',
        type_arguments: ['0x1::aptos_coin::AptosCoin'],
        arguments: [],
      }),
    });
    const [supply] = (await view.json()) as [{ vec: string[] }];
    const total = supply.vec[0]!;
    const { page, context, errors } = await newPage(session.browser);
    await page.goto(`${session.explorer.url}/assets/0x1::aptos_coin::AptosCoin?ledger_version=${latest}`);
    const shown = page.locator('[data-supply]');
    await shown.waitFor();
    expect(await shown.getAttribute('data-supply')).toBe(total);
    expect(await shown.textContent()).toContain(`${formatUnits(total, 8)} APT`);
    // The fungible-asset row of the pair says it is a part, not the total.
    const fungible = page.getByRole('definition').filter({ hasText: 'the part held as a fungible asset' });
    expect(await fungible.count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
