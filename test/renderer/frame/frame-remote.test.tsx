/**
 * The frame over a remote node: its API has no `/explorer/v1` listings or search (404
 * `web_framework_error`), `GET /explorer/v1/source` names the node (our remote proxy answers it),
 * and a node serves `GET /v1/blocks/by_version/{v}`. The node is stood in for at the fetch boundary
 * by the real read service with those differences; the UI must degrade: the landing explains what is
 * not available, search resolves what the node API answers (addresses, objects, fungible assets, versions,
 * blocks, transaction hashes) by direct lookups.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { interceptFetch, serviceFixture, type ServiceFixture } from '../support/service-fetch.ts';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';
import { jsonResponse, localnetSource } from '../support/remote-source.ts';

const REMOTE_SOURCE = localnetSource();

/** Routes fetch like a node behind the proxy would answer. */
function routeLikeRemoteNode(fixture: ServiceFixture, explorer: boolean): void {
  interceptFetch(fixture, (url, forward) => {
    if (url.pathname === '/explorer/v1/source') return jsonResponse(REMOTE_SOURCE);
    if (url.pathname.startsWith('/explorer/v1/') && !explorer)
      return jsonResponse({ message: 'not found', error_code: 'web_framework_error', vm_error_code: null }, 404);
    const byVersion = /^\/v1\/blocks\/by_version\/(\d+)$/.exec(url.pathname);
    if (byVersion) {
      const ledger = fixture.store.ledgerInfo();
      const version = BigInt(byVersion[1]!);
      if (version > ledger.ledgerVersion)
        return jsonResponse(
          { message: `Ledger version(${version}) not found`, error_code: 'version_not_found', vm_error_code: null },
          404,
        );
      const block = version < ledger.oldestLedgerVersion ? undefined : fixture.store.blockOfVersion(version);
      if (!block)
        return jsonResponse(
          { message: `Ledger version(${version}) has been pruned`, error_code: 'version_pruned', vm_error_code: null },
          410,
        );
      return jsonResponse({
        block_height: String(block.height),
        block_hash: '0x0',
        block_timestamp: String(block.timestampUsec),
        first_version: String(block.firstVersion),
        last_version: String(block.lastVersion),
      });
    }
    return forward();
  });
}

function renderRemote(path: string, explorer = false) {
  routeLikeRemoteNode(serviceFixture('small'), explorer);
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(<App queryClient={createQueryClient()} />);
  return user;
}

describe('remote node source', () => {
  it('names the node and its health in the status bar, and the landing explains what is not available', async () => {
    renderRemote('/');
    const bar = screen.getByRole('contentinfo', { name: 'Status' });
    await within(bar).findByText('localnet');
    expect(within(bar).getByText('http://127.0.0.1:8080/v1')).toBeTruthy();
    expect(within(bar).getByText(/healthy/).textContent).toBe('● healthy');
    const landing = await screen.findByRole('region', { name: 'Connected to localnet' });
    expect(landing.textContent).toContain('not available remotely');
  });

  it('lists accounts as usual when the node serves the explorer API (another ledger-explorer serve)', async () => {
    const { accounts } = await apiJson<{ accounts: string[] }>('/explorer/v1/accounts?limit=50');
    renderRemote('/', true);
    const list = await screen.findByRole('region', { name: /^Accounts/ });
    await within(list).findByRole('link', { name: accounts[0]! });
    expect(screen.queryByRole('region', { name: 'Connected to localnet' })).toBeNull();
  });

  it('opens an account from the landing address box, and refuses a non-address in one line', async () => {
    const user = renderRemote('/');
    const box = await screen.findByRole('textbox', { name: 'Account address' });
    await user.type(box, 'zz{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Not an address');
    await user.clear(box);
    await user.type(box, '0x0001{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/0x1'));
  });

  it('search resolves an address and a version by direct lookups', async () => {
    const ledger = await apiJson<LedgerJson>('/v1');
    const user = renderRemote('/');
    const search = screen.getByRole('combobox', { name: 'Search' });
    await user.type(search, '0x1{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/accounts/0x1'));
    // The new page's heading takes the focus once rendered (use-route-focus.ts): type only after that.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    // Digits are a version, a height when that block exists, and an address: an account only where one is, as this
    // chain has no default accounts (GET /v1/accounts/0x… answers 404 account_not_found).
    const heightExists = BigInt(ledger.oldest_ledger_version) <= BigInt(ledger.block_height);
    await user.type(search, ledger.oldest_ledger_version);
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.querySelector('.search-option-label')?.textContent),
    ).toEqual([
      `Transaction at version ${ledger.oldest_ledger_version}`,
      `Version ${ledger.oldest_ledger_version}`,
      ...(heightExists ? [`Block ${ledger.oldest_ledger_version}`] : []),
    ]);
    fireEvent.mouseDown(within(listbox).getByRole('option', { name: /^Version/ }));
    await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${ledger.oldest_ledger_version}`));
    await user.type(search, 'not-an-address');
    expect((await screen.findByText(/Nothing found for/)).textContent).toContain(
      'a node resolves only versions, blocks, transaction hashes and addresses',
    );
  });

  it('search resolves a transaction hash, a block height and a fungible asset by direct lookups', async () => {
    const [txn] = await apiJson<{ hash: string; version: string }[]>('/v1/transactions?limit=1');
    const ledger = await apiJson<LedgerJson>('/v1');
    const metadata = await apiJson<{ data: { symbol: string } }>(
      '/v1/accounts/0xa/resource/0x1::fungible_asset::Metadata',
    );
    const user = renderRemote('/');
    const search = screen.getByRole('combobox', { name: 'Search' });
    // A hash is also an address, but no account on a chain without default accounts: the transaction alone.
    await user.type(search, txn!.hash);
    // The list settles when the debounced search of the whole text and its lookups have answered; a loaded machine
    // may first show the answers for a prefix typed so far, so the expected list is waited for, not read once.
    const found = await screen.findByRole('listbox', { name: 'Search results' });
    await waitFor(() =>
      expect(
        within(found)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([expect.stringMatching(/^Transaction 0x/)]),
    );
    fireEvent.mouseDown(within(found).getByRole('option', { name: /^Transaction 0x/ }));
    await waitFor(() => expect(window.location.pathname).toBe(`/txn/${txn!.version}`));
    await user.type(search, `block ${ledger.block_height}{Enter}`);
    await waitFor(() => expect(window.location.pathname).toBe(`/blocks/${ledger.block_height}`));
    // Typed once the block's page has drawn and the box is empty again, not while that navigation is still settling.
    await screen.findByRole('heading', { name: `Block ${ledger.block_height}` });
    await waitFor(() => expect((search as HTMLInputElement).value).toBe(''));
    await user.type(search, '0xa');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.querySelector('.search-option-label')?.textContent),
      ).toEqual(['Object 0xa', `Fungible asset ${metadata.data.symbol}`]),
    );
    fireEvent.mouseDown(within(listbox).getByRole('option', { name: /^Fungible asset/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/assets/0xa'));
  });

  it('time travel shows the block of the chosen version from the node API', async () => {
    const ledger = await apiJson<LedgerJson>('/v1');
    const block = serviceFixture('small').store.blockOfVersion(BigInt(ledger.oldest_ledger_version));
    renderRemote(`/?ledger_version=${ledger.oldest_ledger_version}`);
    const control = await screen.findByRole('group', { name: 'Time travel' });
    expect(await within(control).findByText(String(block?.height))).toBeTruthy();
  });
});
