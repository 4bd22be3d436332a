/**
 * The export menu inside real account panels (the whole app over the real read service): what
 * "Export JSON" / "Export CSV" save are the rows the panel's table shows, in its order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture } from '../support/service-fetch.ts';
import { captureDownloads } from '../support/capture-downloads.ts';
import type { EventJson, MoveResourceJson } from '../../../renderer/api/types.ts';
import { parseCsv } from '../../../renderer/lib/to-csv.ts';
import { csvProvenance } from '../../../renderer/lib/export-provenance.ts';
import { requestJson } from '../../../renderer/api/client.ts';
import { routeFetchInto } from '../support/service-fetch.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The labels of the table's row toggles (`Expand <id>`), in screen order. */
function rowIds(table: HTMLElement, prefix: string): string[] {
  return within(table)
    .getAllByRole('button', { name: new RegExp(`^(Expand|Collapse) ${prefix}`) })
    .map((button) => (button.getAttribute('aria-label') ?? '').replace(new RegExp(`^(Expand|Collapse) ${prefix}`), ''));
}

describe('export from the account panels', () => {
  it('the resources tab exports the rows its table lists, as JSON and as CSV', async () => {
    const downloads = captureDownloads();
    const { user, fixture } = renderApp('/accounts/0x1');
    const table = await screen.findByRole('table', { name: 'Resources' });
    const status = await screen.findByText(/resources loaded in 1 page/);
    const count = Number(/^([\d,]+) resources/.exec(status.textContent ?? '')![1]!.replaceAll(',', ''));
    const shown = rowIds(table, '');
    expect(shown.length).toBeGreaterThan(0);

    const menu = screen.getByRole('group', { name: 'Export' });
    await user.click(within(menu).getByRole('button', { name: 'Export JSON' }));
    // The first export waits for the snapshot's content digest (hashed once, on first ask).
    await within(menu).findByText(`Exported ${count} rows.`, {}, { timeout: 60_000 });
    const exported = (JSON.parse(await downloads.blobs[0]!.text()) as { rows: MoveResourceJson[] }).rows;
    // The file name says the version the rows were read at (unpinned: the latest when the view opened).
    expect(downloads.names[0]).toBe(`0x1-resources-v${fixture.info.latestVersion}.json`);
    expect(exported).toHaveLength(count);
    // The table shows a virtualized window: its rows are the export's first rows, in the same order.
    expect(exported.slice(0, shown.length).map((r) => r.type)).toEqual(shown);

    await user.click(within(menu).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.blobs).toHaveLength(2));
    const [header, ...records] = parseCsv(await downloads.blobs[1]!.text());
    expect(header).toEqual(['type', 'data']);
    expect(records.map((record) => record[0])).toEqual(exported.map((r) => r.type));
  });

  it('the events tab exports its events newest first, as its table lists them', async () => {
    const downloads = captureDownloads();
    const stream = [...serviceFixture('main').info.samples.eventStreams].sort(
      (a, b) => Number(b.count) - Number(a.count),
    )[0]!;
    const { user, fixture } = renderApp(`/accounts/${stream.address}/events/${stream.creationNumber}`);
    const table = await screen.findByRole('table', { name: 'Events' });
    await screen.findByText(/^100 events loaded/);
    const shown = rowIds(table, 'event ');
    const menu = screen.getByRole('group', { name: 'Export' });
    await user.click(within(menu).getByRole('button', { name: 'Export JSON' }));
    await within(menu).findByText('Exported 100 rows.', {}, { timeout: 60_000 });
    const exported = (JSON.parse(await downloads.blobs[0]!.text()) as { rows: EventJson[] }).rows;
    expect(downloads.names[0]).toBe(
      `${stream.address}-events-${stream.creationNumber}-v${fixture.info.latestVersion}.json`,
    );
    expect(exported).toHaveLength(100);
    expect(exported.slice(0, shown.length).map((e) => e.sequence_number)).toEqual(shown);
    const sequences = exported.map((e) => BigInt(e.sequence_number));
    expect(sequences.every((value, index) => index === 0 || value < sequences[index - 1]!)).toBe(true);
  });

  it('names the file after the pinned version the view reads at (transactions tab)', async () => {
    const downloads = captureDownloads();
    const sender = serviceFixture('main').info.samples.senders[0]!.address;
    const pin = BigInt(serviceFixture('main').info.latestVersion) - 1n;
    const { user } = renderApp(`/accounts/${sender}/transactions?ledger_version=${pin}`);
    await screen.findByRole('table', { name: 'Transactions' });
    const menu = screen.getByRole('group', { name: 'Export' });
    await user.click(within(menu).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toEqual([`${sender}-transactions-v${pin}.csv`]));
  });

  it('exports an events stream at a pin without events past it, with provenance inside the file', async () => {
    const downloads = captureDownloads();
    const fixture = serviceFixture('main');
    const stream = [...fixture.info.samples.eventStreams].sort((a, b) => Number(b.count) - Number(a.count))[0]!;
    const path = `/v1/accounts/${stream.address}/events/${stream.creationNumber}`;
    const restore = routeFetchInto(fixture);
    const newest = (await requestJson<EventJson[]>(path, { query: { limit: 100 } })).body;
    restore();
    // Pinned at an event 20 below the newest: the newest page holds 19 (or more) events after the pin.
    const pin = BigInt(newest.at(-21)!.version);
    expect(newest.filter((event) => BigInt(event.version) > pin).length).toBeGreaterThanOrEqual(19);
    const { user } = renderApp(`/accounts/${stream.address}/events/${stream.creationNumber}?ledger_version=${pin}`);
    await screen.findByText(/^100 events loaded/);
    const menu = screen.getByRole('group', { name: 'Export' });
    await user.click(within(menu).getByRole('button', { name: 'Export CSV' }));
    await user.click(within(menu).getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(downloads.blobs).toHaveLength(2));
    expect(downloads.names[0]).toBe(`${stream.address}-events-${stream.creationNumber}-v${pin}.csv`);

    const csv = await downloads.blobs[0]!.text();
    const provenance = csvProvenance(csv)!;
    expect(provenance).toMatchObject({
      chain_id: String(fixture.info.chainId),
      ledger_version: String(pin),
      source: expect.stringMatching(/^snapshot \S+\.db/) as unknown,
    });
    expect(Number.isNaN(Date.parse(provenance.exported_at!))).toBe(false);
    const [header, ...records] = parseCsv(csv);
    const versionColumn = header!.indexOf('version');
    expect(records).toHaveLength(100);
    expect(records.every((record) => BigInt(record[versionColumn]!) <= pin)).toBe(true);
    // The newest event at or below the pin heads the file.
    const atPin = newest.filter((event) => BigInt(event.version) <= pin).at(-1)!;
    expect(records[0]![header!.indexOf('sequence_number')]).toBe(atPin.sequence_number);

    const json = JSON.parse(await downloads.blobs[1]!.text()) as {
      provenance: Record<string, unknown>;
      rows: EventJson[];
    };
    expect(json.provenance).toMatchObject({ chain_id: fixture.info.chainId, ledger_version: String(pin) });
    expect(json.rows.every((event) => BigInt(event.version) <= pin)).toBe(true);
  });
});
