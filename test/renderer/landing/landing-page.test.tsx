/**
 * The landing page over the real read service: accounts (paged, and as of a pinned version),
 * busiest event streams and tables as the API answers them, and an API error as the error record.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';

describe('landing page', () => {
  it('lists the accounts of the API page by page, the busiest event streams and the tables', async () => {
    const first = await apiJson<{ accounts: string[]; next: string | null }>('/explorer/v1/accounts?limit=50', 'main');
    expect(first.next).not.toBeNull();
    const second = await apiJson<{ accounts: string[] }>(`/explorer/v1/accounts?limit=50&after=${first.next}`, 'main');
    const { streams } = await apiJson<{ streams: { address: string; creation_number: string; count: number }[] }>(
      '/explorer/v1/event-streams?limit=10',
      'main',
    );
    const { tables } = await apiJson<{ tables: { handle: string }[] }>('/explorer/v1/tables?limit=20', 'main');
    const { user } = renderApp('/', { fixture: 'main' });
    const accounts = await screen.findByRole('region', { name: /^Accounts/ });
    await within(accounts).findByRole('link', { name: first.accounts[0]! });
    expect(within(accounts).getAllByRole('listitem')).toHaveLength(first.accounts.length);
    await user.click(within(accounts).getByRole('button', { name: 'Load more accounts' }));
    await within(accounts).findByRole('link', { name: second.accounts[0]! });
    expect(within(accounts).getAllByRole('listitem')).toHaveLength(first.accounts.length + second.accounts.length);

    const busiest = streams[0];
    expect(busiest).toBeDefined();
    const streamsCard = screen.getByRole('region', { name: 'Busiest event streams' });
    const link = await within(streamsCard).findByRole('link', {
      name: `Events of ${busiest!.address} stream ${busiest!.creation_number}`,
    });
    expect(link.getAttribute('href')).toBe(`/accounts/${busiest!.address}/events/${busiest!.creation_number}`);
    expect(within(streamsCard).getAllByRole('row')).toHaveLength(streams.length + 1);

    const tablesCard = screen.getByRole('region', { name: 'Tables' });
    for (const table of tables)
      expect((await within(tablesCard).findByRole('link', { name: table.handle })).getAttribute('href')).toBe(
        `/tables/${table.handle}`,
      );
  });

  it('lists the accounts that exist at the pinned version, and links keep the pin', async () => {
    const oldest = (await apiJson<LedgerJson>('/v1')).oldest_ledger_version;
    const then = await apiJson<{ accounts: string[] }>(`/explorer/v1/accounts?limit=50&ledger_version=${oldest}`);
    renderApp(`/?ledger_version=${oldest}`, { fixture: 'small' });
    const accounts = await screen.findByRole('region', { name: `Accounts at version ${oldest}` });
    const link = await within(accounts).findByRole('link', { name: then.accounts[0]! });
    expect(link.getAttribute('href')).toBe(`/accounts/${then.accounts[0]}?ledger_version=${oldest}`);
    expect(within(accounts).getAllByRole('listitem')).toHaveLength(then.accounts.length);
  });

  it('shows the error record (message and error_code) when the pinned version is not yet in the ledger', async () => {
    const latest = (await apiJson<LedgerJson>('/v1')).ledger_version;
    const beyond = (BigInt(latest) + 5n).toString();
    renderApp(`/?ledger_version=${beyond}`, { fixture: 'small' });
    const accounts = await screen.findByRole('region', { name: `Accounts at version ${beyond}` });
    const alert = await within(accounts).findByRole('alert');
    expect(alert.textContent).toContain(`Ledger version(${beyond}) not found`);
    expect(within(alert).getByText('version_not_found')).toBeTruthy();
    expect(alert.textContent).toContain('HTTP 404');
  });
});
