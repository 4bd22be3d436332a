/**
 * The views that need a ledger version when the latest cannot be read: instead of waiting forever
 * ("Loading…"), they show the ledger's error record with a retry, and come back once `GET /v1`
 * answers again; a pinned version needs no latest and is read as usual, and can be pinned from the
 * time-travel row the gate points to. A remote node's status bar then does not claim "healthy".
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { ledgerQuery } from '../../../renderer/api/queries/ledger-queries.ts';
import { interceptFetch, serviceFixture } from '../support/service-fetch.ts';
import { jsonResponse, localnetSource } from '../support/remote-source.ts';

const DOWN_MESSAGE = 'Node http://node.test/v1 is unavailable: connection refused';
/** A remote source whose last health check (before the node stopped) said healthy. */
const REMOTE_SOURCE = { ...localnetSource(), url: 'http://node.test/v1' };

/**
 * Renders the app over the `main` fixture whose `GET /v1` answers 503 while `down.value` is true
 * (with `remote`, `GET /explorer/v1/source` names a remote node last checked healthy). While
 * `held.value` is true a `GET /v1` waits until its function in `held.release` is called.
 */
function renderWithLedgerDown(path: string, remote = false, initiallyDown = true) {
  const base = serviceFixture('main');
  const down = { value: initiallyDown };
  const held = { value: false, release: [] as (() => void)[] };
  interceptFetch(base, async (url, forward) => {
    if (held.value && url.pathname === '/v1') await new Promise<void>((resolve) => held.release.push(resolve));
    if (down.value && url.pathname === '/v1')
      return jsonResponse({ message: DOWN_MESSAGE, error_code: 'internal_error', vm_error_code: null }, 503);
    if (remote && url.pathname === '/explorer/v1/source') return jsonResponse(REMOTE_SOURCE);
    return forward();
  });
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  render(<App queryClient={queryClient} />);
  return { user, down, held, base, queryClient };
}

