/**
 * A block's transactions (TanStack Table v9 for the columns; `@tanstack/react-virtual` rows, since a
 * block may hold 10,000 and more): version (a link to the transaction's page), kind, sender, function,
 * status (failed ones marked, with their `vm_status`) and gas used. Scrolling near the end asks for
 * more when the block has more than were read.
 */
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link } from 'react-router';
import type { CommittedTransactionJson } from '../../api/transaction-json.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { measureWithFloor, observeRectWithFloor } from '../../lib/virtual-rect.ts';
import { functionOf, kindLabel } from './transaction-kind.ts';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, CommittedTransactionJson>();

/**
 * The link to a transaction's page (the pinned version kept, as every link between pages does). The block
 * holding a pinned version may hold later ones too: those are marked, since the state shown elsewhere is
 * before them.
 */
function TransactionLink({ version }: { readonly version: string }): ReactNode {
  const { pinned } = useLedgerVersion();
  const afterPin = pinned !== undefined && /^\d+$/.test(pinned) && BigInt(version) > BigInt(pinned);
  return (
    <>
      <Link className="mono" to={withVersion(`/txn/${version}`, pinned)} aria-label={`Transaction ${version}`}>
        {version}
      </Link>
      {afterPin && (
        <span className="after-pin" title={`After the pinned version ${pinned ?? ''}`}>
          {' '}
          after pin
        </span>
      )}
    </>
  );
}

function Status({ transaction }: { readonly transaction: CommittedTransactionJson }): ReactNode {
  if (transaction.success === undefined) return <span className="muted">—</span>;
  if (transaction.success) return <span className="txn-status">success</span>;
  return (
    <span className="txn-status failed" title={transaction.vm_status}>
      <span aria-hidden="true">✕ </span>failed: {transaction.vm_status ?? 'no vm_status'}
    </span>
  );
}

const columns = helper.columns([
  helper.accessor('version', { header: 'Version', cell: (info) => <TransactionLink version={info.getValue()} /> }),
  helper.accessor('type', { header: 'Kind', cell: (info) => kindLabel(info.getValue()) }),
  helper.accessor('sender', {
    header: 'Sender',
    cell: (info) => {
      const sender = info.getValue();
      return sender === undefined ? <span className="muted">—</span> : <AddressLink address={sender} noCopy />;
    },
  }),
  helper.display({
    id: 'function',
    header: 'Function',
    cell: (info) => {
      const name = functionOf(info.row.original);
      return name === undefined ? (
        <span className="muted">—</span>
      ) : (
        <span className="mono" title={name}>
          {name}
        </span>
      );
    },
  }),
  helper.display({ id: 'status', header: 'Status', cell: (info) => <Status transaction={info.row.original} /> }),
  helper.accessor('gas_used', { header: 'Gas used', cell: (info) => <span className="mono">{info.getValue()}</span> }),
]);

/** Estimated row height (px). */
const ROW_HEIGHT = 34;

/** Props of {@link BlockTransactionsTable}. */
export interface BlockTransactionsTableProps {
  /** The rows shown (already filtered), ascending by version. */
  readonly transactions: readonly CommittedTransactionJson[];
  /** Called when the last rows come into view (to read more of a block past the node's cap). */
  readonly onNearEnd?: (() => void) | undefined;
}

/** The virtualized transactions table. */
export function BlockTransactionsTable({ transactions, onNearEnd }: BlockTransactionsTableProps): ReactNode {
  const table = useTable({
    features,
    columns,
    data: transactions as CommittedTransactionJson[],
    getRowId: (row) => row.version,
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
    observeElementRect: observeRectWithFloor,
    measureElement: measureWithFloor(ROW_HEIGHT),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onNearEnd !== undefined && rows.length > 0 && lastIndex >= rows.length - 5) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  return (
    <div className="blocks-grid block-txns" role="table" aria-label="Transactions" aria-rowcount={rows.length + 1}>
      <div role="rowgroup">
        {table.getHeaderGroups().map((group) => (
          <div role="row" className="blocks-row blocks-head" key={group.id}>
            {group.headers.map((header) => (
              <span role="columnheader" key={header.id} className={`blocks-cell col-${header.column.id}`}>
                <table.FlexRender header={header} />
              </span>
            ))}
          </div>
        ))}
      </div>
      <div className="blocks-scroll" ref={scrollRef}>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const failed = row.original.success === false;
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={`blocks-row blocks-item${failed ? ' failed' : ''}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.getAllCells().map((cell) => (
                  <span role="cell" key={cell.id} className={`blocks-cell col-${cell.column.id}`}>
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
