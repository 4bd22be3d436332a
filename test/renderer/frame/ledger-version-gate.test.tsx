/**
 * The views that need a ledger version when the latest cannot be read: instead of waiting forever
 * ("Loading…"), they show the ledger's error record with a retry, and come back once `GET /v1`
 * answers again; a pinned version needs no latest and is read as usual.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { errorReply } from '../../../electron/service/responses.ts';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** Renders the app over the `main` fixture whose `GET /v1` answers 503 while `down.value` is true. */
function renderWithLedgerDown(path: string) {
  const base = serviceFixture('main');
  const down = { value: true };
  const serve: typeof base.service.serve = (request) =>
    down.value && request.url.pathname === '/v1'
      ? Promise.resolve(errorReply(503, 'internal_error', 'Node http://node.test/v1 is unavailable: connection refused', undefined))
      : base.service.serve(request);
  const service = Object.assign((request: Request) => base.service(request), base.service, { serve });
  restore = routeFetchInto({ ...base, service });
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(<App queryClient={createQueryClient()} />);
  return { user, down, base };
}

describe('ledger version gate', () => {
  it('shows the ledger error with a retry in place of an unpinned view, and the view once the ledger answers', async () => {
    const { user, down } = renderWithLedgerDown('/accounts/0x1/modules');
    const gate = await screen.findByRole('region', { name: 'Ledger unavailable' });
    const alert = within(gate).getByRole('alert');
    expect(alert.textContent).toContain('Node http://node.test/v1 is unavailable: connection refused');
    expect(alert.textContent).toContain('internal_error');
    expect(screen.queryByText('Loading modules…')).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Account/ })).toBeNull();
    down.value = false;
    await user.click(within(gate).getByRole('button', { name: 'Retry' }));
    await screen.findByText(/^\d+ of \d+ modules$/);
    expect(screen.queryByRole('region', { name: 'Ledger unavailable' })).toBeNull();
  });

  it('lets a pinned view read at its version without the latest', async () => {
    const { base } = renderWithLedgerDown('/accounts/0x1/modules');
    await screen.findByRole('region', { name: 'Ledger unavailable' });
    window.history.pushState(null, '', `/accounts/0x1/modules?ledger_version=${base.info.latestVersion}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await screen.findByText(/^\d+ of \d+ modules$/);
    expect(screen.queryByRole('region', { name: 'Ledger unavailable' })).toBeNull();
  });
});