describe('ledger version gate', () => {
  it('shows the ledger error with a retry instead of an unpinned view, the view once the ledger answers', async () => {
    const { user, down } = renderWithLedgerDown('/accounts/0x1/modules');
    const gate = await screen.findByRole('region', { name: 'Ledger unavailable' });
    const alert = within(gate).getByRole('alert');
    expect(alert.textContent).toContain(DOWN_MESSAGE);
    expect(alert.textContent).toContain('internal_error');
    expect(screen.queryByText('Loading modules…')).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Account/ })).toBeNull();
    down.value = false;
    await user.click(within(gate).getByRole('button', { name: 'Retry' }));
    await screen.findByText(/^\d+ of \d+ modules$/);
    expect(screen.queryByRole('region', { name: 'Ledger unavailable' })).toBeNull();
  });

  it('keeps the error, the version field and the typed text up while the failed ledger is refreshed', async () => {
    const { user, down, held, queryClient } = renderWithLedgerDown('/accounts/0x1/modules');
    const gate = await screen.findByRole('region', { name: 'Ledger unavailable' });
    const alert = within(gate).getByRole('alert');
    const travel = screen.getByRole('group', { name: 'Time travel' });
    const field = within(travel).getByRole<HTMLInputElement>('spinbutton', { name: 'Ledger version' });
    const pin = within(travel).getByRole('button', { name: 'Pin' });
    await user.type(field, '12');
    held.value = true;
    // Two refreshes of the failed ledger, each held in flight: TanStack Query reports "pending" then.
    for (let round = 0; round < 2; round += 1) {
      const refresh = queryClient.refetchQueries({ queryKey: ledgerQuery().queryKey });
      await waitFor(() => expect(held.release.length).toBeGreaterThan(0));
      await within(gate).findByText('Retrying…');
      expect(within(travel).getByText('retrying…')).toBeTruthy();
      expect(alert.isConnected).toBe(true);
      expect(alert.textContent).toContain(DOWN_MESSAGE);
      expect(field.isConnected).toBe(true);
      expect(field.value).toBe('12');
      expect(pin.isConnected).toBe(true);
      expect(screen.queryByText('Ledger version …')).toBeNull();
      expect(within(screen.getByRole('contentinfo', { name: 'Status' })).getByText(/Ledger unavailable/)).toBeTruthy();
      for (const release of held.release.splice(0)) release();
      await act(() => refresh);
      await waitFor(() => expect(within(gate).queryByText('Retrying…')).toBeNull());
      expect(alert.isConnected).toBe(true);
    }
    down.value = false;
    held.value = false;
    await act(() => queryClient.refetchQueries({ queryKey: ledgerQuery().queryKey }));
    await screen.findByText(/^\d+ of \d+ modules$/);
    expect(screen.queryByRole('region', { name: 'Ledger unavailable' })).toBeNull();
    expect(within(screen.getByRole('contentinfo', { name: 'Status' })).queryByText(/Ledger unavailable/)).toBeNull();
  });

  it('lets a pinned view read at its version without the latest', async () => {
    const { base } = renderWithLedgerDown('/accounts/0x1/modules');
    await screen.findByRole('region', { name: 'Ledger unavailable' });
    window.history.pushState(null, '', `/accounts/0x1/modules?ledger_version=${base.info.latestVersion}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await screen.findByText(/^\d+ of \d+ modules$/);
    expect(screen.queryByRole('region', { name: 'Ledger unavailable' })).toBeNull();
  });

  it('says where to pin, and pins a version typed in the time-travel row while the latest is unreadable', async () => {
    const { user, base } = renderWithLedgerDown('/accounts/0x1/modules');
    const gate = await screen.findByRole('region', { name: 'Ledger unavailable' });
    const travel = screen.getByRole('group', { name: 'Time travel' });
    expect(gate.textContent).toContain('“As of” field above and press Pin');
    expect(within(travel).getByText('As of')).toBeTruthy();
    const pin = within(travel).getByRole('button', { name: 'Pin' });
    expect((pin as HTMLButtonElement).disabled).toBe(true);
    await user.type(
      within(travel).getByRole('spinbutton', { name: 'Ledger version' }),
      String(base.info.latestVersion),
    );
    await user.click(pin);
    await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${base.info.latestVersion}`));
    await screen.findByText(/^\d+ of \d+ modules$/);
    expect(screen.queryByRole('region', { name: 'Ledger unavailable' })).toBeNull();
    expect(within(travel).getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('does not show a remote node as healthy while its ledger cannot be read', async () => {
    renderWithLedgerDown('/gas', true);
    const bar = screen.getByRole('contentinfo', { name: 'Status' });
    await within(bar).findByText('localnet');
    await within(bar).findByText(/Ledger unavailable/);
    const health = within(bar).getByText(/healthy/);
    expect(health.textContent).toBe(`● unhealthy: ${DOWN_MESSAGE}`);
  });

  it('says the ledger is unavailable when a node that answered stops, also while it is refreshed', async () => {
    const { down, held, queryClient } = renderWithLedgerDown('/gas', true, false);
    const bar = screen.getByRole('contentinfo', { name: 'Status' });
    await within(bar).findByText('Latest version');
    down.value = true;
    await act(() => queryClient.refetchQueries({ queryKey: ledgerQuery().queryKey }));
    await within(bar).findByText(/Ledger unavailable/);
    held.value = true;
    const refresh = queryClient.refetchQueries({ queryKey: ledgerQuery().queryKey });
    await waitFor(() => expect(held.release.length).toBeGreaterThan(0));
    await within(screen.getByRole('group', { name: 'Time travel' })).findByText('retrying…');
    expect(within(bar).getByText(/Ledger unavailable/)).toBeTruthy();
    expect(within(bar).getByText(/healthy/).textContent).toBe(`● unhealthy: ${DOWN_MESSAGE}`);
    for (const release of held.release.splice(0)) release();
    await act(() => refresh);
    expect(within(bar).getByText(/Ledger unavailable/)).toBeTruthy();
  });
});
