/**
 * The Activity tab's fallback when the source has no indexer (activity-panel.tsx): the transactions the account
 * sent, newest first and never past the version the view reads at (activity-queries.ts), each with its function,
 * status, fee and the account's APT change. The list is virtualized and pages as it is scrolled; a row reads its
 * APT change only when on screen.
 * Orderless transactions are not in the node's list: the summaries by version range (`transactions`) show them.
 */
import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { accountQuery } from '../../api/queries/account-queries.ts';
import { accountActivityQuery, retainedFloorQuery, type ActivityPage } from '../../api/queries/activity-queries.ts';
import { PagedExportMenu } from '../../components/export-menu/paged-export-menu.tsx';
import type { ExportRow } from '../../lib/to-csv.ts';
import { useAccountSubject } from '../../lib/use-account-subject.ts';
import { feeOctas } from './apt-change.ts';
import { isAbsent } from '../../api/queries/asset-queries.ts';
import { useLedgerQuery } from '../../app/use-ledger-query.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';
import { ActivityRow, calledFunction } from './activity-row.tsx';
import './activity.css';
import { useVirtualRows } from '../../lib/use-virtual-rows.ts';
import { rowGroupProps, useHydrated } from '../../lib/use-hydrated.ts';

/** The export's rows: the loaded transactions as listed, newest first (the APT change is read per row on screen). */
function activityExportRows(data: InfiniteData<ActivityPage> | undefined): readonly ExportRow[] {
  return (data?.pages ?? []).flatMap((page) =>
    page.transactions.map((transaction) => ({
      version: transaction.version,
      hash: transaction.hash,
      timestamp_usec: transaction.timestamp,
      sequence_number: transaction.sequence_number,
      function: calledFunction(transaction),
      success: transaction.success,
      vm_status: transaction.vm_status,
      gas_used: transaction.gas_used,
      gas_unit_price: transaction.gas_unit_price,
      fee_octas: feeOctas(transaction).toString(),
    })),
  );
}

/** Estimated row height (px). */
const ROW_HEIGHT = 36;
const HEADERS = ['Version', 'Time', 'Function', 'Status', 'Fee (APT)', 'APT change'] as const;

/** The list for a known address. */
function Activity({ address }: { readonly address: string }): ReactNode {
  const { effective, pinned } = useLedgerVersion();
  const account = useQuery(accountQuery(address, effective));
  // An address with no account resource (a node answers 404) has sent nothing: sequence number 0.
  const noAccount = account.isError && isAbsent(account.error);
  const sequenceNumber = noAccount ? '0' : account.data?.body.sequence_number;
  // The oldest retained version bounds what is asked for: no page and no balance below it (a 410 each).
  const oldest = useLedgerQuery().ledger.data?.body.oldest_ledger_version;
  const floor = useQuery(retainedFloorQuery(address, oldest));
  const query = useInfiniteQuery(accountActivityQuery(address, sequenceNumber, effective, floor.data));
  const subject = useAccountSubject(address);
  const transactions = useMemo(() => query.data?.pages.flatMap((page) => page.transactions) ?? [], [query.data]);
  const pruned = query.data?.pages.at(-1)?.pruned === true;
  const placed = useHydrated();
  const { scrollRef, virtualizer } = useVirtualRows({
    count: transactions.length,
    rowHeight: ROW_HEIGHT,
    rowKey: (index) => transactions[index]?.version ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // Scrolled near the end of what is loaded: the next older page.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= transactions.length - 5) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, transactions.length]);

  const summaries = (
    <Link to={withVersion(`/accounts/${address}/transactions`, pinned)}>transaction summaries by version range</Link>
  );
  if (account.isError && !noAccount) return <ErrorView error={account.error} onRetry={() => void account.refetch()} />;
  if (floor.isError) return <ErrorView error={floor.error} onRetry={() => void floor.refetch()} />;
  if (query.isError && transactions.length === 0) {
    return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (sequenceNumber === undefined || query.isPending) return <LoadingView label="Loading activity…" />;
  if (transactions.length === 0) {
    return (
      <EmptyView>
        No transactions sent by this account up to version {effective}
        {pruned ? ' that are not pruned' : ''} (orderless ones are listed in the {summaries}).
      </EmptyView>
    );
  }
  return (
    <div className="activity-panel">
      <div className="panel-toolbar">
        <span className="panel-count" role="status" aria-live="polite">
          {transactions.length} of {sequenceNumber} {plural(Number(sequenceNumber), 'transaction')} loaded · newest
          first, up to version {effective}
        </span>
        <button type="button" disabled={!hasNextPage || isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Loading…' : 'Older transactions'}
        </button>
        <PagedExportMenu
          name={`${address}-activity-v${effective ?? ''}`}
          query={query}
          rowsOf={activityExportRows}
          subject={`${subject ?? `account ${address}`}, sent transactions`}
        />
        <span className="panel-hint">
          {pruned ? 'Older ones are pruned (below the oldest retained version) · ' : ''}Sent by this account, by
          sequence number · also: {summaries}
        </span>
      </div>
      <div className="activity-table" role="table" aria-label="Activity" aria-rowcount={transactions.length + 1}>
        <div role="rowgroup">
          <div role="row" className="activity-row activity-head">
            {HEADERS.map((header) => (
              <span role="columnheader" key={header} className="activity-cell">
                {header}
              </span>
            ))}
          </div>
        </div>
        <div className="activity-scroll" ref={scrollRef}>
          <div role="rowgroup" {...rowGroupProps(placed, virtualizer.getTotalSize())}>
            {items.map((item) => {
              const transaction = transactions[item.index];
              return transaction ? (
                <ActivityRow
                  key={transaction.version}
                  address={address}
                  transaction={transaction}
                  oldest={oldest}
                  index={item.index}
                  start={item.start}
                  measure={virtualizer.measureElement}
                />
              ) : null;
            })}
          </div>
        </div>
      </div>
      {query.isError && <ErrorView error={query.error} onRetry={() => void query.fetchNextPage()} />}
    </div>
  );
}

/** The transactions `address` sent (the Activity tab without an indexer). */
export function SentActivity({ address }: { readonly address: string }): ReactNode {
  return <Activity address={address} />;
}
