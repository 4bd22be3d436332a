/**
 * The transactions tab over the real read service: newest summaries first with their replay
 * protector, older and newer pages, a version range from the URL, and version links that pin.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { TransactionSummaryJson } from '../../../renderer/api/types.ts';
import { replayProtectorText } from '../../../renderer/features/transactions/replay-protector.ts';

function busiestSender(): string {
  const sender = serviceFixture('main').info.samples.senders[0];
  if (!sender || Number(sender.transactions) <= 100) throw new Error('the main fixture has no sender with more than 100 transactions');
  return sender.address;
}

function shownVersions(): string[] {
  const table = screen.getByRole('table', { name: 'Transactions' });
  return within(table).getAllByRole('link', { name: /^Pin ledger version / }).map((link) => link.textContent ?? '');
}

describe('transactions tab', () => {
  it('shows the newest summaries first with their replay protector, then older pages', async () => {
    const sender = busiestSender();
    const { user } = renderApp(`/accounts/${sender}/transactions`);
    const newest = (await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, { query: { limit: 50 } })).body;
    await screen.findByText(`50 transactions loaded · versions ${newest[0]!.version} to ${newest.at(-1)!.version}`);
    expect(shownVersions()).toEqual([...newest].reverse().map((summary) => summary.version));
    const top = newest.at(-1)!;
    const row = screen.getByRole('link', { name: `Pin ledger version ${top.version}` }).closest('tr')!;
    expect(within(row).getByText(replayProtectorText(top.replay_protector))).toBeTruthy();
    expect(replayProtectorText(top.replay_protector)).toMatch(/^(sequence number|nonce) \d+$/);
    expect(screen.getByRole('link', { name: `Pin ledger version ${top.version}` }).getAttribute('href')).toBe(`/accounts/${sender}?ledger_version=${top.version}`);
    expect(screen.getByRole('button', { name: 'Newer transactions' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Older transactions' }));
    await screen.findByText(/^100 transactions loaded/);
    const older = (await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, { query: { limit: 50, end_version: BigInt(newest[0]!.version) - 1n } })).body;
    expect(shownVersions().slice(50)).toEqual([...older].reverse().map((summary) => summary.version));
  });

  it('filters by a version range from the URL and pages newer from its start', async () => {
    const sender = busiestSender();
    const restore = routeFetchInto(serviceFixture('main'));
    const all = (await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, { query: { limit: 100 } })).body;
    restore();
    const from = all[10]!.version;
    const { user } = renderApp(`/accounts/${sender}/transactions?from=${from}`);
    await screen.findByText(`50 transactions loaded · versions ${from} to ${all[59]!.version}`);
    await user.click(screen.getByRole('button', { name: 'Newer transactions' }));
    await screen.findByText(`90 transactions loaded · versions ${from} to ${all[99]!.version}`);
    expect(screen.getByRole('button', { name: 'Older transactions' })).toHaveProperty('disabled', true);
  });

  it('accepts the bare-string replay protector some nodes send', () => {
    expect(replayProtectorText('SequenceNumber')).toBe('SequenceNumber');
    expect(replayProtectorText({ nonce: '18446744073709551615' })).toBe('nonce 18446744073709551615');
    expect(replayProtectorText({ sequence_number: '0' })).toBe('sequence number 0');
  });
});
