/**
 * The balance over versions of any asset an account held, in a real Chromium against `serve` on the main fixture:
 * opened by its URL (`?balance=` names the asset), the choice lists exactly the assets the indexer saw the account
 * hold, each point's balance equals the node API's balance at that point's version (`/v1/accounts/{a}/balance`,
 * BCS), the newest point is the pin's balance, each point links its transaction; the choice changes by keyboard and
 * the table follows it; a theme switch paints the chart again in the new theme's colours.
 */
import { describe, expect, it } from 'vitest';
import { newPage, useExplorerSession } from './support/e2e-harness.ts';
import { graphqlAt } from './support/graphql-reader.ts';
import { canvasPixels } from './support/canvas-pixels.ts';

/** The chart's line colour (`--accent`) in each theme, as base.css defines it. */
const ACCENT = { light: [0x0b, 0x5c, 0xd5], dark: [0x58, 0xa6, 0xff] } as const;

const APT = '0x1::aptos_coin::AptosCoin';
const APT_FA = `0x${'0'.repeat(63)}a`;

describe('balance over versions per asset', () => {
  const session = useExplorerSession({ fixture: 'main' });
  const graphql = <T>(query: string, variables: object, version: string): Promise<T> =>
    graphqlAt<T>(session.explorer.url, query, variables, version);
  const balance = async (address: string, asset: string, version: string): Promise<string> => {
    const response = await fetch(
      `${session.explorer.url}/v1/accounts/${address}/balance/${asset}?ledger_version=${version}`,
      { headers: { accept: 'application/x-bcs' } },
    );
    expect(response.status).toBe(200);
    return new DataView(await response.arrayBuffer()).getBigUint64(0, true).toString();
  };

  const JOURNEY =
    'a fungible asset chosen in the URL: every point is the node API balance at its version; keyboard switches to APT';
  it(JOURNEY, async () => {
    const latest = ((await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string })
      .ledger_version;
    // An account whose balance of a fungible asset other than APT changed more than once (the newest such owner).
    const { fungible_asset_activities: moves } = await graphql<{
      fungible_asset_activities: { owner_address: string; asset_type: string }[];
    }>(
      `{ fungible_asset_activities(where: {token_standard: {_eq: "v2"}, is_gas_fee: {_eq: false},
        asset_type: {_neq: "${APT_FA}"}, owner_address: {_is_null: false}},
        order_by: {transaction_version: desc}, limit: 100) { owner_address asset_type } }`,
      {},
      latest,
    );
    const counts = new Map<string, number>();
    for (const move of moves) {
      const key = `${move.owner_address} ${move.asset_type}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const [owner, asset] = [...counts].find(([, count]) => count > 1)![0].split(' ') as [string, string];
    // What it held: every asset type of its activities, with the metadata's symbol and decimals.
    const { fungible_asset_activities: held } = await graphql<{
      fungible_asset_activities: { asset_type: string; metadata: { symbol: string; decimals: number } | null }[];
    }>(
      `
        query H($a: String!) {
          fungible_asset_activities(
            where: { _or: [{ owner_address: { _eq: $a } }, { gas_fee_payer_address: { _eq: $a } }] }
            distinct_on: asset_type
            order_by: { asset_type: asc }
            limit: 100
          ) {
            asset_type
            metadata {
              symbol
              decimals
            }
          }
        }
      `,
      { a: owner },
      latest,
    );
    const expectedChoices = new Set(held.map((row) => (row.asset_type === APT_FA ? APT : row.asset_type)));
    const symbol = held.find((row) => row.asset_type === asset)!.metadata!.symbol;

    const { page, context, errors } = await newPage(session.browser, { colorScheme: 'light' });
    await page.goto(`${session.explorer.url}/accounts/${owner}/activity?ledger_version=${latest}&balance=${asset}`);
    const choice = page.getByRole('combobox', { name: 'Asset', exact: true });
    await choice.waitFor();
    expect(await choice.inputValue()).toBe(asset);
    const options = await choice
      .locator('option')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(new Set(options)).toEqual(expectedChoices);
    expect(options.length).toBe(expectedChoices.size);

    const table = page.getByRole('table', { name: `${symbol} balance over versions` });
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    const points = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.dataset.version!, tr.dataset.balance!] as const),
    );
    expect(points.length).toBeGreaterThan(1);
    expect(BigInt(points.at(-1)![0])).toBeLessThanOrEqual(BigInt(latest));
    expect(points.at(-1)![1]).toBe(await balance(owner, asset, latest));
    for (const [version, after] of points) {
      expect(after).toBe(await balance(owner, asset, version));
      // The balance changed at that version: it was something else just before.
      expect(await balance(owner, asset, String(BigInt(version) - 1n))).not.toBe(after);
    }
    expect(
      await rows
        .last()
        .getByRole('link', { name: `Open transaction ${points.at(-1)![0]}` })
        .count(),
    ).toBe(1);
    await page.locator('.balance-chart canvas').first().waitFor();
    // The line is drawn in the light theme's accent; after a switch to dark, in dark's (and no light pixel is left).
    const line = (): Promise<{ light: number; dark: number }> => canvasPixels(page, '.balance-chart canvas', ACCENT);
    const light = await line();
    expect(light.light).toBeGreaterThan(20);
    expect(light.dark).toBe(0);
    await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
    await expect.poll(async () => (await line()).dark, { timeout: 5_000 }).toBeGreaterThan(20);
    expect((await line()).light).toBe(0);

    // Keyboard: APT is the first choice; the URL and the table follow.
    await choice.focus();
    await page.keyboard.press('Home');
    await page.waitForURL(/balance=0x1(%3A%3A|::)aptos_coin(%3A%3A|::)AptosCoin/);
    const apt = page.getByRole('table', { name: 'APT balance over versions' }).locator('tbody tr');
    await apt.first().waitFor();
    const aptPoints = await apt.evaluateAll((trs) =>
      trs.map((tr) => [tr.dataset.version!, tr.dataset.balance!] as const),
    );
    expect(aptPoints.at(-1)![1]).toBe(await balance(owner, APT, latest));
    for (const [version, after] of aptPoints.slice(-5)) expect(after).toBe(await balance(owner, APT, version));
    expect(errors).toEqual([]);
    await context.close();
  });
});
