/**
 * What the account tabs claim when they show no rows: a pinned version outside the retained window
 * (transactions, events), a creation number that is not one (refused without a request), a
 * reversed version range (explained without a request), and counted nouns in the singular for one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import type { MoveModuleJson, TransactionSummaryJson } from '../../../renderer/api/types.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The version just below the oldest the main fixture retains (answered 410 `version_pruned`). */
function prunedVersion(): string {
  return (BigInt(serviceFixture('main').info.oldestVersion) - 1n).toString();
}

/** The export buttons and whether each is disabled. */
function exportDisabled(): boolean[] {
  const menu = screen.getByRole('group', { name: 'Export' });
  return ['Export CSV', 'Export JSON'].map(
    (name) => (within(menu).getByRole('button', { name }) as HTMLButtonElement).disabled,
  );
}

describe('account tabs that show no rows', () => {
  it('transactions at a pruned pin: the error, no rows claimed loaded, nothing to export or page', async () => {
    const sender = serviceFixture('main').info.samples.senders[0]!.address;
    renderApp(`/accounts/${sender}/transactions?ledger_version=${prunedVersion()}`);
    const panel = (await screen.findByRole('form', { name: 'Version range' })).parentElement!;
    expect(within(await within(panel).findByRole('alert')).getByText('version_pruned')).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('No transactions loaded');
    expect(exportDisabled()).toEqual([true, true]);
    expect(screen.getByRole('button', { name: 'Older transactions' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('checkbox', { name: 'Load all pages first' })).toBeNull();
  });

  it('events at a pruned pin: the error, no events claimed loaded, nothing to export', async () => {
    const stream = serviceFixture('main').info.samples.eventStreams[0]!;
    renderApp(`/accounts/${stream.address}/events/${stream.creationNumber}?ledger_version=${prunedVersion()}`);
    const section = await screen.findByRole('region', { name: `Events of creation number ${stream.creationNumber}` });
    await screen.findByText(/^No events are listed at version \d+/);
    expect(screen.getAllByRole('alert').some((alert) => within(alert).queryByText('version_pruned') !== null)).toBe(
      true,
    );
    expect(within(section).getByRole('status').textContent).toBe('No events loaded');
    expect(exportDisabled()).toEqual([true, true]);
    expect(screen.queryByRole('table', { name: 'Events' })).toBeNull();
  });

  it('refuses a creation number that is not a decimal u64 without asking the source', async () => {
    const { fixture } = renderApp('/accounts/0xcafe/events/abc');
    const alert = await screen.findByText(
      (_, element) =>
        element?.getAttribute('role') === 'alert' &&
        element.textContent === 'abc is not a creation number (a decimal u64).',
    );
    expect(alert).toBeTruthy();
    // The picker still reads the account's handles; the stream itself is never requested.
    await screen.findByRole('combobox', { name: 'Event stream' });
    expect(fixture.requests.filter((request) => request.includes('/events/'))).toEqual([]);
  });

  it('refuses a creation number above u64', async () => {
    const tooBig = (1n << 64n).toString();
    renderApp(`/accounts/0xcafe/events/${tooBig}`);
    expect((await screen.findByRole('alert')).textContent).toBe(`${tooBig} is not a creation number (a decimal u64).`);
  });

  it('says From is after To for a reversed range, without a request', async () => {
    const sender = serviceFixture('main').info.samples.senders[0]!.address;
    const restore = routeFetchInto(serviceFixture('main'));
    const newest = (
      await requestJson<TransactionSummaryJson[]>(`/v1/accounts/${sender}/transaction_summaries`, {
        query: { limit: 20 },
      })
    ).body;
    restore();
    const [low, high] = [newest[0]!.version, newest.at(-1)!.version];
    expect(BigInt(low)).toBeLessThan(BigInt(high));
    const asked = serviceFixture('main').requests.length;
    const { fixture } = renderApp(`/accounts/${sender}/transactions?from=${high}&to=${low}`);
    await screen.findByText(
      `From version ${high} is after To version ${low}: no version can be in this range. Swap them to list it.`,
    );
    await screen.findByText(/^As of version$/);
    expect(fixture.requests.slice(asked).filter((request) => request.includes('transaction_summaries'))).toEqual([]);
    // Nothing can be in the range, so there is nothing to export.
    expect(exportDisabled()).toEqual([true, true]);
  });

  it('counts one struct, function or module in the singular', async () => {
    const restore = routeFetchInto(serviceFixture('main'));
    const modules = (await requestJson<MoveModuleJson[]>('/v1/accounts/0x1/modules')).body;
    restore();
    const single = modules.find(
      (module) => module.abi?.structs.length === 1 || module.abi?.exposed_functions.length === 1,
    )?.abi;
    if (!single) throw new Error('0x1 has no module with exactly one struct or one function');
    renderApp('/accounts/0x1/modules');
    const item = (await screen.findByText(`0x1::${single.name}`)).closest('summary')!;
    const text = item.textContent ?? '';
    if (single.structs.length === 1) expect(text).toContain('· 1 struct ·');
    if (single.exposed_functions.length === 1) expect(text).toContain('· 1 function ·');
    expect(text).not.toMatch(/\b1 (structs|functions|bytes)\b/);
  });
});
