/**
 * Export: the CSV and JSON files hold exactly the rows on screen (or, with "load all pages
 * first", every page the API has), read back from the saved Blob; loading can be cancelled.
 * Rows come from the real read service.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import {
  InfiniteQueryObserver,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { PagedExportMenu, resourceExportRows } from '../../../renderer/components/export-menu/paged-export-menu.tsx';
import { resourcesQuery } from '../../../renderer/api/queries/account-queries.ts';
import { ExportMenu } from '../../../renderer/components/export-menu/export-menu.tsx';
import { loadAllPages, type LoadAll } from '../../../renderer/lib/load-all.ts';
import { columnsOf, parseCsv, toCsv, cellText, type ExportRow } from '../../../renderer/lib/to-csv.ts';
import { explorerAccountsQuery } from '../../../renderer/api/queries/explorer-queries.ts';
import { requestJson, type ApiAnswer } from '../../../renderer/api/client.ts';
import type { AccountListJson, LedgerInfoJson, MoveResourceJson } from '../../../renderer/api/types.ts';
import { routeFetchInto, serviceFixture } from '../support/service-fetch.ts';
import { captureDownloads } from '../support/capture-downloads.ts';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  vi.restoreAllMocks();
});

function expectCsvEqualsRows(text: string, rows: readonly ExportRow[]): void {
  const [header, ...records] = parseCsv(text);
  const columns = columnsOf(rows);
  expect(header).toEqual(columns);
  expect(records).toEqual(rows.map((row) => columns.map((c) => cellText((row as Record<string, unknown>)[c]))));
}

describe('export', () => {
  it('writes exactly the rows on screen to CSV and JSON', async () => {
    restore = routeFetchInto(serviceFixture('main'));
    const rows = (await requestJson<MoveResourceJson[]>('/v1/accounts/0x1/resources', { query: { limit: 25 } })).body;
    expect(rows.length).toBeGreaterThan(1);
    const saved = captureDownloads();
    const user = userEvent.setup();
    render(<ExportMenu name="0x1-resources" rows={rows} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(2));
    expect(saved.names).toEqual(['0x1-resources.csv', '0x1-resources.json']);
    expectCsvEqualsRows(await saved.blobs[0]!.text(), rows);
    expect((JSON.parse(await saved.blobs[1]!.text()) as { rows: unknown }).rows).toEqual(rows);
    expect(screen.getByText(`Exported ${rows.length} rows.`)).toBeTruthy();
  });

  it('loads every page first when asked, then exports all rows', async () => {
    restore = routeFetchInto(serviceFixture('main'));
    const version = (await requestJson<LedgerInfoJson>('/v1')).body.ledger_version;
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver(client, explorerAccountsQuery(version, 40));
    const unsubscribe = observer.subscribe(() => undefined);
    await waitFor(() => expect(observer.getCurrentResult().data?.pages.length).toBe(1));
    const rowsOf = (data: InfiniteData<ApiAnswer<AccountListJson>, unknown> | undefined): ExportRow[] =>
      (data?.pages ?? []).flatMap((p) => p.body.accounts.map((address) => ({ address })));
    const first = observer.getCurrentResult();
    const firstRows = rowsOf(first.data);

    // Every account, walked through the API's own paging.
    const all: ExportRow[] = [];
    for (let after: string | null = null, page = 0; page < 100; page += 1) {
      const body: AccountListJson = (
        await requestJson<AccountListJson>('/explorer/v1/accounts', {
          query: { ledger_version: version, limit: 100, after: after ?? undefined },
        })
      ).body;
      all.push(...body.accounts.map((address) => ({ address })));
      after = body.next;
      if (after === null) break;
    }
    expect(all.length).toBeGreaterThan(firstRows.length);

    const saved = captureDownloads();
    const user = userEvent.setup();
    render(<ExportMenu name="accounts" rows={firstRows} loadAll={loadAllPages(first, rowsOf)} />);
    await user.click(screen.getByRole('checkbox', { name: 'Load all pages first' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1), { timeout: 20_000 });
    expectCsvEqualsRows(await saved.blobs[0]!.text(), all);
    unsubscribe();
    client.clear();
  });

  it("exports every page of an account panel's infinite query in screen order", async () => {
    restore = routeFetchInto(serviceFixture('main'));
    const version = (await requestJson<LedgerInfoJson>('/v1')).body.ledger_version;
    const all = (
      await requestJson<MoveResourceJson[]>('/v1/accounts/0x1/resources', {
        query: { ledger_version: version, limit: 1000 },
      })
    ).body;
    expect(all.length).toBeGreaterThan(3);
    function Panel(): ReactNode {
      const query = useInfiniteQuery(resourcesQuery('0x1', version, 3));
      return query.data ? <PagedExportMenu name="0x1-resources" query={query} rowsOf={resourceExportRows} /> : null;
    }
    const saved = captureDownloads();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Panel />
      </QueryClientProvider>,
    );
    // Only the first page: exactly those rows.
    await user.click(await screen.findByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    expect((JSON.parse(await saved.blobs[0]!.text()) as { rows: unknown }).rows).toEqual(all.slice(0, 3));
    // All pages first.
    await user.click(screen.getByRole('checkbox', { name: 'Load all pages first' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.blobs).toHaveLength(2), { timeout: 20_000 });
    expectCsvEqualsRows(await saved.blobs[1]!.text(), all);
  });

  it('cancels loading all pages: progress shown, nothing saved', async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    const loadAll: LoadAll = (signal, onProgress) =>
      new Promise((resolve) => {
        onProgress(7);
        signal.addEventListener('abort', () => resolve([{ a: 1 }]));
      });
    render(<ExportMenu name="x" rows={[{ a: 1 }]} loadAll={loadAll} />);
    await user.click(screen.getByRole('checkbox', { name: 'Load all pages first' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(await screen.findByText(/Loaded 7 rows/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Export cancelled.')).toBeTruthy();
    expect(saved.blobs).toHaveLength(0);
  });

  it('quotes cells so that commas, quotes and line breaks round-trip', () => {
    const rows = [{ a: 'x,y', b: 'say "hi"', c: 'two\nlines', d: { nested: [1, 2] }, e: null }, { a: 'plain' }];
    const text = toCsv(rows);
    expectCsvEqualsRows(text, rows);
  });
});
