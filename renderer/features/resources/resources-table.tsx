/**
 * The resources table (TanStack Table v9): type, module and JSON size columns, a type filter
 * (global filter over type and module), and rows that expand to the resource's JSON tree and its
 * stored (BCS) size. Rows are
 * virtualized (`@tanstack/react-virtual`, measured heights) so 10,000 resources scroll smoothly.
 * A focused type (from the URL hash) starts open and is scrolled into view once it is loaded.
 */
import type { ReactNode } from 'react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  FlexRender,
  filterFn_includesString,
  globalFilteringFeature,
  rowExpandingFeature,
  tableFeatures,
  useTable,
  type ExpandedState,
} from '@tanstack/react-table';
import { JsonTree, type JsonLinkFor } from '../../components/json-tree/json-tree.tsx';
import { moveValueLinks } from '../../lib/value-links.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import type { ResourceRow } from './resource-rows.ts';
import { StoredSize } from './stored-size.tsx';
import { useVirtualRows } from '../../lib/use-virtual-rows.ts';
import { rowGroupProps, rowStyle, useHydrated } from '../../lib/use-hydrated.ts';

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowExpandingFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
});

const helper = createColumnHelper<typeof features, ResourceRow>();
const columns = helper.columns([
  helper.accessor('type', {
    header: 'Type',
    cell: (info) => <span className="mono resource-type">{info.getValue()}</span>,
  }),
  helper.accessor('module', { header: 'Module', cell: (info) => <span className="mono">{info.getValue()}</span> }),
  helper.accessor('size', {
    header: () => (
      <span title="UTF-8 bytes of the resource's JSON as the API sent it. Open a resource for its stored (BCS) size.">
        JSON size (bytes)
      </span>
    ),
    enableGlobalFilter: false,
    cell: (info) => <span className="mono">{info.getValue().toLocaleString('en-US')}</span>,
  }),
]);

/** Props of {@link ResourcesTable}. */
export interface ResourcesTableProps {
  readonly rows: readonly ResourceRow[];
  /** The filter text (matched case-insensitively against type and module). */
  readonly filter: string;
  /** The version the resources were read at (links inside the JSON keep it). */
  readonly version: string | undefined;
  /** The account (short form), for the stored size of an opened resource. */
  readonly address: string;
  /** A resource type to open and scroll to (the URL hash), if any. */
  readonly focus?: string | undefined;
}

type TableRow = ReturnType<ReturnType<typeof useTable<typeof features, ResourceRow>>['getRowModel']>['rows'][number];

/** Props of one virtual row; `open` and `start` are passed so the memo sees what changed. */
interface ResourceRowViewProps {
  readonly row: TableRow;
  readonly open: boolean;
  readonly index: number;
  readonly start: number;
  readonly measure: (element: Element | null) => void;
  readonly linkFor: JsonLinkFor;
  readonly address: string;
  readonly version: string | undefined;
}

/**
 * One resource row and, when open, its JSON tree. Memoized: while scrolling, rows that stay in view
 * keep their props and are not rendered again (only rows entering the window are).
 */
