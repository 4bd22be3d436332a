/**
 * The Assets tab over the real read service: coins (CoinStore with CoinInfo) and the fungible stores the account
 * owns (from `/explorer/v1/accounts/{a}/assets`), with the metadata's decimals, name and symbol, links to the
 * metadata and store objects, sorting, the pinned version, and — on a source without the explorer API (a node,
 * stood in for at the fetch boundary) — the primary stores derived from the known metadata.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { formatAddress, parseAddress } from '../../../shared/address.ts';
import { primaryStoreAddress } from '../../../shared/object-address.ts';
import { parseStructTag } from '../../../shared/type-tag.ts';
import { requestBcs, requestJson } from '../../../renderer/api/client.ts';
import { littleEndianU64 } from '../../../renderer/api/queries/transaction-queries.ts';
import { formatUnits } from '../../../renderer/lib/format-amount.ts';
import { renderApp } from '../support/render-app.tsx';
import { serviceFixture, withApi } from '../support/service-fetch.ts';
import { renderWithoutExplorer } from '../support/render-remote.tsx';
import { captureDownloads } from '../support/capture-downloads.ts';
import { parseCsv } from '../../../renderer/lib/to-csv.ts';
import { csvProvenance } from '../../../renderer/lib/export-provenance.ts';

interface OwnedJson {
  readonly objects: readonly {
    readonly address: string;
    readonly fungible_store: { metadata: string; balance: string; frozen: boolean; primary: boolean } | null;
  }[];
}
interface MetadataJson {
  readonly data: { name: string; symbol: string; decimals: number };
}

/** The table's body rows as lists of cell texts. */
function tableRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Assets' });
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

