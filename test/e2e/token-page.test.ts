/**
 * A token's page in a real Chromium against `serve` on the main fixture, reached as a developer reaches it: the
 * owner's Tokens tab, the token's name, then its collection. Every value is the API's: the data, collection and
 * holders from `/v1/graphql` as of the pin, each holding of the owner history confirmed by the node API (the token
 * object's `ObjectCore` owner at the holding's first and last version, `/v1`), the activities equal to
 * `token_activities_v2` newest first and never past the pin; the page pinned mid-history ends there.
 */
import { describe, expect, it } from 'vitest';
import { formatAddressLong, normalizeAddress, parseAddress } from '../../shared/address.ts';
import { newPage, useExplorerSession } from './support/e2e-harness.ts';
import { graphqlAt } from './support/graphql-reader.ts';

interface TokenData {
  readonly token_data_id: string;
  readonly token_name: string;
  readonly description: string;
  readonly token_uri: string;
  readonly supply: number | string | null;
  readonly maximum: number | string | null;
  readonly current_collection: { collection_id: string; collection_name: string; creator_address: string };
}
interface Activity {
  readonly transaction_version: number;
  readonly event_index: number;
  readonly type: string;
  readonly from_address: string | null;
  readonly to_address: string | null;
}

describe('token page journeys', () => {
  const session = useExplorerSession({ fixture: 'main' });
  const graphql = <T>(query: string, variables: object, version: string | number): Promise<T> =>
    graphqlAt<T>(session.explorer.url, query, variables, version);
  /** The token object's owner at `version`, from the node API (`ObjectCore`), long form. */
  const ownerAt = async (token: string, version: string): Promise<string> => {
    const response = await fetch(
      `${session.explorer.url}/v1/accounts/${token}/resource/0x1::object::ObjectCore?ledger_version=${version}`,
    );
    expect(response.status).toBe(200);
    const core = (await response.json()) as { data: { owner: string } };
    return formatAddressLong(parseAddress(core.data.owner));
  };
  const activitiesOf = async (token: string, at: string): Promise<Activity[]> =>
    (
      await graphql<{ token_activities_v2: Activity[] }>(
        `
          query A($t: String!) {
            token_activities_v2(
              where: { token_data_id: { _eq: $t } }
              order_by: [{ transaction_version: desc }, { event_index: desc }]
              limit: 25
            ) {
              transaction_version
              event_index
              type
              from_address
              to_address
            }
          }
        `,
        { t: token },
        at,
      )
    ).token_activities_v2;

  const DEVELOPER =
    'a developer opens a token from the Tokens tab, reads its owner history and activities, then its collection';
  it(DEVELOPER, async () => {
    const latest = ((await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string })
      .ledger_version;
    // The token transferred most recently, and who holds it as of the latest version.
    const {
      token_activities_v2: [newest],
    } = await graphql<{ token_activities_v2: { token_data_id: string }[] }>(
      `
        {
          token_activities_v2(
            where: { type: { _eq: "0x1::object::Transfer" } }
            order_by: { transaction_version: desc }
            limit: 1
          ) {
            token_data_id
          }
        }
      `,
      {},
      latest,
    );
    const id = newest!.token_data_id;
    const { current_token_datas_v2: datas, current_token_ownerships_v2: holders } = await graphql<{
      current_token_datas_v2: TokenData[];
      current_token_ownerships_v2: { owner_address: string }[];
    }>(
      `
        query T($t: String!) {
          current_token_datas_v2(where: { token_data_id: { _eq: $t } }) {
            token_data_id
            token_name
            description
            token_uri
            supply
            maximum
            current_collection {
              collection_id
              collection_name
              creator_address
            }
          }
          current_token_ownerships_v2(where: { token_data_id: { _eq: $t }, amount: { _gt: "0" } }) {
            owner_address
          }
        }
      `,
      { t: id },
      latest,
    );
    const token = datas[0]!;
    const owner = holders[0]!.owner_address;
    expect(holders).toHaveLength(1);
    const activities = await activitiesOf(id, latest);
    expect(activities.length).toBeGreaterThan(1);

    const { page, context, errors } = await newPage(session.browser);
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    await page.goto(`${session.explorer.url}/accounts/${owner}/tokens?ledger_version=${latest}`);
    const row = page.getByRole('table', { name: 'Tokens' }).locator(`tr[data-token="${id}"]`);
    await row.getByRole('link', { name: token.token_name, exact: true }).click();
    const short = normalizeAddress(id);
    await page.waitForURL(new RegExp(`/tokens/${short}\\?ledger_version=${latest}$`));
    await page.getByRole('heading', { level: 1, name: new RegExp(`^Token ${token.token_name} `) }).waitFor();

    // Its data and collection, as the indexer says.
    const field = (name: string) => page.locator(`[data-field="${name}"]`).first().textContent();
    expect(await field('name')).toBe(token.token_name);
    expect(await field('description')).toBe(token.description || '—');
    expect(await field('uri')).toBe(token.token_uri || '—');
    expect(await field('supply')).toBe(token.supply === null ? 'not set' : String(token.supply));
    expect(await field('maximum')).toBe(token.maximum === null ? 'not set' : String(token.maximum));
    expect(await field('collection-name')).toBe(token.current_collection.collection_name);
    // The collection's supply digit for digit as the wire sends it (a u64::MAX maximum is beyond 2^53).
    const wire = await (
      await fetch(`${session.explorer.url}/v1/graphql?ledger_version=${latest}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query C($c: String!) { current_collections_v2(where: {collection_id: {_eq: $c}})
            { current_supply max_supply } }`,
          variables: { c: token.current_collection.collection_id },
        }),
      })
    ).text();
    const [, current, maximum] = /"current_supply":(\d+),"max_supply":(\d+|null)/.exec(wire)!;
    expect(await field('collection-supply')).toBe(`${current} of ${maximum === 'null' ? 'unlimited' : maximum}`);
    expect(await page.locator('[data-holders]').getAttribute('data-holders')).toBe(owner);
    expect(images).toEqual([]);

    // The owner history: each holding's owner is the token object's owner (node API) at its first version and just
    // before its last; the newest is still held at the pin, by the indexer's holder.
    const history = page.getByRole('table', { name: 'Owner history' }).locator('tbody tr');
    await history.first().waitFor();
    const holdings = await history.evaluateAll((trs) =>
      trs.map((tr) => ({ owner: tr.dataset.owner!, from: tr.dataset.from!, until: tr.dataset.until! })),
    );
    const moves = activities.filter((activity) => !/Mutation/.test(activity.type));
    expect(holdings).toHaveLength(moves.length);
    expect(holdings[0]!.owner).toBe(owner);
    expect(holdings[0]!.until).toBe('');
    expect(holdings.at(-1)!.from).toBe(String(moves.at(-1)!.transaction_version));
    for (const [index, holding] of holdings.entries()) {
      expect(holding.from).toBe(String(moves[index]!.transaction_version));
      expect(await ownerAt(id, holding.from)).toBe(holding.owner);
      const last = holding.until === '' ? latest : String(BigInt(holding.until) - 1n);
      expect(await ownerAt(id, last)).toBe(holding.owner);
      if (holding.until !== '') expect(await ownerAt(id, holding.until)).not.toBe(holding.owner);
    }

    // The activities: token_activities_v2 newest first.
    const shown = page.getByRole('table', { name: 'Token activities' }).locator('tbody tr');
    await shown.first().waitFor();
    expect(
      await shown.evaluateAll((trs) => trs.map((tr) => [Number(tr.dataset.version), Number(tr.dataset.event)])),
    ).toEqual(activities.map((activity) => [activity.transaction_version, activity.event_index]));

    // Its collection, one click away: the collection object's page, which /v1 knows as an object.
    const collection = normalizeAddress(token.current_collection.collection_id);
    await page.getByRole('region', { name: 'Collection' }).getByRole('link', { name: collection, exact: true }).click();
    await page.waitForURL(new RegExp(`/accounts/${collection}\\?ledger_version=${latest}$`));
    await page.getByRole('heading', { name: /^Object / }).waitFor();
    const core = await fetch(`${session.explorer.url}/v1/accounts/${collection}/resource/0x1::object::ObjectCore`);
    expect(core.status).toBe(200);
    // A collection is an object, not an account: its page's account read is the node's 404, which Chromium logs.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await context.close();
  });

  it('pinned mid-history, the token page ends at the pin; the token object page and search lead to it', async () => {
    const latest = ((await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string })
      .ledger_version;
    const {
      token_activities_v2: [newest],
    } = await graphql<{ token_activities_v2: { token_data_id: string }[] }>(
      `
        {
          token_activities_v2(
            where: { type: { _eq: "0x1::object::Transfer" } }
            order_by: { transaction_version: desc }
            limit: 1
          ) {
            token_data_id
          }
        }
      `,
      {},
      latest,
    );
    const id = newest!.token_data_id;
    const all = await activitiesOf(id, latest);
    // Pinned just before the second newest activity: that one and the newest are past the pin.
    const pin = String(all[1]!.transaction_version - 1);
    const before = await activitiesOf(id, pin);
    expect(before.length).toBe(all.length - 2);
    const holder = await ownerAt(id, pin);
    const short = normalizeAddress(id);

    const { page, context, errors } = await newPage(session.browser);
    // The token object's own page says it is a token and links to the token page, keeping the pin.
    await page.goto(`${session.explorer.url}/accounts/${short}?ledger_version=${pin}`);
    await page.getByRole('heading', { name: /^Object / }).waitFor();
    const name = (
      await graphql<{ current_token_datas_v2: { token_name: string }[] }>(
        `
          query N($t: String!) {
            current_token_datas_v2(where: { token_data_id: { _eq: $t } }) {
              token_name
            }
          }
        `,
        { t: id },
        pin,
      )
    ).current_token_datas_v2[0]!.token_name;
    await page.locator('.account-facts').getByRole('link', { name, exact: true }).click();
    await page.waitForURL(new RegExp(`/tokens/${short}\\?ledger_version=${pin}$`));
    const history = page.getByRole('table', { name: 'Owner history' }).locator('tbody tr');
    await history.first().waitFor();
    expect(await history.first().getAttribute('data-owner')).toBe(holder);
    expect(await history.first().getAttribute('data-until')).toBe('');
    const shown = page.getByRole('table', { name: 'Token activities' }).locator('tbody tr');
    await shown.first().waitFor();
    expect(await shown.evaluateAll((trs) => trs.map((tr) => Number(tr.dataset.version)))).toEqual(
      before.map((activity) => activity.transaction_version),
    );

    // Search: the pasted address is offered as a token first; Enter opens its page.
    await page.goto(`${session.explorer.url}/?ledger_version=${pin}`);
    const box = page.getByRole('combobox', { name: /search/i });
    await box.fill(id);
    const option = page.getByRole('option').first();
    await option.waitFor();
    expect(await option.textContent()).toMatch(/^Token /);
    await box.press('Enter');
    await page.waitForURL(new RegExp(`/tokens/${short}\\?ledger_version=${pin}$`));
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await context.close();
  });
});