const ResourceRowView = memo(function ResourceRowView({
  row,
  open,
  index,
  start,
  measure,
  linkFor,
  address,
  version,
}: ResourceRowViewProps): ReactNode {
  return (
    <div data-index={index} ref={measure} className="resources-item" style={rowStyle(useHydrated(), start)}>
      {/* The whole row toggles (the 26 px button alone was a small target); clicks on the button itself,
          on links, and the end of a text selection do not toggle twice or by accident. */}
      <div
        role="row"
        aria-rowindex={index + 2}
        className={`resources-row${open ? ' open' : ''}`}
        onClick={(event) => {
          if ((event.target as Element).closest('button, a') || window.getSelection()?.toString()) return;
          row.toggleExpanded();
        }}
      >
        <span role="cell" className="resources-toggle-cell">
          <button
            type="button"
            className="row-toggle resources-toggle"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${row.original.type}`}
            onClick={() => row.toggleExpanded()}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        </span>
        {row.getAllCells().map((cell) => (
          <span role="cell" key={cell.id} className={`resources-cell col-${cell.column.id}`}>
            <FlexRender cell={cell} />
          </span>
        ))}
      </div>
      {open && (
        // A row of its own with one cell across the columns: a table's row group may hold only rows.
        <div role="row" className="resources-detail-row">
          <div role="cell" aria-colspan={4} className="resources-detail">
            <StoredSize address={address} type={row.original.type} version={version} />
            <JsonTree value={row.original.resource.data} label="data" linkFor={linkFor} />
          </div>
        </div>
      )}
    </div>
  );
});

/** Estimated height of a collapsed row (px); expanded rows are measured. */
const ROW_HEIGHT = 34;

/** The virtualized, filterable, expandable table. */
export function ResourcesTable({ rows, filter, version, address, focus }: ResourcesTableProps): ReactNode {
  const [expanded, setExpanded] = useState<ExpandedState>(() => (focus === undefined ? {} : { [focus]: true }));
  const [focusSeen, setFocusSeen] = useState(focus);
  if (focus !== focusSeen) {
    setFocusSeen(focus);
    if (focus !== undefined) setExpanded((previous) => (previous === true ? previous : { ...previous, [focus]: true }));
  }
  const data = rows as ResourceRow[];
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.type,
    getRowCanExpand: () => true,
    state: { globalFilter: filter, expanded },
    onExpandedChange: setExpanded,
    // Rows are keyed by type: an open resource stays open across pages and pinned versions (time travel compares in
    // place).
    autoResetExpanded: false,
    globalFilterFn: 'includesString',
  });
  const visible = table.getRowModel().rows;
  const placed = useHydrated();
  const { scrollRef, virtualizer } = useVirtualRows({
    count: visible.length,
    rowHeight: ROW_HEIGHT,
    rowKey: (index) => visible[index]?.id ?? index,
    overscan: 12,
  });
  // Links keep the pin of the URL, never the anchor of an unpinned view (following one must not pin).
  const { pinned } = useLedgerVersion();
  const linkFor = useMemo(() => moveValueLinks(pinned), [pinned]);
  const focusIndex = focus === undefined ? -1 : visible.findIndex((row) => row.id === focus);
  // Scroll once per focused type, when its row is there (it may arrive with a later page).
  const scrolledTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (focus === undefined || focusIndex < 0 || scrolledTo.current === focus) return;
    scrolledTo.current = focus;
    virtualizer.scrollToIndex(focusIndex, { align: 'start' });
  }, [focus, focusIndex, virtualizer]);

  // No match: one short line instead of an empty table with its tall scroll area.
  if (visible.length === 0 && filter.trim() !== '') {
    return (
      <p className="resources-empty" role="status">
        No resources match “{filter.trim()}” (0 of {rows.length.toLocaleString('en-US')}).
      </p>
    );
  }
  return (
    <>
      {filter.trim() !== '' && (
        <p className="panel-hint" role="status">
          {visible.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} match “{filter.trim()}”
        </p>
      )}
      <div className="resources-table" role="table" aria-label="Resources" aria-rowcount={visible.length + 1}>
        <div role="rowgroup">
          {table.getHeaderGroups().map((group) => (
            <div role="row" className="resources-row resources-head" key={group.id}>
              <span className="resources-toggle-cell" aria-hidden="true" />
              {group.headers.map((header) => (
                <span role="columnheader" key={header.id} className={`resources-cell col-${header.column.id}`}>
                  <table.FlexRender header={header} />
                </span>
              ))}
            </div>
          ))}
        </div>
        <div className="resources-scroll" ref={scrollRef} data-testid="resources-scroll">
          <div role="rowgroup" {...rowGroupProps(placed, virtualizer.getTotalSize())}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = visible[item.index];
              return row ? (
                <ResourceRowView
                  key={row.id}
                  row={row}
                  open={row.getIsExpanded()}
                  index={item.index}
                  start={item.start}
                  measure={virtualizer.measureElement}
                  linkFor={linkFor}
                  address={address}
                  version={version}
                />
              ) : null;
            })}
          </div>
        </div>
      </div>
    </>
  );
}
