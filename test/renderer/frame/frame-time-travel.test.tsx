/**
 * The time-travel control over the real read service (the `main` fixture has a pruning window):
 * pinning and unpinning change the URL, the chosen version's block height and time come from the
 * API, and versions outside [oldest, latest] say "pruned — oldest retained is N" / "not yet".
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { apiJson, type LedgerJson } from '../support/api-before-render.ts';

const field = (): HTMLInputElement => screen.getByRole('spinbutton', { name: 'Ledger version' });
const control = (): HTMLElement => screen.getByRole('group', { name: 'Time travel' });

interface VersionInfo {
  block_height: string;
  block_timestamp_usec: string;
}

describe('time travel', () => {
  it('pins a typed version (Enter), shows its block, and Latest unpins', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    expect(BigInt(ledger.oldest_ledger_version)).toBeGreaterThan(0n);
    const version = ((BigInt(ledger.oldest_ledger_version) + BigInt(ledger.ledger_version)) / 2n).toString();
    const info = await apiJson<VersionInfo>(`/explorer/v1/versions/${version}`, 'main');
    const { user } = renderApp('/', { fixture: 'main' });
    await waitFor(() => expect(field().value).toBe(ledger.ledger_version));
    expect(within(control()).getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('true');
    await user.clear(field());
    await user.type(field(), `${version}{Enter}`);
    await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${version}`));
    expect(within(control()).getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('false');
    const facts = await within(control()).findByText(info.block_height);
    expect(facts.parentElement?.textContent).toContain(
      new Date(Number(BigInt(info.block_timestamp_usec) / 1000n)).toISOString().slice(0, 19).replace('T', ' '),
    );
    expect(facts.getAttribute('href')).toBe(`/blocks/${info.block_height}`);
    // The chosen version opens its transaction (the control itself pins: no second pin beside it).
    expect(
      within(control())
        .getByRole('link', { name: `Open transaction ${version}` })
        .getAttribute('href'),
    ).toBe(`/txn/${version}`);
    expect(within(control()).queryByRole('link', { name: `Pin ledger version ${version}` })).toBeNull();
    await screen.findByRole('region', { name: `Accounts at version ${version}` });
    await user.click(within(control()).getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(field().value).toBe(ledger.ledger_version));
  });

  it('pins with the slider bounded by [oldest, latest]', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    renderApp('/gas', { fixture: 'main' });
    const slider = await screen.findByRole('slider', { name: 'Ledger version slider' });
    expect(slider.getAttribute('min')).toBe(ledger.oldest_ledger_version);
    expect(slider.getAttribute('max')).toBe(ledger.ledger_version);
    fireEvent.change(slider, { target: { value: ledger.oldest_ledger_version } });
    fireEvent.pointerUp(slider);
    await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${ledger.oldest_ledger_version}`));
    expect(window.location.pathname).toBe('/gas');
  });

  it('says "pruned — oldest retained is N" below the window and "not yet" above it', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    const below = (BigInt(ledger.oldest_ledger_version) - 1n).toString();
    const above = (BigInt(ledger.ledger_version) + 1n).toString();
    const { user } = renderApp(`/?ledger_version=${below}`, { fixture: 'main' });
    await screen.findByRole('group', { name: 'Time travel' });
    expect(
      (await within(control()).findByText(`pruned — oldest retained is ${ledger.oldest_ledger_version}`)).textContent,
    ).toBeTruthy();
    // The panels say it too, with the API's 410 record.
    const alert = await within(await screen.findByRole('region', { name: `Accounts at version ${below}` })).findByRole(
      'alert',
    );
    expect(within(alert).getByText('version_pruned')).toBeTruthy();
    await user.clear(field());
    await user.type(field(), above);
    expect(await within(control()).findByText(/^not yet/)).toBeTruthy();
    // Beyond u64 is no version at all (the API would answer 400), not a future one.
    await user.clear(field());
    await user.type(field(), '99999999999999999999999');
    expect(await within(control()).findByText('not a ledger version')).toBeTruthy();
    expect(within(control()).queryByText(/^not yet/)).toBeNull();
    // Only Enter pins: typing alone left the URL as it was.
    expect(window.location.search).toBe(`?ledger_version=${below}`);
    await user.keyboard('{Escape}');
    expect(field().value).toBe(below);
  });

  it('follows a version link that pins (deep link) and restores the pinned view on reload', async () => {
    const info = serviceFixture('main').info;
    const sender = info.samples.senders[0]!.address;
    const summaries = await apiJson<{ version: string }[]>(
      `/v1/accounts/${sender}/transaction_summaries?limit=60`,
      'main',
    );
    const version = summaries[10]!.version; // among the 50 newest the tab lists first
    const atVersion = await apiJson<{ sequence_number: string }>(
      `/v1/accounts/${sender}?ledger_version=${version}`,
      'main',
    );
    const atLatest = await apiJson<{ sequence_number: string }>(`/v1/accounts/${sender}`, 'main');
    expect(atVersion.sequence_number).not.toBe(atLatest.sequence_number);
    const first = renderApp(`/accounts/${sender}/transactions`, { fixture: 'main' });
    await first.user.click(await screen.findByRole('link', { name: `Pin ledger version ${version}` }));
    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe(
        `/accounts/${sender}?ledger_version=${version}`,
      ),
    );
    const pinnedState = async (): Promise<void> => {
      await waitFor(() => expect(field().value).toBe(version));
      expect(within(control()).getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('false');
      await waitFor(() => expect(screen.getByLabelText('Sequence number').textContent).toBe(atVersion.sequence_number));
      await screen.findByRole('table', { name: 'Resources' });
    };
    await pinnedState();
    // Reload: a fresh app (new query cache) at the address bar's URL restores the same view.
    const href = window.location.href;
    first.unmount();
    const fixture = serviceFixture('main');
    fixture.requests.length = 0;
    renderApp(href.slice(window.location.origin.length), { fixture: 'main' });
    await pinnedState();
    expect(
      fixture.requests.some((request) =>
        request.startsWith(`GET /v1/accounts/${sender}/resources?ledger_version=${version}`),
      ),
    ).toBe(true);
  });

  it.each(['abc', '-5', '5001.5', '', '99999999999999999999999'])(
    'names ?ledger_version=%j as not a ledger version, shows the latest, and removes it',
    async (bad) => {
      const ledger = await apiJson<LedgerJson>('/v1', 'main');
      const { user } = renderApp(`/gas?ledger_version=${encodeURIComponent(bad)}&x=1`, { fixture: 'main' });
      const notice = await within(await screen.findByRole('group', { name: 'Time travel' })).findByText(
        /is not a ledger version — showing the latest/,
      );
      expect(notice.textContent).toContain(bad === '' ? 'An empty ledger_version' : bad);
      await waitFor(() => expect(field().value).toBe(ledger.ledger_version));
      expect(within(control()).queryByText(/^not yet/)).toBeNull();
      await user.click(within(control()).getByRole('button', { name: 'Remove from URL' }));
      await waitFor(() => expect(window.location.search).toBe('?x=1'));
      expect(within(control()).queryByText(/is not a ledger version/)).toBeNull();
    },
  );

  it('keeps a deep link with a valid version (leading zeros too) pinned, with no notice', async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    renderApp(`/gas?ledger_version=0${ledger.oldest_ledger_version}`, { fixture: 'main' });
    await waitFor(() => expect(field().value).toBe(`0${ledger.oldest_ledger_version}`));
    expect(within(control()).getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(control()).queryByText(/is not a ledger version/)).toBeNull();
  });

  it("moves along with the slider keys in one history entry, so Back leaves the slider's choice", async () => {
    const ledger = await apiJson<LedgerJson>('/v1', 'main');
    renderApp('/gas', { fixture: 'main' });
    const slider = await screen.findByRole('slider', { name: 'Ledger version slider' });
    const before = window.history.length;
    const latest = BigInt(ledger.ledger_version);
    for (const step of [1n, 2n, 3n]) {
      const version = (latest - step).toString();
      fireEvent.keyDown(slider, { key: 'ArrowLeft' });
      fireEvent.change(slider, { target: { value: version } });
      fireEvent.keyUp(slider, { key: 'ArrowLeft' });
      await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${version}`));
    }
    expect(window.history.length).toBe(before + 1);
    // A typed pin afterwards is a new entry again.
    const typed = (latest - 10n).toString();
    fireEvent.change(field(), { target: { value: typed } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(window.location.search).toBe(`?ledger_version=${typed}`));
    expect(window.history.length).toBe(before + 2);
  });
});
