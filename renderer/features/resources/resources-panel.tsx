/**
 * An account's resources at the effective ledger version: cursor-paged (`X-Aptos-Cursor` → `start`)
 * with a page-size choice, "Load next page" and "Load all" (so the filter can see everything; the
 * remaining pages at the node's largest size, load-all-resources.ts),
 * a type filter, and the virtualized table. A URL hash naming a resource type (`…/resources#0x1::…`,
 * what a table's owner links to) filters to that resource, opens it and scrolls it into view.
 */
import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { RESOURCE_PAGE_SIZES, resourcesQuery } from '../../api/queries/account-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { PagedExportMenu, resourceExportRows } from '../../components/export-menu/paged-export-menu.tsx';
import { plural } from '../../lib/plural.ts';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import { useAccountSubject } from '../../lib/use-account-subject.ts';
import { loadAllResources } from './load-all-resources.ts';
import { resourceRows } from './resource-rows.ts';
import { ResourcesTable } from './resources-table.tsx';
import './resources.css';

const DEFAULT_PAGE_SIZE = 100;

/** The resource type a URL hash names (`#0x1::coin::CoinStore%3C…%3E`), if any. */
function focusOf(hash: string): string | undefined {
  if (hash.length <= 1) return undefined;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return undefined;
  }
}

/** The resources tab. */
export function ResourcesPanel(): ReactNode {
  const { address } = useAccountAddress();
  const subject = useAccountSubject(address);
  const { effective } = useLedgerVersion();
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const focus = focusOf(useLocation().hash);
  const [filter, setFilter] = useState(focus ?? '');
  // A new hash (another owner link while this panel stays mounted) filters to its resource again.
  const [focusSeen, setFocusSeen] = useState(focus);
  if (focus !== focusSeen) {
    setFocusSeen(focus);
    if (focus !== undefined) setFilter(focus);
  }
  const [loadingAll, setLoadingAll] = useState(false);
  const client = useQueryClient();
  const options = resourcesQuery(address, effective, pageSize);
  const listing = JSON.stringify(options.queryKey);
  // A failed "Load all" of this listing (another account, version or page size does not show it).
  const [loadAllFailure, setLoadAllFailure] = useState<{ listing: string; error: unknown } | undefined>(undefined);
  const loadAllError = loadAllFailure?.listing === listing ? loadAllFailure.error : undefined;
  const query = useInfiniteQuery(options);
  const rows = useMemo(() => resourceRows(query.data?.pages.flatMap((page) => page.body) ?? []), [query.data]);
  // "Load all" stops when the panel goes or shows another account, version or page size.
  const loadAllRun = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => loadAllRun.current?.abort(), [address, effective, pageSize]);

  const loadAll = async (): Promise<void> => {
    if (address === undefined || effective === undefined) return;
    const run = new AbortController();
    loadAllRun.current = run;
    setLoadingAll(true);
    setLoadAllFailure(undefined);
    try {
      // Ends at the list's end, at a failed page (its error shown under the table, with Retry) or at the
      // load-all bound ("more available" stays said).
      await loadAllResources(client, { queryKey: options.queryKey, address, version: effective }, run.signal);
    } catch (error) {
      if (!run.signal.aborted) setLoadAllFailure({ listing, error });
    } finally {
      if (loadAllRun.current === run) {
        loadAllRun.current = undefined;
        setLoadingAll(false);
      }
    }
  };

  if (address === undefined) return null;
  if (query.isError && !query.data) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LoadingView label="Loading resources…" />;

  const more = query.hasNextPage;
  // Rows of another version stay while the new one loads, said so in words; paging waits for the new version.
  const shown = query.data?.pages[0]?.version;
  const stale = query.isPlaceholderData && shown !== undefined && shown !== effective;
  const busy = query.isFetchingNextPage || loadingAll || query.isPlaceholderData;
  return (
    <div className="resources-panel">
      <div className="panel-toolbar">
        <label>
          Filter by type
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="e.g. CoinStore"
          />
        </label>
        <label>
          Page size
          <select value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))}>
            {RESOURCE_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={!more || busy} onClick={() => void query.fetchNextPage()}>
          Load next page
        </button>
        <button type="button" disabled={!more || busy} onClick={() => void loadAll()}>
          {loadingAll ? 'Loading all…' : 'Load all'}
        </button>
        <span className="panel-count" role="status" aria-live="polite">
          {rows.length.toLocaleString('en-US')} {plural(rows.length, 'resource')} loaded in{' '}
          {query.data?.pages.length ?? 0} {plural(query.data?.pages.length ?? 0, 'page')}
          {more ? ' · more available' : ' · all loaded'}
          {query.isFetching && !busy ? ' · updating…' : ''}
        </span>
        <PagedExportMenu
          subject={subject}
          name={`${address}-resources-v${shown ?? effective ?? ''}`}
          query={query}
          rowsOf={resourceExportRows}
        />
      </div>
      {filter.trim() !== '' && more && (
        <p className="panel-hint">
          The filter sees the {rows.length.toLocaleString('en-US')} {plural(rows.length, 'resource')} loaded so far;
          “Load all” to filter every resource.
        </p>
      )}
      {stale && (
        <p className="panel-hint" role="status">
          Showing version {shown} while version {effective} loads…
        </p>
      )}
      {query.isError && <ErrorView error={query.error} onRetry={() => void query.fetchNextPage()} />}
      {loadAllError !== undefined && !loadingAll && <ErrorView error={loadAllError} onRetry={() => void loadAll()} />}
      {rows.length === 0 ? (
        <EmptyView>This account holds no resources at version {effective}.</EmptyView>
      ) : (
        <ResourcesTable rows={rows} filter={filter} version={shown ?? effective} address={address} focus={focus} />
      )}
    </div>
  );
}
