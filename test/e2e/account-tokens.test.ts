/**
 * The Tokens tab and a developer's journey in a real Chromium against `serve` on the main fixture: the tokens an
 * account owns as of the pin, as `/v1/graphql` lists them (names, collections, amounts, URIs as text, no image
 * loaded), then the token's collection opened in one click (its object's page, whose owner `/v1` confirms).
 */
import { describe, expect, it } from 'vitest';
import { newPage, saveScreenshot, useExplorerSession } from './support/e2e-harness.ts';
import { seriousViolations } from './support/axe.ts';

interface Ownership {
  readonly owner_address: string;
  readonly token_data_id: string;
  readonly amount: number | string;
  readonly current_token_data: { token_name: string; token_uri: string; collection_id: string };
}

describe('tokens journey', () => {
  const session = useExplorerSession({ fixture: 'main' });

  it('a developer sees the tokens an account owns and opens a token collection in one click', async () => {
    const latest = ((await (await fetch(`${session.explorer.url}/v1`)).json()) as { ledger_version: string })
      .ledger_version;
    const graphql = async <T>(query: string, variables: object): Promise<T> => {
      const response = await fetch(`${session.explorer.url}/v1/graphql?ledger_version=${latest}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return ((await response.json()) as { data: T }).data;
    };
    const {
      current_token_ownerships_v2: [some],
    } = await graphql<{ current_token_ownerships_v2: Ownership[] }>(
      `
        {
          current_token_ownerships_v2(
            where: { amount: { _gt: "0" } }
            order_by: { last_transaction_version: desc }
            limit: 1
          ) {
            owner_address
            token_data_id
            amount
            current_token_data {
              token_name
              token_uri
              collection_id
            }
          }
        }
      `,
      {},
    );
    expect(some).toBeDefined();
    const owner = some!.owner_address;
    const { current_token_ownerships_v2: owned } = await graphql<{ current_token_ownerships_v2: Ownership[] }>(
      `
        query O($o: String!) {
          current_token_ownerships_v2(
            where: { owner_address: { _eq: $o }, amount: { _gt: "0" } }
            order_by: [{ last_transaction_version: desc }, { token_data_id: asc }]
            limit: 200
          ) {
            owner_address
            token_data_id
            amount
            current_token_data {
              token_name
              token_uri
              collection_id
            }
          }
        }
      `,
      { o: owner },
    );

    const { page, context, errors } = await newPage(session.browser);
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    await page.goto(`${session.explorer.url}/accounts/${owner}/tokens?ledger_version=${latest}`);
    const table = page.getByRole('table', { name: 'Tokens' });
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.dataset.token, tr.children[0]?.textContent, tr.children[4]?.textContent]),
    );
    expect(shown).toEqual(
      owned.map((row) => [
        row.token_data_id,
        row.current_token_data.token_name,
        row.current_token_data.token_uri === '' ? '—' : row.current_token_data.token_uri,
      ]),
    );
    expect(images).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-tokens-light');

    expect(errors).toEqual([]);
    const first = owned[0]!;
    const collection = first.current_token_data.collection_id;
    const short = `0x${collection.slice(2).replace(/^0+/, '')}`;
    await rows.first().getByRole('link', { name: short }).click();
    await page.waitForURL(new RegExp(`/accounts/${short}(\\?|$)`));
    await page.getByRole('heading', { name: /^Object / }).waitFor();
    const core = await fetch(`${session.explorer.url}/v1/accounts/${short}/resource/0x1::object::ObjectCore`);
    expect(core.status).toBe(200);
    // A collection is an object, not an account: its page's account read is the node's 404, which Chromium logs.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await context.close();
  });
});
