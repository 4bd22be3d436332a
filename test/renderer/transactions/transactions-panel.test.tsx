/**
 * The transactions tab over the real read service: newest summaries first with their replay
 * protector, older and newer pages, a version range and a start version from the URL (fields kept
 * in step with it), nothing after the pinned version, and version links that open the transaction with a pin beside.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { TransactionSummaryJson } from '../../../renderer/api/types.ts';
import { replayProtectorText } from '../../../renderer/features/transactions/replay-protector.ts';

function busiestSender(): string {
  const sender = serviceFixture('main').info.samples.senders[0];
  if (!sender || Number(sender.transactions) <= 100)
    throw new Error('the main fixture has no sender with more than 100 transactions');
  return sender.address;
}

function shownVersions(): string[] {
  const table = screen.getByRole('table', { name: 'Transactions' });
  return within(table)
    .getAllByRole('link', { name: /^Open transaction / })
    .map((link) => link.textContent ?? '');
}

describe('transactions tab', () => {
  it('shows the newest summaries first with their replay protector, then older pages', async () => {
    const sender = busiestSender();
    const { user } = renderApp(`/accounts/${sender}/transactions`);
    const newest = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 50 },
      })
    ).body;
    await screen.findByText(`50 transactions loaded · versions ${newest[0]!.version} to ${newest.at(-1)!.version}`);
    expect(shownVersions()).toEqual([...newest].reverse().map((summary) => summary.version));
    const top = newest.at(-1)!;
    const row = screen.getByRole('link', { name: `Open transaction ${top.version}` }).closest('tr')!;
    expect(within(row).getByText(replayProtectorText(top.replay_protector))).toBeTruthy();
    expect(replayProtectorText(top.replay_protector)).toMatch(/^(sequence number|nonce) \d+$/);
    expect(
      within(row)
        .getByRole('link', { name: `Open transaction ${top.version}` })
        .getAttribute('href'),
    ).toBe(`/txn/${top.version}`);
    expect(
      within(row)
        .getByRole('link', { name: `Pin ledger version ${top.version}` })
        .getAttribute('href'),
    ).toBe(`/accounts/${sender}?ledger_version=${top.version}`);
    expect(screen.getByRole('button', { name: 'Newer transactions' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Older transactions' }));
    await screen.findByText(/^100 transactions loaded/);
    const older = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 50, end_version: BigInt(newest[0]!.version) - 1n },
      })
    ).body;
    expect(shownVersions().slice(50)).toEqual([...older].reverse().map((summary) => summary.version));
  });

  it('filters by a version range from the URL and pages newer from its start', async () => {
    const sender = busiestSender();
    const restore = routeFetchInto(serviceFixture('main'));
    const all = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 100 },
      })
    ).body;
    restore();
    const from = all[10]!.version;
    const { user } = renderApp(`/accounts/${sender}/transactions?from=${from}`);
    await screen.findByText(`50 transactions loaded · versions ${from} to ${all[59]!.version}`);
    await user.click(screen.getByRole('button', { name: 'Newer transactions' }));
    await screen.findByText(`90 transactions loaded · versions ${from} to ${all[99]!.version}`);
    expect(screen.getByRole('button', { name: 'Older transactions' })).toHaveProperty('disabled', true);
  });

  it('lists nothing after a pinned version, and a pruned pin shows the API error without a Retry', async () => {
    const sender = busiestSender();
    const restore = routeFetchInto(serviceFixture('main'));
    const all = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 100 },
      })
    ).body;
    const pin = all[60]!.version;
    const expected = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 50, end_version: pin },
      })
    ).body;
    restore();
    const view = renderApp(`/accounts/${sender}/transactions?ledger_version=${pin}`);
    await screen.findByText(`50 transactions loaded · versions ${expected[0]!.version} to ${pin}`);
    expect(shownVersions()).toEqual([...expected].reverse().map((summary) => summary.version));
    expect(screen.getByRole('button', { name: 'Newer transactions' })).toHaveProperty('disabled', true);
    view.unmount();

    const pruned = (BigInt(serviceFixture('main').info.oldestVersion) - 1n).toString();
    renderApp(`/accounts/${sender}/transactions?ledger_version=${pruned}`);
    const panel = (await screen.findByRole('form', { name: 'Version range' })).parentElement!;
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByText('version_pruned')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(panel).queryByRole('table', { name: 'Transactions' })).toBeNull();
  });

  it('starts at a version and pages both ways from there', async () => {
    const sender = busiestSender();
    const restore = routeFetchInto(serviceFixture('main'));
    const all = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 100 },
      })
    ).body;
    const at = all[40]!.version;
    const first = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 50, end_version: at },
      })
    ).body;
    restore();
    const { user, fixture } = renderApp(`/accounts/${sender}/transactions?at=${at}`);
    await screen.findByText(`50 transactions loaded · versions ${first[0]!.version} to ${at}`);
    expect(screen.getByRole('button', { name: 'Older transactions' })).toHaveProperty('disabled', false);
    fixture.requests.length = 0;
    await user.click(screen.getByRole('button', { name: 'Newer transactions' }));
    await screen.findByText(`100 transactions loaded · versions ${first[0]!.version} to ${all[90]!.version}`);
    expect(fixture.requests.some((request) => request.includes(`start_version=${BigInt(at) + 1n}`))).toBe(true);
    expect(shownVersions().slice(0, 50)).toEqual(
      all
        .slice(41, 91)
        .reverse()
        .map((summary) => summary.version),
    );
  });

  it('keeps the range fields in step with the URL through Back and Forward', async () => {
    const sender = busiestSender();
    const restore = routeFetchInto(serviceFixture('main'));
    const all = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 100 },
      })
    ).body;
    restore();
    const { user } = renderApp(`/accounts/${sender}/transactions?from=${all[10]!.version}`);
    const fromField = (): HTMLInputElement => screen.getByRole('textbox', { name: 'From version' });
    await waitFor(() => expect(fromField().value).toBe(all[10]!.version));
    await user.clear(fromField());
    await user.type(fromField(), all[20]!.version);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(window.location.search).toBe(`?from=${all[20]!.version}`));
    window.history.back();
    await waitFor(() => expect(window.location.search).toBe(`?from=${all[10]!.version}`));
    await waitFor(() => expect(fromField().value).toBe(all[10]!.version));
    await screen.findByText(new RegExp(`^\\d+ transactions loaded · versions ${all[10]!.version} to `));
  });

  it('accepts the bare-string replay protector some nodes send', () => {
    expect(replayProtectorText('SequenceNumber')).toBe('SequenceNumber');
    expect(replayProtectorText({ type: 'nonce', nonce: '18446744073709551615' })).toBe('nonce 18446744073709551615');
    expect(replayProtectorText({ type: 'sequence_number', sequence_number: '0' })).toBe('sequence number 0');
  });
});
