/**
 * What the screen shows while another version loads, and when an error offers Retry, over the real
 * read service. Answers for the new version are held back at the fetch boundary (a gate), so the
 * in-between state is observed deterministically: never the old version's rows under the new
 * version's label (resources say which version they are; other lists show loading), never another
 * account's rows. Retry appears only where asking again can change the answer.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { interceptFetch, serviceFixture } from '../support/service-fetch.ts';
import { jsonResponse } from '../support/remote-source.ts';

/** Holds back every request whose URL contains `marker` until `open()`; returns the controls. */
function gateRequests(marker: string) {
  const through = globalThis.fetch;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (href.includes(marker)) {
      held += 1;
      await opened;
    }
    return through(input, init);
  };
  return { open, held: () => held };
}

function navigate(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('changing the version', () => {
  it('labels the previous version’s resources with their version while the pinned version loads', async () => {
    const fixture = serviceFixture('main');
    const sender = fixture.info.samples.senders[0]!.address;
    renderApp(`/accounts/${sender}`);
    const latest = fixture.info.latestVersion;
    await screen.findByRole('table', { name: 'Resources' });
    const pin = (BigInt(fixture.info.oldestVersion) + 10n).toString();
    const gate = gateRequests(`ledger_version=${pin}`);
    navigate(`/accounts/${sender}?ledger_version=${pin}`);
    await waitFor(() => expect(gate.held()).toBeGreaterThan(0));
    // The rows kept on screen say which version they are, and paging waits for the new version.
    const label = await screen.findByText(`Showing version ${latest} while version ${pin} loads…`);
    expect(label.getAttribute('role')).toBe('status');
    expect(screen.getByRole('table', { name: 'Resources' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load all' })).toHaveProperty('disabled', true);
    gate.open();
    await waitFor(() => expect(screen.queryByText(/^Showing version /)).toBeNull());
    expect(screen.getByRole('table', { name: 'Resources' })).toBeTruthy();
    expect(
      fixture.requests.some((request) =>
        request.startsWith(`GET /v1/accounts/${sender}/resources?ledger_version=${pin}`),
      ),
    ).toBe(true);
  });

  it('never keeps another account’s resources on screen', async () => {
    const fixture = serviceFixture('main');
    const [first, second] = fixture.info.samples.senders;
    renderApp(`/accounts/${first!.address}`);
    await screen.findByRole('table', { name: 'Resources' });
    const gate = gateRequests(`/v1/accounts/${second!.address}/resources`);
    navigate(`/accounts/${second!.address}`);
    await waitFor(() => expect(gate.held()).toBeGreaterThan(0));
    await screen.findByText('Loading resources…');
    expect(screen.queryByRole('table', { name: 'Resources' })).toBeNull();
    gate.open();
    await screen.findByRole('table', { name: 'Resources' });
  });

  it('never lists the previous version’s accounts under the new version’s heading', async () => {
    const fixture = serviceFixture('main');
    renderApp('/');
    const latestCard = await screen.findByRole('region', { name: `Accounts at version ${fixture.info.latestVersion}` });
    await within(latestCard).findAllByRole('link');
    const pin = fixture.info.oldestVersion;
    const gate = gateRequests(`ledger_version=${pin}`);
    navigate(`/?ledger_version=${pin}`);
    const pinnedCard = await screen.findByRole('region', { name: `Accounts at version ${pin}` });
    await waitFor(() => expect(gate.held()).toBeGreaterThan(0));
    expect(within(pinnedCard).getByText('Loading accounts…')).toBeTruthy();
    expect(within(pinnedCard).queryAllByRole('link')).toHaveLength(0);
    gate.open();
    await within(pinnedCard).findAllByRole('link');
  });
});

describe('Retry', () => {
  it('is not offered for a pruned version (the answer cannot change)', async () => {
    const pruned = (BigInt(serviceFixture('main').info.oldestVersion) - 1n).toString();
    renderApp(`/?ledger_version=${pruned}`);
    const card = await screen.findByRole('region', { name: `Accounts at version ${pruned}` });
    const alert = await within(card).findByRole('alert');
    expect(within(alert).getByText('version_pruned')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('is offered for a server error, and retrying reads again', async () => {
    const fixture = serviceFixture('main');
    const { user } = renderApp('/');
    let failures = 1;
    interceptFetch(fixture, (url, forward) => {
      if (url.pathname.startsWith('/explorer/v1/accounts') && failures > 0) {
        failures -= 1;
        return jsonResponse({ message: 'the store is busy', error_code: 'internal_error', vm_error_code: null }, 503);
      }
      return forward();
    });
    const card = await screen.findByRole('region', { name: `Accounts at version ${fixture.info.latestVersion}` });
    const alert = await within(card).findByRole('alert');
    expect(within(alert).getByText('internal_error')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(card).findAllByRole('link');
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
