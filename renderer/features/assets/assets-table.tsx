/**
 * The assets table (TanStack Table v9, sortable by every column, balance by its exact value): kind, name,
 * symbol, balance with the asset's decimals (exact base units on hover), the asset (a coin type, or the metadata
 * object — a link), the store (the account for a coin, the store object — a link — for a fungible asset) and the
 * frozen flag. Rows are virtualized: an account may hold 10,000 coins.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import {
  createColumnHelper,
  createSortedRowModel,
  FlexRender,
  rowSortingFeature,
  sortFn_alphanumeric,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import { AddressLink } from '../../components/address-link.tsx';
import { AssetPageLink } from '../../components/asset-page-link.tsx';
import { balanceText, type AssetRow } from './asset-rows.ts';
import { useVirtualRows } from '../../lib/use-virtual-rows.ts';
import { rowGroupProps, rowStyle, useHydrated } from '../../lib/use-hydrated.ts';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});

const helper = createColumnHelper<typeof features, AssetRow>();
const columns = helper.columns([
  helper.accessor('kind', {
    header: 'Kind',
    sortFn: 'alphanumeric',
    cell: (info) =>
      info.getValue() === 'coin' ? (
        <span title="A coin in the account's CoinStore">Coin</span>
      ) : (
        <span title="A fungible asset in a store object">Fungible</span>
      ),
  }),
  helper.accessor((row) => row.info?.name ?? '', {
    id: 'name',
    header: 'Name',
    sortFn: 'alphanumeric',
    cell: (info) =>
      info.row.original.info === undefined ? (
        <span className="muted" title="No name, symbol or decimals: its CoinInfo or Metadata was not found">
          —
        </span>
      ) : (
        info.getValue()
      ),
  }),
  helper.accessor((row) => row.info?.symbol ?? '', {
    id: 'symbol',
    header: 'Symbol',
    sortFn: 'alphanumeric',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
  helper.accessor('balance', {
    header: 'Balance',
    sortDescFirst: true,
    // Exact order of u64 amounts (a float would tie amounts past 2^53). Base units: decimals differ by row.
    sortFn: (a, b) => (a.original.balance < b.original.balance ? -1 : a.original.balance > b.original.balance ? 1 : 0),
    cell: (info) => (
      <span className="mono" title={`${info.row.original.balance.toLocaleString('en-US')} base units`}>
        {balanceText(info.row.original)}
      </span>
    ),
  }),
  helper.accessor('asset', {
    header: 'Asset',
    sortFn: 'alphanumeric',
    // The asset's own page (its metadata, holders, activities) is one link away; a fungible asset's address also
    // opens its metadata object.
    cell: (info) =>
      info.row.original.kind === 'coin' ? (
        <AssetPageLink asset={info.getValue()} label={info.getValue()} />
      ) : (
        <span className="assets-store">
          <AddressLink address={info.getValue()} noCopy /> <AssetPageLink asset={info.getValue()} label="asset page" />
        </span>
      ),
  }),
  helper.accessor('store', {
    header: 'Store',
    sortFn: 'alphanumeric',
    cell: (info) =>
      info.row.original.kind === 'coin' ? (
        <span className="muted">CoinStore</span>
      ) : (
        <span className="assets-store">
          <AddressLink address={info.getValue()} noCopy />
          {info.row.original.primary && <span className="muted"> (primary)</span>}
        </span>
      ),
  }),
  helper.accessor('frozen', {
    header: 'Frozen',
    sortFn: 'alphanumeric',
    cell: (info) => (info.getValue() ? <strong className="assets-frozen">frozen</strong> : 'no'),
  }),
]);

/** Estimated row height (px). */
const ROW_HEIGHT = 34;

/** Props of {@link AssetsTable}. */
export interface AssetsTableProps {
  readonly rows: readonly AssetRow[];
}

/** The virtualized, sortable table. */
export function AssetsTable({ rows }: AssetsTableProps): ReactNode {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useTable({
    features,
    columns,
    data: rows as AssetRow[],
    getRowId: (row) => `${row.kind}:${row.id}`,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const visible = table.getRowModel().rows;
  const placed = useHydrated();
  const { scrollRef, virtualizer } = useVirtualRows({
    count: visible.length,
    rowHeight: ROW_HEIGHT,
    rowKey: (index) => visible[index]?.id ?? index,
    overscan: 12,
  });
  return (
    <div className="assets-table" role="table" aria-label="Assets" aria-rowcount={visible.length + 1}>
      <div role="rowgroup">
        {table.getHeaderGroups().map((group) => (
          <div role="row" className="assets-row assets-head" key={group.id}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              return (
                <span
                  role="columnheader"
                  key={header.id}
                  className={`assets-cell col-${header.column.id}`}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                >
                  <button type="button" className="assets-sort" onClick={header.column.getToggleSortingHandler()}>
                    <table.FlexRender header={header} />
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
      <div className="assets-scroll" ref={scrollRef}>
        <div role="rowgroup" {...rowGroupProps(placed, virtualizer.getTotalSize())}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = visible[item.index];
            if (!row) return null;
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="assets-row assets-item"
                style={rowStyle(placed, item.start)}
              >
                {row.getAllCells().map((cell) => (
                  <span role="cell" key={cell.id} className={`assets-cell col-${cell.column.id}`}>
                    <FlexRender cell={cell} />
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
