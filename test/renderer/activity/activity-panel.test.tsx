/**
 * The Activity tab over the real read service, on a source without an indexer (its `/v1/graphql` answers the 404
 * record a remote proxy without `--indexer` gives, stood in for at the fetch boundary): the notice saying what is
 * missing and how to add an indexer, then the account's sent transactions newest first, never past the
 * pinned version, each linking to `/txn/{version}`, failed ones marked, and the account's APT change in each
 * row equal to balance(V) − balance(V−1) as the node's balance endpoint answers (read as BCS).
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { requestBcs, requestJson } from '../../../renderer/api/client.ts';
import { littleEndianU64 } from '../../../renderer/api/queries/transaction-queries.ts';
import type { UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { App } from '../../../renderer/app/app.tsx';
import { createQueryClient } from '../../../renderer/app/query-client.ts';
import { renderApp } from '../support/render-app.tsx';
import { jsonResponse } from '../support/remote-source.ts';
import {
  interceptFetch,
  serviceFixture,
  serviceFixtureAt,
  withApi,
  type ServiceFixture,
} from '../support/service-fetch.ts';
import { unindexedSnapshotCopy } from '../../indexer/indexer-rows-fixture.ts';
import { fixturePath } from '../../support/fixture-path.ts';
// Aliased: a test helper, not a React hook (the hooks rule goes by the name).
import { useTempDir as tempDirOfThisFile } from '../../support/temp-dir.ts';

const dir = tempDirOfThisFile();

const NO_INDEXER = { message: 'This source has no indexer', error_code: 'web_framework_error', vm_error_code: null };

/** Renders the app at `path` over the main fixture's service whose `/v1/graphql` answers "no indexer". */
function renderWithoutIndexer(path: string): { readonly fixture: ServiceFixture } {
  const fixture = serviceFixture('main');
  interceptFetch(fixture, (url, forward) =>
    url.pathname === '/v1/graphql' ? jsonResponse(NO_INDEXER, 404) : forward(),
  );
  window.history.replaceState(null, '', path);
  render(<App queryClient={createQueryClient()} />);
  return { fixture };
}

const APT = '0x1::aptos_coin::AptosCoin';

async function balanceAt(address: string, version: bigint): Promise<bigint> {
  const answer = await requestBcs(`/v1/accounts/${address}/balance/${APT}`, {
    query: { ledger_version: version.toString() },
  });
  return littleEndianU64(answer.body);
}

/** The rendered rows: version link text and the APT change's exact octas (once read). */
function renderedRows(): { version: string; octas: string | undefined; text: string }[] {
  const table = screen.getByRole('table', { name: 'Activity' });
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map((row) => ({
      version: within(row).getAllByRole('link')[0]?.textContent ?? '',
      octas: row.querySelector<HTMLElement>('.activity-apt')?.dataset.octas,
      text: row.textContent ?? '',
    }));
}

/** The sender's newest sequence-number transactions up to `version`, newest first (node semantics). */
async function sentUpTo(address: string, version: string): Promise<UserTransaction[]> {
  const account = (
    await requestJson<{ sequence_number: string }>(`/v1/accounts/${address}`, { query: { ledger_version: version } })
  ).body;
  const n = BigInt(account.sequence_number);
  const start = n > 25n ? n - 25n : 0n;
  const page = await requestJson<UserTransaction[]>(`/v1/accounts/${address}/transactions`, {
    query: { start: start.toString(), limit: Number(n - start) },
  });
  return [...page.body].reverse();
}

