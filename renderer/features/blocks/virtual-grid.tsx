/**
 * The virtualized ARIA table both blocks pages use: a header row, then rows positioned by
 * `@tanstack/react-virtual` (measured heights) in a bounded scroll area; `onNearEnd` is called when
 * the last rows come into view, so a paged list reads on as it is scrolled.
 */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useVirtualRows } from '../../lib/use-virtual-rows.ts';
import { rowGroupProps, rowStyle, useHydrated } from '../../lib/use-hydrated.ts';

/** Estimated row height (px). */
const ROW_HEIGHT = 34;

/** How close to the last row (in rows) counts as the end. */
const NEAR_END_ROWS = 5;

/** One body row: its cells (each a `role="cell"` element) and extra class names. */
export interface GridRow {
  readonly cells: ReactNode;
  readonly className?: string | undefined;
}

/** Props of {@link VirtualGrid}. */
export interface VirtualGridProps {
  /** The table's accessible name. */
  readonly label: string;
  /** Class names of the table (column widths). */
  readonly className: string;
  /** The header row's cells (each a `role="columnheader"` element). */
  readonly header: ReactNode;
  readonly count: number;
  /** A stable key of row `index`. */
  rowKey(index: number): string;
  /** Row `index`, or undefined when there is none. */
  row(index: number): GridRow | undefined;
  /** Called when the last rows come into view. */
  readonly onNearEnd?: (() => void) | undefined;
}

/** The virtualized table. */
export function VirtualGrid({ label, className, header, count, rowKey, row, onNearEnd }: VirtualGridProps): ReactNode {
  const placed = useHydrated();
  const { scrollRef, virtualizer } = useVirtualRows({
    count,
    rowHeight: ROW_HEIGHT,
    rowKey,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onNearEnd !== undefined && count > 0 && lastIndex >= count - NEAR_END_ROWS) onNearEnd();
  }, [lastIndex, count, onNearEnd]);

  return (
    <div className={`blocks-grid ${className}`} role="table" aria-label={label} aria-rowcount={count + 1}>
      <div role="rowgroup">
        <div role="row" className="blocks-row blocks-head">
          {header}
        </div>
      </div>
      <div className="blocks-scroll" ref={scrollRef}>
        <div role="rowgroup" {...rowGroupProps(placed, virtualizer.getTotalSize())}>
          {items.map((item) => {
            const shown = row(item.index);
            if (shown === undefined) return null;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={`blocks-row blocks-item${shown.className === undefined ? '' : ` ${shown.className}`}`}
                style={rowStyle(placed, item.start)}
              >
                {shown.cells}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