/** An owner of several fungible stores in the main fixture (the primary store of APT among them). */
async function storeOwner(): Promise<{ owner: string; stores: OwnedJson['objects'] }> {
  const { info, store } = serviceFixture('main');
  for (const bytes of store.listAccounts(BigInt(info.latestVersion), undefined, 1000)) {
    const owner = formatAddress(bytes);
    const body = await withApi(
      async () => (await requestJson<OwnedJson>(`/explorer/v1/accounts/${owner}/assets`)).body,
      'main',
    );
    const stores = body.objects.filter((object) => object.fungible_store !== null);
    if (stores.length >= 3) return { owner, stores };
  }
  throw new Error('no account of the fixture owns three fungible stores');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Assets tab', () => {
  it('lists every fungible store the account owns with its metadata, balance by decimals and links', async () => {
    const { owner, stores } = await storeOwner();
    renderApp(`/accounts/${owner}/assets`);
    await screen.findByRole('table', { name: 'Assets' });
    await waitFor(() => expect(tableRows().every((row) => row[1] !== '—')).toBe(true));
    const rows = tableRows();
    expect(rows.filter((row) => row[0] === 'Fungible')).toHaveLength(stores.length);
    for (const object of stores) {
      const store = object.fungible_store!;
      const metadata = (
        await requestJson<MetadataJson>(`/v1/accounts/${store.metadata}/resource/0x1::fungible_asset::Metadata`)
      ).body.data;
      const row = rows.find((cells) => cells[5]?.startsWith(object.address));
      expect(row, object.address).toBeDefined();
      expect(row!.slice(1, 4)).toEqual([metadata.name, metadata.symbol, formatUnits(store.balance, metadata.decimals)]);
      if (store.primary) {
        // The node's balance endpoint for the asset counts exactly its primary store.
        const balance = littleEndianU64((await requestBcs(`/v1/accounts/${owner}/balance/${store.metadata}`)).body);
        expect(BigInt(store.balance)).toBe(balance);
      }
      expect(screen.getByRole('link', { name: store.metadata }).getAttribute('href')).toBe(
        `/accounts/${store.metadata}`,
      );
      expect(screen.getByRole('link', { name: object.address }).getAttribute('href')).toBe(
        `/accounts/${object.address}`,
      );
    }
  });

  it('sorts by balance (exact, descending first) when the header is clicked', async () => {
    const { owner } = await storeOwner();
    const { user } = renderApp(`/accounts/${owner}/assets`);
    await screen.findByRole('table', { name: 'Assets' });
    const header = screen.getByRole('button', { name: /^Balance/ });
    await user.click(header);
    expect(screen.getByRole('columnheader', { name: /Balance/ }).getAttribute('aria-sort')).toBe('descending');
    const balances = (): bigint[] =>
      [...document.querySelectorAll('.assets-item .col-balance span')].map((span) =>
        BigInt((span.getAttribute('title') ?? '').replace(/[^0-9]/g, '')),
      );
    const descending = balances();
    expect(descending).toEqual([...descending].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    await user.click(header);
    expect(balances()).toEqual([...descending].reverse());
  });

  it('shows an account coin store with CoinInfo, at the pinned version', async () => {
    const { info } = serviceFixture('main');
    const sender = info.samples.senders[0]!.address;
    const pin = info.oldestVersion;
    renderApp(`/accounts/${sender}/assets?ledger_version=${pin}`);
    await screen.findByRole('table', { name: 'Assets' });
    const coin = (
      await requestJson<{ data: { coin: { value: string } } }>(
        `/v1/accounts/${sender}/resource/0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`,
        { query: { ledger_version: pin } },
      )
    ).body.data.coin.value;
    const now = (
      await requestJson<{ data: { coin: { value: string } } }>(
        `/v1/accounts/${sender}/resource/0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`,
      )
    ).body.data.coin.value;
    expect(coin).not.toBe(now);
    await waitFor(() =>
      expect(
        tableRows()
          .find((row) => row[0] === 'Coin')
          ?.slice(1, 5),
      ).toEqual(['Aptos Coin', 'APT', formatUnits(coin, 8), '0x1::aptos_coin::AptosCoin']),
    );
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false);
  });

  it('exports the table as CSV at the pinned version, exact base units and provenance inside', async () => {
    const downloads = captureDownloads();
    const { owner, stores } = await storeOwner();
    const pin = serviceFixture('main').info.latestVersion;
    const { user } = renderApp(`/accounts/${owner}/assets?ledger_version=${pin}`);
    await screen.findByRole('table', { name: 'Assets' });
    await waitFor(() => expect(tableRows().every((row) => row[1] !== '—')).toBe(true));
    const menu = screen.getByRole('group', { name: 'Export' });
    await user.click(within(menu).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.blobs).toHaveLength(1), { timeout: 60_000 });
    expect(downloads.names[0]).toBe(`${owner}-assets-v${pin}.csv`);
    const csv = await downloads.blobs[0]!.text();
    expect(csvProvenance(csv)).toMatchObject({ ledger_version: pin });
    const [header, ...records] = parseCsv(csv);
    const column = (name: string): number => header!.indexOf(name);
    for (const object of stores) {
      const record = records.find((cells) => cells[column('store')] === object.address);
      expect(record?.[column('balance_base_units')]).toBe(object.fungible_store!.balance);
      expect(record?.[column('asset')]).toBe(object.fungible_store!.metadata);
      expect(record?.[column('primary_store')]).toBe(String(object.fungible_store!.primary));
    }
  });

  it('on a source without the explorer API, finds the primary stores it can derive and says so', async () => {
    const { store, info } = serviceFixture('small');
    const latest = BigInt(info.latestVersion);
    const holder = store
      .listAccounts(latest, undefined, 1000)
      .map((bytes) => formatAddress(bytes))
      .find(
        (address) =>
          store.resourceGroup(
            primaryStoreAddress(parseAddress(address), parseAddress('0xa')),
            parseStructTag('0x1::object::ObjectGroup'),
            latest,
          ) !== undefined,
      );
    expect(holder).toBeDefined();
    const balance = await withApi(
      async () => littleEndianU64((await requestBcs(`/v1/accounts/${holder}/balance/0xa`)).body),
      'small',
    );
    renderWithoutExplorer(`/accounts/${holder}/assets`);
    expect(await screen.findByText(/no query for the objects an account owns/)).toBeTruthy();
    await waitFor(() => {
      const row = tableRows().find((cells) => cells[4] === '0xa asset page');
      expect(row?.slice(1, 4)).toEqual(['Aptos Coin', 'APT', formatUnits(balance, 8)]);
      expect(row?.[5]).toContain('(primary)');
    });
  });
});