describe('Activity tab', () => {
  it('on a format v2 file, knows from the source there is no indexer and does not ask /v1/graphql', async () => {
    const fixture = serviceFixtureAt(unindexedSnapshotCopy(fixturePath('main'), dir));
    const sender = fixture.info.samples.senders[0]!.address;
    interceptFetch(fixture, (_url, forward) => forward());
    window.history.replaceState(null, '', `/accounts/${sender}/activity`);
    render(<App queryClient={createQueryClient()} />);
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.getByRole('note').textContent).toContain('this source has no indexer');
    // The header's "last changed at" asks the indexer too: neither reached the service.
    await waitFor(() => expect(fixture.requests.some((line) => line.startsWith('GET /explorer/v1/source'))).toBe(true));
    expect(fixture.requests.filter((line) => line.includes('/v1/graphql'))).toEqual([]);
  });

  it('lists the sent transactions newest first, never past the pinned version, each a link to its page', async () => {
    const { info } = serviceFixture('main');
    const sender = info.samples.senders[0]!.address;
    const pin = ((BigInt(info.oldestVersion) + BigInt(info.latestVersion)) / 2n).toString();
    renderWithoutIndexer(`/accounts/${sender}/activity?ledger_version=${pin}`);
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.getByRole('note').textContent).toContain('serve --remote URL --indexer');
    const expected = await sentUpTo(sender, pin);
    expect(expected.length).toBeGreaterThan(0);
    const rows = renderedRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.version)).toEqual(expected.slice(0, rows.length).map((t) => t.version));
    expect(rows.every((row) => BigInt(row.version) <= BigInt(pin))).toBe(true);
    // The newest sent transaction after the pin is not listed.
    const latest = await sentUpTo(sender, info.latestVersion);
    expect(BigInt(latest[0]!.version)).toBeGreaterThan(BigInt(pin));
    expect(rows.some((row) => row.version === latest[0]!.version)).toBe(false);
    const first = screen.getByRole('link', { name: `Transaction ${rows[0]!.version}` });
    expect(first.getAttribute('href')).toBe(`/txn/${rows[0]!.version}`);
  });

  it("shows each visible row's APT change: balance(V) − balance(V−1)", async () => {
    const { info } = serviceFixture('main');
    const sender = info.samples.senders[1]!.address;
    renderWithoutIndexer(`/accounts/${sender}/activity`);
    await screen.findByRole('table', { name: 'Activity' });
    await waitFor(() => {
      const rows = renderedRows().slice(0, 5);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.octas !== undefined)).toBe(true);
    });
    const rows = renderedRows().slice(0, 5);
    let nonZero = 0;
    for (const row of rows) {
      const v = BigInt(row.version);
      const change = (await balanceAt(sender, v)) - (await balanceAt(sender, v - 1n));
      expect(BigInt(row.octas!), `version ${row.version}`).toBe(change);
      if (change !== 0n) nonZero += 1;
    }
    expect(nonZero).toBeGreaterThan(0);
  });

  it('reads APT changes only for the rows on screen (the list is virtualized)', async () => {
    const { info } = serviceFixture('main');
    const sender = info.samples.senders[0]!.address;
    const { fixture } = renderWithoutIndexer(`/accounts/${sender}/activity`);
    await screen.findByRole('table', { name: 'Activity' });
    await waitFor(() => expect(renderedRows().every((row) => row.octas !== undefined)).toBe(true));
    const loaded = Number(/^(\d+) of/.exec(screen.getByText(/transactions? loaded/).textContent ?? '')?.[1]);
    const rendered = renderedRows().length;
    expect(rendered).toBeLessThan(loaded);
    const balanceReads = fixture.requests.filter((line) => line.startsWith(`GET /v1/accounts/${sender}/balance/`));
    // Two reads per rendered row at most (V and V−1), plus the header's.
    expect(balanceReads.length).toBeGreaterThan(0);
    expect(balanceReads.length).toBeLessThanOrEqual(2 * rendered + 1);
  });

  it('marks a failed transaction with its VM status, and stops at the pruned ones', async () => {
    const { info } = serviceFixture('main');
    const failed = info.samples.transactions.failed!;
    const transaction = await withApi(
      async () => (await requestJson<UserTransaction>(`/v1/transactions/by_version/${failed.version}`)).body,
      'main',
    );
    renderWithoutIndexer(`/accounts/${transaction.sender}/activity?ledger_version=${failed.version}`);
    await screen.findByRole('table', { name: 'Activity' });
    const row = renderedRows()[0]!;
    expect(row.version).toBe(failed.version);
    expect(row.text).toContain(`Failed: ${transaction.vm_status}`);
    // Its older transactions fall below the oldest retained version: the list says so and stops there.
    expect(BigInt(transaction.sequence_number)).toBeGreaterThan(BigInt(renderedRows().length));
    expect(await screen.findByText(/Older ones are pruned/)).toBeTruthy();
    expect(renderedRows().every((r) => BigInt(r.version) >= BigInt(serviceFixture('main').info.oldestVersion))).toBe(
      true,
    );
  });

  it('an address that sent nothing has an empty list, not an error', async () => {
    renderWithoutIndexer(`/accounts/0x${'ab'.repeat(32)}/activity`);
    expect(await screen.findByText(/No transactions sent by this account up to version/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Activity' })).toBeNull();
  });

  it('keeps /transactions working, with Activity as the current tab', async () => {
    const sender = serviceFixture('main').info.samples.senders[0]!.address;
    renderApp(`/accounts/${sender}/transactions`);
    await screen.findByRole('table', { name: 'Transactions' });
    const tabs = screen.getByRole('navigation', { name: 'Account sections' });
    expect(within(tabs).getByRole('link', { name: 'Activity' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).queryByRole('link', { name: 'Transactions' })).toBeNull();
  });
});
