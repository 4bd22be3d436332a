/**
 * A TanStack table drawn as the blocks pages' virtualized grid: one column header and one cell per column, each
 * with the `col-{id}` class the pages' CSS sizes. Both the blocks list and a block's transactions use it.
 */
import type { ReactNode } from 'react';
import { FlexRender, type ReactTable, type RowData, type TableFeatures } from '@tanstack/react-table';
import { VirtualGrid } from './virtual-grid.tsx';

/** Props of {@link TableGrid}. */
export interface TableGridProps<TFeatures extends TableFeatures, TData extends RowData> {
  readonly table: ReactTable<TFeatures, TData>;
  /** The grid's accessible name. */
  readonly label: string;
  readonly className: string;
  /** An extra class for a row (e.g. a failed transaction). */
  readonly rowClass?: ((row: TData) => string | undefined) | undefined;
  /** Called when the last rows scroll into view (to read the next page). */
  readonly onNearEnd?: (() => void) | undefined;
}

/** The rows of `table` in a {@link VirtualGrid}. */
export function TableGrid<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  label,
  className,
  rowClass,
  onNearEnd,
}: TableGridProps<TFeatures, TData>): ReactNode {
  const rows = table.getRowModel().rows;
  const header = table
    .getHeaderGroups()
    .flatMap((group) => group.headers)
    .map((column) => (
      <span role="columnheader" key={column.id} className={`blocks-cell col-${column.column.id}`}>
        <FlexRender header={column} />
      </span>
    ));
  return (
    <VirtualGrid
      label={label}
      className={className}
      header={header}
      count={rows.length}
      rowKey={(index) => rows[index]?.id ?? String(index)}
      row={(index) => {
        const row = rows[index];
        if (row === undefined) return undefined;
        return {
          className: rowClass?.(row.original),
          cells: row.getAllCells().map((cell) => (
            <span role="cell" key={cell.id} className={`blocks-cell col-${cell.column.id}`}>
              <FlexRender cell={cell} />
            </span>
          )),
        };
      }}
      onNearEnd={onNearEnd}
    />
  );
}
