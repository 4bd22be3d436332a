/**
 * Ways into and around the account view over the real read service: a table's owning-resource link
 * opens that resource in the resources tab, the Compare tab opens at the pinned version, table
 * handles are normalised in the URL, and errors inside a line carry their error code.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { requestJson, ApiRequestError } from '../../../renderer/api/client.ts';
import type { TableInfoJson } from '../../../renderer/api/types.ts';
import { normalizeAddress, formatAddressLong, parseAddress } from '../../../shared/address.ts';

interface TableSample {
  readonly handle: string;
}

/** A table whose owner resource the source knows. */
async function ownedTable(): Promise<{
  readonly handle: string;
  readonly owner: NonNullable<TableInfoJson['owner']>;
  readonly resource: string;
}> {
  for (const sample of serviceFixture('main').info.samples.tables as readonly TableSample[]) {
    const info = await withApi(() => requestJson<TableInfoJson>(`/explorer/v1/tables/${sample.handle}`));
    const owner = info.body.owner;
    if (owner?.resource) return { handle: sample.handle, owner, resource: owner.resource };
  }
  throw new Error('no table sample with a known owning resource');
}

describe('account links', () => {
  it("a table's owning-resource link opens the resources tab filtered to that resource, expanded", async () => {
    const table = await ownedTable();
    const { user } = renderApp(`/tables/${table.handle}`);
    await user.click(await screen.findByRole('link', { name: table.resource }));
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/accounts/${normalizeAddress(table.owner.address)}/resources`),
    );
    const toggle = await screen.findByRole('button', { name: `Collapse ${table.resource}` });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByRole('searchbox', { name: /Filter by type/ }) as HTMLInputElement).value).toBe(table.resource);
    // Only the owning resource (and types containing its name) is listed; others are filtered out.
    const toggles = [...screen.getByRole('table', { name: 'Resources' }).querySelectorAll('.resources-toggle')];
    expect(toggles.length).toBeGreaterThan(0);
    for (const toggle of toggles) expect(toggle.getAttribute('aria-label')).toContain(table.resource);
  });

  it('keeps the pinned version on the owning-resource link (query before the hash)', async () => {
    const table = await ownedTable();
    const pin = String(serviceFixture('main').info.oldestVersion);
    const { user } = renderApp(`/tables/${table.handle}?ledger_version=${pin}`);
    await user.click(await screen.findByRole('link', { name: table.resource }));
    await waitFor(() =>
      expect(window.location.pathname).toBe(`/accounts/${normalizeAddress(table.owner.address)}/resources`),
    );
    expect(window.location.search).toBe(`?ledger_version=${pin}`);
    expect(decodeURIComponent(window.location.hash.slice(1))).toBe(table.resource);
    expect(
      (await screen.findByRole('button', { name: `Collapse ${table.resource}` })).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.getByText('As of version').nextElementSibling?.textContent).toBe(pin);
  });

  it('offers a Compare tab that keeps the pinned version as the "to" version', async () => {
    const info = serviceFixture('main').info;
    const sender = info.samples.senders[0]!.address;
    const pin = String(info.oldestVersion);
    const { user } = renderApp(`/accounts/${sender}?ledger_version=${pin}`);
    const tabs = await screen.findByRole('navigation', { name: 'Account sections' });
    await user.click(within(tabs).getByRole('link', { name: 'Compare' }));
    expect(window.location.pathname).toBe(`/accounts/${sender}/compare`);
    expect(new URLSearchParams(window.location.search).get('to')).toBe(pin);
    // The tab's view is loaded on demand (a transition): the bar marks it once the view is there.
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'Compare' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(((await screen.findByRole('textbox', { name: 'To version' })) as HTMLInputElement).value).toBe(pin);
  });

  it('replaces a long or upper-case table handle in the URL by its short form', async () => {
    const table = await ownedTable();
    const long = formatAddressLong(parseAddress(table.handle)).toUpperCase().replace(/^0X/, '0x');
    expect(long).not.toBe(table.handle);
    renderApp(`/tables/${long}?ledger_version=${serviceFixture('main').info.oldestVersion}`);
    await waitFor(() => expect(window.location.pathname).toBe(`/tables/${normalizeAddress(table.handle)}`));
    expect(window.location.search).toBe(`?ledger_version=${serviceFixture('main').info.oldestVersion}`);
    expect((await screen.findByRole('combobox', { name: 'Key type' })) as HTMLInputElement).toBeTruthy();
  });

  it('says when a table route is not a handle', async () => {
    renderApp('/tables/not-a-handle');
    expect((await screen.findByText(/is not a table handle/)).textContent).toContain('not-a-handle');
  });

  it("shows the account header's error inline with its error code and status", async () => {
    const info = serviceFixture('main').info;
    const sender = info.samples.senders[0]!.address;
    const pruned = BigInt(info.oldestVersion) - 1n;
    expect(pruned >= 0n).toBe(true);
    const expected = await withApi(() =>
      requestJson(`/v1/accounts/${sender}`, { query: { ledger_version: pruned } }).catch((error: unknown) => error),
    );
    expect(expected).toBeInstanceOf(ApiRequestError);
    const error = expected as ApiRequestError;
    renderApp(`/accounts/${sender}?ledger_version=${pruned}`);
    const alert = await screen.findByText(/^Account facts unavailable/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(error.message);
    expect(alert.textContent).toContain(error.errorCode);
    expect(alert.textContent).toContain(`HTTP ${error.status}`);
  });
});
