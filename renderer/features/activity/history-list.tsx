/**
 * Every transaction that touched the account, newest first and never past the view's version
 * (renderer/api/queries/history-queries.ts): a virtualized list that pages as it is scrolled, filtered by asset,
 * direction and function (history-filters.tsx, in the URL), exported with its provenance.
 */
import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { accountHistoryQuery, indexerAddress } from '../../api/queries/history-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { ExportMenu } from '../../components/export-menu/export-menu.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';
import { useAccountSubject } from '../../lib/use-account-subject.ts';
import { BalanceHistory } from './balance-history.tsx';
import { HistoryFilterBar, useHistoryFilters } from './history-filters.tsx';
import { historyEntry, type HistoryEntry } from './history-model.ts';
import { HistoryRowView } from './history-row.tsx';
import './activity.css';
import { useVirtualRows } from '../../lib/use-virtual-rows.ts';
import { rowGroupProps, useHydrated } from '../../lib/use-hydrated.ts';

const ROW_HEIGHT = 36;
const HEADERS = ['Version', 'Time', 'Function', 'Direction', 'Status', 'Fee (APT)', 'Balance change'] as const;

/** An entry as one export row (amounts as exact base-unit text with their decimals). */
function exportRow(entry: HistoryEntry): object {
  return {
    version: entry.version,
    time: entry.time ?? null,
    function: entry.fn ?? null,
    direction: entry.direction,
    success: entry.success,
    fee_octas: entry.fee?.toString() ?? null,
    changes: entry.changes.map((change) => ({
      asset_type: change.assetType,
      symbol: change.symbol,
      decimals: change.decimals ?? null,
      amount: change.amount.toString(),
    })),
  };
}

/** Props of {@link HistoryList}. */
export interface HistoryListProps {
  /** Short form. */
  readonly address: string;
}

/** The history of `address` as of the view's version. */
export function HistoryList({ address }: HistoryListProps): ReactNode {
  const { effective } = useLedgerVersion();
  const subject = useAccountSubject(address);
  const [filters, setFilters] = useHistoryFilters();
  const query = useInfiniteQuery(accountHistoryQuery(address, filters, effective));
  const long = indexerAddress(address);
  const entries = useMemo(
    () => query.data?.pages.flatMap((page) => page.rows.map((row) => historyEntry(row, long))) ?? [],
    [query.data, long],
  );
  const placed = useHydrated();
  const { scrollRef, virtualizer } = useVirtualRows({
    count: entries.length,
    rowHeight: ROW_HEIGHT,
    rowKey: (index) => entries[index]?.version ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entries.length - 5) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, entries.length]);

  const filterBar = <HistoryFilterBar key={JSON.stringify(filters)} filters={filters} onChange={setFilters} />;
  if (query.isError && entries.length === 0) {
    return (
      <div className="activity-panel">
        {filterBar}
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (query.isPending) return <LoadingView label="Loading activity…" />;
  const filtered = filters.asset !== undefined || filters.direction !== undefined || filters.fn !== undefined;
  return (
    <div className="activity-panel">
      <BalanceHistory address={address} />
      {filterBar}
      <div className="panel-toolbar">
        <span className="panel-count" role="status" aria-live="polite">
          {entries.length} {plural(entries.length, 'transaction')} loaded{hasNextPage ? ' (more below)' : ''} · every
          transaction that touched this account{filtered ? ', filtered' : ''}, newest first, up to version {effective}
        </span>
        <button type="button" disabled={!hasNextPage || isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? 'Loading…' : 'Older transactions'}
        </button>
        <ExportMenu
          name={`${address}-activity-${effective ?? 'latest'}`}
          rows={entries.map(exportRow)}
          subject={`${subject ?? `account ${address}`}, transactions that touched it`}
        />
      </div>
      {entries.length === 0 ? (
        <EmptyView>
          No transaction touched this account{filtered ? ' with these filters' : ''} up to version {effective}.
        </EmptyView>
      ) : (
        <div className="activity-table" role="table" aria-label="Activity" aria-rowcount={entries.length + 1}>
          <div role="rowgroup">
            <div role="row" className="activity-row history-row activity-head">
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
                const entry = entries[item.index];
                return entry ? (
                  <HistoryRowView
                    key={entry.version}
                    entry={entry}
                    index={item.index}
                    start={item.start}
                    measure={virtualizer.measureElement}
                  />
                ) : null;
              })}
            </div>
          </div>
        </div>
      )}
      {query.isError && <ErrorView error={query.error} onRetry={() => void query.fetchNextPage()} />}
    </div>
  );
}
