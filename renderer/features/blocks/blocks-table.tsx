/**
 * The blocks list as a virtualized table (TanStack Table v9 columns, `@tanstack/react-virtual` rows):
 * height (a link to the block's page), time, first–last version, transaction count (users' ones when
 * the explorer API counts them), proposer (read lazily from the block's metadata transaction, for the
 * rows on screen only) and gas (the lowest price paid and whether the block was full, when known).
 * Scrolling near the end asks for older blocks.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { BlockRow } from '../../api/queries/block-queries.ts';
import { transactionQuery } from '../../api/queries/transaction-queries.ts';
import { isCommittedTransaction } from '../../../shared/api/wire-schemas.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { formatUsec } from '../../lib/format-time.ts';
import { TableGrid } from './table-grid.tsx';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, BlockRow>();

function HeightLink({ height }: { readonly height: string }): ReactNode {
  const { pinned } = useLedgerVersion();
  return (
    <Link className="mono" to={withVersion(`/blocks/${height}`, pinned)} aria-label={`Block ${height}`}>
      {height}
    </Link>
  );
}

/** The proposer named by the block's first transaction (block metadata); genesis and others have none. */
function Proposer({ firstVersion }: { readonly firstVersion: string }): ReactNode {
  const first = useQuery(transactionQuery(firstVersion));
  if (first.isPending) return <span className="muted">…</span>;
  const proposer =
    first.data !== undefined && isCommittedTransaction(first.data) && first.data.type === 'block_metadata_transaction'
      ? first.data.proposer
      : undefined;
  if (proposer === undefined) return <span className="muted">—</span>;
  return <AddressLink address={proposer} noCopy />;
}

function transactionCount(row: BlockRow): string {
  const total = (BigInt(row.lastVersion) - BigInt(row.firstVersion) + 1n).toLocaleString('en-US');
  return row.gas === undefined ? total : `${total} (${row.gas.user_transactions.toLocaleString('en-US')} user)`;
}

function Gas({ row }: { readonly row: BlockRow }): ReactNode {
  if (row.gas === undefined) return <span className="muted">—</span>;
  const price = row.gas.min_gas_unit_price;
  return (
    <span title="The lowest gas unit price a user transaction of this block paid (octas), and whether it was full">
      {price === null ? <span className="muted">no user txn</span> : <span className="mono">{price}</span>}
      {row.gas.full ? <span className="block-full"> · full</span> : ''}
    </span>
  );
}

const columns = helper.columns([
  helper.accessor('height', { header: 'Height', cell: (info) => <HeightLink height={info.getValue()} /> }),
  helper.accessor('timestampUsec', { header: 'Time', cell: (info) => formatUsec(info.getValue()) }),
  helper.display({
    id: 'versions',
    header: 'Versions',
    cell: (info) => (
      <span className="mono">
        {info.row.original.firstVersion}–{info.row.original.lastVersion}
      </span>
    ),
  }),
  helper.display({ id: 'transactions', header: 'Transactions', cell: (info) => transactionCount(info.row.original) }),
  helper.display({
    id: 'proposer',
    header: 'Proposer',
    cell: (info) => <Proposer firstVersion={info.row.original.firstVersion} />,
  }),
  helper.display({ id: 'gas', header: 'Min gas price', cell: (info) => <Gas row={info.row.original} /> }),
]);

/** Props of {@link BlocksTable}. */
export interface BlocksTableProps {
  /** Newest first. */
  readonly blocks: readonly BlockRow[];
  /** Called when the last rows come into view (to read older blocks). */
  readonly onNearEnd?: (() => void) | undefined;
}

/** The virtualized blocks table. */
export function BlocksTable({ blocks, onNearEnd }: BlocksTableProps): ReactNode {
  const table = useTable({ features, columns, data: blocks as BlockRow[], getRowId: (row) => row.height });
  return <TableGrid table={table} label="Blocks" className="blocks-list" onNearEnd={onNearEnd} />;
}
