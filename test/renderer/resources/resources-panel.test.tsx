/**
 * The resources tab over the real read service: rows, filter, expansion to the JSON tree, page size
 * and cursor paging, "Load all" (the rest at the node's page size; a failed page; leaving stops it),
 * and event-handle links. Expected values come from the API itself.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import { resourcesQuery } from '../../../renderer/api/queries/account-queries.ts';
import type { LedgerInfoJson, MoveResourceJson } from '../../../renderer/api/types.ts';

async function latest(): Promise<string> {
  return (await requestJson<LedgerInfoJson>('/v1')).body.ledger_version;
}

/** The pages "Load all" should read after a first page of `first`: at 9999 each; their count and all rows. */
async function pagesAfterFirst(address: string, first: number): Promise<{ total: number; more: number }> {
  const ledger_version = await latest();
  let page = await requestJson<MoveResourceJson[]>(`/v1/accounts/${address}/resources`, {
    query: { ledger_version, limit: first },
  });
  let total = page.body.length;
  let more = 0;
  while (page.cursor !== undefined) {
    page = await requestJson<MoveResourceJson[]>(`/v1/accounts/${address}/resources`, {
      query: { ledger_version, limit: 9999, start: page.cursor },
    });
    total += page.body.length;
    more += 1;
  }
  return { total, more };
}

/** Wraps the test's fetch: `answer` may answer a request itself (or hold it) before the service does. */
function wrapFetch(answer: (href: string) => Promise<Response | undefined>): void {
  const through = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return (await answer(href)) ?? through(input, init);
  };
}

const resourceReads = (requests: readonly string[], address: string): string[] =>
  requests.filter((request) => request.startsWith(`GET /v1/accounts/${address}/resources?`));

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

  it('"Load all" reads the pages after the first 100 at the node page size (9999), until all are loaded', async () => {
    const large = serviceFixture('main').info.samples.largeAccounts[0]!.address;
    const { user, fixture } = renderApp(`/accounts/${large}`);
    await screen.findByText(/^100 resources loaded in 1 page · more available/);
    const expected = await pagesAfterFirst(large, 100);
    expect(expected.total).toBeGreaterThanOrEqual(10_000);
    fixture.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Load all' }));
    const pages = expected.more + 1;
    await screen.findByText(
      new RegExp(`^${expected.total.toLocaleString('en-US')} resources loaded in ${pages} pages · all loaded`),
    );
    const reads = resourceReads(fixture.requests, large);
    expect(reads).toHaveLength(expected.more);
    for (const read of reads) expect(read).toMatch(/[?&]limit=9999(&|$)/);
    expect(screen.getByRole('button', { name: 'Load all' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Load next page' })).toHaveProperty('disabled', true);
  });

  it('"Load all" stops at a failed page with its error and Retry, which goes on from there', async () => {
    const large = serviceFixture('main').info.samples.largeAccounts[0]!.address;
    const { user, fixture } = renderApp(`/accounts/${large}`);
    await screen.findByText(/^100 resources loaded in 1 page · more available/);
    const expected = await pagesAfterFirst(large, 100);
    let failures = 0;
    wrapFetch(async (href) => {
      if (!href.includes('limit=9999') || failures > 0) return undefined;
      failures += 1;
      const record = { message: 'node unreachable', error_code: 'internal_error', vm_error_code: null };
      return new Response(JSON.stringify(record), { status: 503, headers: { 'content-type': 'application/json' } });
    });
    await user.click(screen.getByRole('button', { name: 'Load all' }));
    expect((await screen.findByRole('alert')).textContent).toContain('node unreachable');
    await screen.findByText(/^100 resources loaded in 1 page · more available/);
    fixture.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(
      new RegExp(
        `^${expected.total.toLocaleString('en-US')} resources loaded in ${expected.more + 1} pages · all loaded`,
      ),
    );
    expect(resourceReads(fixture.requests, large)).toHaveLength(expected.more);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Load all" stops when the tab shows another account: no page is read or kept after that', async () => {
    const large = serviceFixture('main').info.samples.largeAccounts[0]!.address;
    const { user, fixture, queryClient } = renderApp(`/accounts/${large}`);
    await screen.findByText(/^100 resources loaded in 1 page · more available/);
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    wrapFetch(async (href) => {
      if (href.includes('limit=9999')) {
        held += 1;
        await released;
      }
      return undefined;
    });
    fixture.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Load all' }));
    await waitFor(() => expect(held).toBe(1));
    window.history.pushState(null, '', '/accounts/0x1');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await screen.findByText(/resources loaded in 1 page · all loaded/);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toBe(1);
    expect(resourceReads(fixture.requests, large)).toEqual([]);
    const listing = queryClient.getQueryData(resourcesQuery(large, await latest(), 100).queryKey);
    expect(listing?.pages).toHaveLength(1);
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
