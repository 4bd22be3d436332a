/**
 * The one virtual-row setup of the app's long lists (events, resources, assets, history, sent activity, a
 * transaction's changes, the blocks grid): rows of a floor height in their own scroll box, measured once drawn
 * (a row that opens grows), with the geometry floors of virtual-rect.ts so a box or row that reports no size
 * still lays rows out in order.
 */
import { useRef, type RefObject } from 'react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { FALLBACK_HEIGHT, measureWithFloor, observeRectWithFloor } from './virtual-rect.ts';

/** What a list tells the hook. */
export interface VirtualRowsOptions {
  /** How many rows the list has. */
  readonly count: number;
  /** A row's height before it is measured (px; also its floor). */
  readonly rowHeight: number;
  /** A stable key of the row at an index (so a measured height follows its row when rows are added before it). */
  readonly rowKey: (index: number) => string | number;
  /** Rows drawn beyond the visible ones on each side. */
  readonly overscan: number;
}

/** The virtualizer of a list and the ref of its scroll box. */
export interface VirtualRows {
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
}

/** Virtual rows in a scroll box: attach `scrollRef` to the box, draw `virtualizer.getVirtualItems()`. */
export function useVirtualRows({ count, rowHeight, rowKey, overscan }: VirtualRowsOptions): VirtualRows {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: rowKey,
    overscan,
    observeElementRect: observeRectWithFloor,
    measureElement: measureWithFloor(rowHeight),
    // No scroll box exists yet on the first render (nor ever on the server): draw the first screen's rows at once.
    initialRect: { width: 0, height: FALLBACK_HEIGHT },
  });
  return { scrollRef, virtualizer };
}
