/**
 * The landing over a remote node that is down: the proxy still describes the source, but `GET /v1`
 * and the `/explorer/v1` probe answer 503. The page must show the node's error record with a Retry,
 * never "Checking what the node serves…" for ever, and come back once the node answers again.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { ledgerQuery } from '../../../renderer/api/queries/ledger-queries.ts';
import { interceptFetch, serviceFixture } from '../support/service-fetch.ts';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';
import { jsonResponse, localnetSource } from '../support/remote-source.ts';

const DOWN_MESSAGE = 'Node http://127.0.0.1:8080/v1 is unavailable: connection refused';
const REMOTE_SOURCE = localnetSource(DOWN_MESSAGE);

/**
 * Routes fetch like the remote proxy over a node that is down while `down.value` is true (no explorer
 * API when up). While `held.value` is true a `GET /v1` waits until its function in `held.release` is called.
 */
function renderNodeDown(path: string) {
  const down = { value: true };
  const held = { value: false, release: [] as (() => void)[] };
  interceptFetch(serviceFixture('small'), async (url, forward) => {
    if (url.pathname === '/explorer/v1/source') return jsonResponse(REMOTE_SOURCE);
    if (held.value && url.pathname === '/v1') await new Promise<void>((resolve) => held.release.push(resolve));
    if (down.value)
      return jsonResponse({ message: DOWN_MESSAGE, error_code: 'internal_error', vm_error_code: null }, 503);
    if (url.pathname.startsWith('/explorer/v1/'))
      return jsonResponse({ message: 'not found', error_code: 'web_framework_error', vm_error_code: null }, 404);
    return forward();
  });
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  render(<App queryClient={queryClient} />);
  return { user, down, held, queryClient };
}

describe('landing over a remote node that is down', () => {
  it('shows the error record, Retry while the latest is unreadable, the remote landing once it answers', async () => {
    const { user, down } = renderNodeDown('/');
    const region = await screen.findByRole('region', { name: 'Source unavailable' });
    const alert = within(region).getByRole('alert');
    expect(alert.textContent).toContain(DOWN_MESSAGE);
    expect(alert.textContent).toContain('HTTP 503');
    expect(screen.queryByText('Checking what the node serves…')).toBeNull();
    down.value = false;
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('region', { name: 'Connected to localnet' })).textContent).toContain(
      'not available remotely',
    );
    expect(screen.queryByRole('region', { name: 'Source unavailable' })).toBeNull();
  });

  it('keeps the error record up while a failed ledger is refreshed, not "Checking what the node serves…"', async () => {
    const { down, held, queryClient } = renderNodeDown('/');
    const region = await screen.findByRole('region', { name: 'Source unavailable' });
    const alert = within(region).getByRole('alert');
    held.value = true;
    for (let round = 0; round < 2; round += 1) {
      const refresh = queryClient.refetchQueries({ queryKey: ledgerQuery().queryKey });
      await waitFor(() => expect(held.release.length).toBeGreaterThan(0));
      await within(screen.getByRole('group', { name: 'Time travel' })).findByText('retrying…');
      expect(alert.isConnected).toBe(true);
      expect(alert.textContent).toContain(DOWN_MESSAGE);
      expect(screen.queryByText('Checking what the node serves…')).toBeNull();
      for (const release of held.release.splice(0)) release();
      await act(() => refresh);
    }
    down.value = false;
    held.value = false;
    await act(() => queryClient.refetchQueries({ queryKey: ledgerQuery().queryKey }));
    await screen.findByRole('region', { name: 'Connected to localnet' });
    expect(screen.queryByRole('region', { name: 'Source unavailable' })).toBeNull();
  });

  it('shows the failed probe (503, not the explorer 404) with Retry at a pinned version', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'small');
    const { user, down } = renderNodeDown(`/?ledger_version=${ledger.ledger_version}`);
    const region = await screen.findByRole('region', { name: 'Source unavailable' });
    expect(within(region).getByRole('alert').textContent).toContain(DOWN_MESSAGE);
    expect(screen.queryByRole('region', { name: /^Accounts/ })).toBeNull();
    down.value = false;
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('region', { name: 'Connected to localnet' });
  });
});
