/**
 * The resources tab over the real read service: rows, filter, expansion to the JSON tree, page size
 * and cursor paging, and event-handle links. Expected values come from the API itself.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { LedgerInfoJson, MoveResourceJson } from '../../../renderer/api/types.ts';

async function latest(): Promise<string> {
  return (await requestJson<LedgerInfoJson>('/v1')).body.ledger_version;
}

function rowTypes(): string[] {
  const table = screen.getByRole('table', { name: 'Resources' });
  return within(table)
    .getAllByRole('button', { name: /^(Expand|Collapse) / })
    .map((button) => (button.getAttribute('aria-label') ?? '').replace(/^(Expand|Collapse) /, ''));
}

describe('resources tab', () => {
  it('lists the account resources the API returns, in its order', async () => {
    renderApp('/accounts/0x1');
    const version = await latest();
    const expected = (
      await requestJson<MoveResourceJson[]>('/v1/accounts/0x1/resources', {
        query: { ledger_version: version, limit: 100 },
      })
    ).body.map((r) => r.type);
    await screen.findByRole('table', { name: 'Resources' });
    const shown = rowTypes();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(expected.slice(0, shown.length));
    expect(
      await screen.findByText(new RegExp(`^${expected.length} resources loaded in 1 page · all loaded`)),
    ).toBeTruthy();
  });

  it('narrows the rows by type text and expands a row to its JSON tree', async () => {
    const { user } = renderApp('/accounts/0x1');
    await screen.findByRole('table', { name: 'Resources' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by type' }), 'chain_id');
    await waitFor(() => expect(rowTypes()).toEqual(['0x1::chain_id::ChainId']));
    expect(screen.getByText(/^1 of \d+ match “chain_id”$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand 0x1::chain_id::ChainId' }));
    const tree = await screen.findByRole('group', { name: 'JSON data' });
    const resource = (await requestJson<MoveResourceJson>('/v1/accounts/0x1/resource/0x1::chain_id::ChainId')).body;
    const id = (resource.data as { id: number }).id;
    expect(within(tree).getByText(String(id))).toBeTruthy();
  });

  it('expands a row clicked anywhere on it and collapses it from its button', async () => {
    const { user } = renderApp('/accounts/0x1');
    await screen.findByRole('table', { name: 'Resources' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by type' }), 'chain_id');
    await waitFor(() => expect(rowTypes()).toEqual(['0x1::chain_id::ChainId']));
    await user.click(screen.getByText('0x1::chain_id::ChainId'));
    const tree = await screen.findByRole('group', { name: 'JSON data' });
    // The opened value sits in a row of its own (a row group holds only rows: axe's aria-required-children).
    expect(tree.closest('[role="cell"]')?.parentElement?.getAttribute('role')).toBe('row');
    await user.click(screen.getByRole('button', { name: 'Collapse 0x1::chain_id::ChainId' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'JSON data' })).toBeNull());
  });

  it('says in one line that no resource matches a filter, instead of an empty table', async () => {
    const { user } = renderApp('/accounts/0x1');
    const types = (
      await requestJson<MoveResourceJson[]>('/v1/accounts/0x1/resources', {
        query: { ledger_version: await latest(), limit: 100 },
      })
    ).body.map((r) => r.type);
    const filter = 'no_such_module::Nothing';
    expect(types.some((type) => type.toLowerCase().includes(filter.toLowerCase()))).toBe(false);
    await screen.findByRole('table', { name: 'Resources' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by type' }), filter);
    expect(await screen.findByText(`No resources match “${filter}” (0 of ${types.length}).`)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Resources' })).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Filter by type' }));
    await waitFor(() => expect(rowTypes().length).toBeGreaterThan(0));
  });

  it('pages the 10,000-resource account with the chosen page size through X-Aptos-Cursor', async () => {
    const large = serviceFixture('main').info.samples.largeAccounts[0];
    expect(large).toBeDefined();
    expect(Number(large!.resources)).toBeGreaterThanOrEqual(10_000);
    const { user, fixture } = renderApp(`/accounts/${large!.address}`);
    const page = await requestJson<MoveResourceJson[]>(`/v1/accounts/${large!.address}/resources`, {
      query: { ledger_version: await latest(), limit: 25 },
    });
    expect(page.cursor).toBeDefined();
    await screen.findByText(/100 resources loaded in 1 page · more available/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '25');
    await screen.findByText(/25 resources loaded in 1 page · more available/);
    expect(rowTypes()[0]).toBe(page.body[0]!.type);
    fixture.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Load next page' }));
    await screen.findByText(/50 resources loaded in 2 pages · more available/);
    expect(
      fixture.requests.some(
        (request) =>
          request.includes(`/resources?`) && request.includes(`start=${page.cursor}`) && request.includes('limit=25'),
      ),
    ).toBe(true);
  });

  it('links an event handle inside a resource to its events page', async () => {
    const sender = serviceFixture('main').info.samples.senders[0]!.address;
    const { user } = renderApp(`/accounts/${sender}`);
    const type = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';
    const store = (await requestJson<MoveResourceJson>(`/v1/accounts/${sender}/resource/${type}`)).body;
    const deposit = store.data.deposit_events as {
      counter: string;
      guid: { id: { creation_num: string; addr: string } };
    };
    await user.click(await screen.findByRole('button', { name: `Expand ${type}` }));
    const link = await screen.findByRole('link', { name: `events (${deposit.counter})` });
    expect(link.getAttribute('href')).toMatch(
      new RegExp(`^/accounts/${deposit.guid.id.addr}/events/${deposit.guid.id.creation_num}(\\?|$)`),
    );
  });
});
