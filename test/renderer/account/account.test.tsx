/**
 * The account header, tabs and save-to-snapshot over the real read service.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { requestJson, ApiRequestError } from '../../../renderer/api/client.ts';
import type { AccountJson, LedgerInfoJson } from '../../../renderer/api/types.ts';

describe('account view', () => {
  it('shows sequence number and authentication key as of the pinned version, and tabs keep the pin', async () => {
    const info = serviceFixture('main').info;
    const sender = info.samples.senders[0]!.address;
    const pin = info.oldestVersion;
    renderApp(`/accounts/${sender}?ledger_version=${pin}`);
    const then = (await requestJson<AccountJson>(`/v1/accounts/${sender}`, { query: { ledger_version: pin } })).body;
    const now = (await requestJson<AccountJson>(`/v1/accounts/${sender}`)).body;
    expect(then.sequence_number).not.toBe(now.sequence_number);
    expect((await screen.findByLabelText('Sequence number')).textContent).toBe(then.sequence_number);
    expect(screen.getByLabelText('Authentication key').textContent).toContain(then.authentication_key);
    const tabs = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(tabs).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe(
      `/accounts/${sender}/events?ledger_version=${pin}`,
    );
    expect(within(tabs).getByRole('link', { name: 'Resources' }).getAttribute('aria-current')).toBe('page');
  });

  it('says an address has no account, as a fact, where the chain answers 404 account_not_found', async () => {
    const address = '0xdead00000000000000000000000000000000000000000000000000000000beef';
    renderApp(`/accounts/${address}`);
    const missing = await requestJson(`/v1/accounts/${address}`).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiRequestError);
    expect((missing as ApiRequestError).is(404, 'account_not_found')).toBe(true);
    expect((await screen.findByLabelText('Account')).textContent).toBe(
      'none at this version (no 0x1::account::Account)',
    );
    expect(screen.queryByLabelText('Sequence number')).toBeNull();
    expect(screen.queryByText(/^Account facts unavailable/)).toBeNull();
  });

  it('shows the error record when the source cannot capture', async () => {
    const { user } = renderApp('/accounts/0x1');
    const expected = await requestJson('/explorer/v1/capture', {
      method: 'POST',
      body: { accounts: ['0x1'], ledger_version: (await requestJson<LedgerInfoJson>('/v1')).body.ledger_version },
    }).catch((error: unknown) => error);
    expect(expected).toBeInstanceOf(ApiRequestError);
    await user.click(await screen.findByRole('button', { name: 'Save to snapshot' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain((expected as ApiRequestError).message);
    expect(alert.textContent).toContain((expected as ApiRequestError).errorCode);
  });

  it('replaces a long-form address in the URL by the short form, keeping tab and version', async () => {
    renderApp(`/accounts/0x${'0'.repeat(63)}1/modules?ledger_version=${serviceFixture('main').info.latestVersion}`);
    await screen.findByRole('heading', { name: 'Account 0x1' });
    expect(window.location.pathname).toBe('/accounts/0x1/modules');
    expect(window.location.search).toBe(`?ledger_version=${serviceFixture('main').info.latestVersion}`);
  });
});
