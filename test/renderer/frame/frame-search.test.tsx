/**
 * The header's search box over the real read service: `/` focuses it; an address, a version, a transaction
 * hash, a block and a fungible asset resolve through `/explorer/v1/search` and navigate (account page; pinned
 * version; transaction and block pages; the metadata object's page); results are
 * offered to pick (mouse or arrows + Enter); unknown text says nothing was found.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';

const search = (): HTMLInputElement => screen.getByRole('combobox', { name: 'Search' });

describe('search box', () => {
  it('is focused by "/" from anywhere outside text fields, and "/" is typed normally inside one', async () => {
    const { user } = renderApp('/', { fixture: 'small' });
    await screen.findByRole('region', { name: /^Accounts/ });
    expect(document.activeElement).not.toBe(search());
    await user.keyboard('/');
    expect(document.activeElement).toBe(search());
    await user.keyboard('0x1/');
    expect(search().value).toBe('0x1/');
  });

  it('resolves an address (any accepted form) and opens its account page in the short form', async () => {
    const { accounts } = await apiJson<{ accounts: string[] }>('/explorer/v1/accounts?limit=5');
    const address = accounts[accounts.length - 1]!;
    const long = `0x${address.slice(2).padStart(64, '0')}`;
    const { user } = renderApp('/', { fixture: 'small' });
    await user.click(search());
    await user.type(search(), `${long}{Enter}`);
    await waitFor(() => expect(window.location.pathname).toBe(`/accounts/${address}`));
    expect(search().value).toBe('');
  });

  it('resolves a version and pins time travel there, on the current path', async () => {
    const ledger = await apiJson<LedgerJson>('/v1');
    const version = ((BigInt(ledger.oldest_ledger_version) + BigInt(ledger.ledger_version)) / 2n).toString();
    const found = await apiJson<{ results: { kind: string }[] }>(`/explorer/v1/search?q=${version}`);
    const { user } = renderApp('/gas', { fixture: 'small' });
    await user.click(search());
    await user.type(search(), version);
    const options = await screen.findByRole('listbox', { name: 'Search results' });
    const labels = within(options)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // A version is offered twice: its transaction first, then pinning there.
    expect(labels).toHaveLength(found.results.length + 1);
    expect(labels[0]).toMatch(new RegExp(`^Transaction at version ${version}`));
    const versionOption = within(options).getByRole('option', { name: new RegExp(`^Version ${version}`) });
    fireEvent.mouseDown(versionOption);
    await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${version}`));
    expect(window.location.pathname).toBe('/gas');
  });

  it("resolves addr::module to the account's modules, chosen with the arrow keys and Enter", async () => {
    const found = await apiJson<{ results: { kind: string; exists?: boolean }[] }>('/explorer/v1/search?q=0x1::coin');
    expect(found.results).toEqual([{ kind: 'module', address: '0x1', name: 'coin', exists: true }]);
    const { user } = renderApp('/?ledger_version=' + (await apiJson<LedgerJson>('/v1')).ledger_version, {
      fixture: 'small',
    });
    const pinned = window.location.search;
    await user.click(search());
    await user.type(search(), '0x1::coin');
    const option = await screen.findByRole('option', { name: /^Module 0x1::coin/ });
    await user.keyboard('{ArrowDown}');
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(search().getAttribute('aria-activedescendant')).toBe(option.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/0x1/modules'));
    expect(window.location.search).toBe(pinned);
  });

  it('resolves a transaction hash to its transaction page by version, and "block N" to the block page', async () => {
    const [txn] = await apiJson<{ hash: string; version: string }[]>('/v1/transactions?limit=1');
    const { user } = renderApp('/gas', { fixture: 'small' });
    await user.click(search());
    await user.type(search(), `${txn!.hash}{Enter}`);
    await waitFor(() => expect(window.location.pathname).toBe(`/txn/${txn!.version}`));
    const { blocks } = await apiJson<{ blocks: { height: string }[] }>('/explorer/v1/blocks?limit=1');
    const height = blocks[0]!.height;
    await user.type(search(), `block ${height}`);
    const option = await screen.findByRole('option', { name: new RegExp(`^Block ${height}`) });
    expect(within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole('option')).toEqual([option]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe(`/blocks/${height}`));
  });

  it("offers an object and its fungible asset (symbol, decimals), both open the metadata object's page", async () => {
    const found = await apiJson<{ results: { kind: string; symbol?: string; decimals?: number }[] }>(
      '/explorer/v1/search?q=0xa',
    );
    const asset = found.results.find((result) => result.kind === 'fungible_asset');
    expect(asset).toBeDefined();
    expect(found.results.map((result) => result.kind)).toContain('object');
    const { user } = renderApp('/', { fixture: 'small' });
    await user.click(search());
    await user.type(search(), '0x0a');
    const option = await screen.findByRole('option', { name: new RegExp(`^Fungible asset ${asset!.symbol}`) });
    expect(option.textContent).toContain(`${asset!.decimals} decimals`);
    await screen.findByRole('option', { name: /^Object 0xa/ });
    fireEvent.mouseDown(option);
    await waitFor(() => expect(window.location.pathname).toBe('/assets/0xa'));
  });

  it('says when nothing matches', async () => {
    const { user } = renderApp('/', { fixture: 'small' });
    await user.click(search());
    await user.type(search(), 'no-such-thing{Enter}');
    expect((await screen.findByText(/Nothing found for/)).textContent).toContain('no-such-thing');
    expect(window.location.pathname).toBe('/');
  });

  it('Enter on punctuation or a version beyond the latest says nothing was found, typed fast or not', async () => {
    const ledger = await apiJson<LedgerJson>('/v1');
    const beyond = (BigInt(ledger.ledger_version) * 1000n + 7n).toString();
    for (const query of ['garbage!!', beyond]) {
      const found = await apiJson<{ results: unknown[] }>(`/explorer/v1/search?q=${encodeURIComponent(query)}`);
      expect(found.results).toEqual([]);
    }
    const { user } = renderApp('/gas', { fixture: 'small' });
    for (const query of ['garbage!!', beyond]) {
      await user.clear(search());
      await user.type(search(), `${query}{Enter}`);
      expect((await screen.findByText(/Nothing found for/)).textContent).toContain(query);
      // Enter again once the answer is there (the popup closed meanwhile): the note comes back.
      await user.keyboard('{Escape}');
      expect(screen.queryByText(/Nothing found for/)).toBeNull();
      await user.keyboard('{Enter}');
      expect((await screen.findByText(/Nothing found for/)).textContent).toContain(query);
      expect(window.location.pathname).toBe('/gas');
    }
  });
});
