/**
 * A block's transactions (TanStack Table v9 for the columns; `@tanstack/react-virtual` rows, since a
 * block may hold 10,000 and more): version (a link to the transaction's page), kind, sender, function,
 * status (failed ones marked, with their `vm_status`) and gas used. Scrolling near the end asks for
 * more when the block has more than were read.
 */
import type { ReactNode } from 'react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Link } from 'react-router';
import { userTransactionOf, type CommittedTransactionJson } from '../../api/transaction-json.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { functionOf, kindLabel } from './transaction-kind.ts';
import { TableGrid } from './table-grid.tsx';
import { decimalU64 } from '../../../shared/ledger/u64.ts';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, CommittedTransactionJson>();

/**
 * The link to a transaction's page (the pinned version kept, as every link between pages does). The block
 * holding a pinned version may hold later ones too: those are marked, since the state shown elsewhere is
 * before them.
 */
function TransactionLink({ version }: { readonly version: string }): ReactNode {
  const { pinned } = useLedgerVersion();
  const pin = pinned === undefined ? undefined : decimalU64(pinned);
  const afterPin = pin !== undefined && BigInt(version) > pin;
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
  helper.accessor((transaction) => userTransactionOf(transaction)?.sender, {
    id: 'sender',
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
  return (
    <TableGrid
      table={table}
      label="Transactions"
      className="block-txns"
      rowClass={(row) => (row.success === false ? 'failed' : undefined)}
      onNearEnd={onNearEnd}
    />
  );
}
