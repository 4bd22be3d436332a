/** The tables the snapshot knows (`GET /explorer/v1/tables`), paged with "Load more". */
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { explorerTablesQuery } from '../../api/queries/explorer-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';

/** Tables per page. */
const PAGE_SIZE = 20;

/** The tables card of the landing page. */
export function TablesSection(): ReactNode {
  const { pinned, effective } = useLedgerVersion();
  const tables = useInfiniteQuery(explorerTablesQuery(effective, PAGE_SIZE));
  let body: ReactNode;
  if (tables.isPending) body = <LoadingView label="Loading tables…" />;
  else if (tables.isError) body = <ErrorView error={tables.error} onRetry={() => void tables.refetch()} />;
  else {
    const list = tables.data.pages.flatMap((page) => page.body.tables);
    body =
      list.length === 0 ? (
        <EmptyView>This snapshot knows no tables.</EmptyView>
      ) : (
        <>
          <ul className="landing-list tables-list">
            {list.map((table) => (
              <li key={table.handle}>
                <Link className="mono" to={withVersion(`/tables/${table.handle}`, pinned)}>
                  {table.handle}
                </Link>
                <span className="landing-detail mono">
                  {table.key_type} → {table.value_type}
                </span>
                {table.owner && (
                  <span className="landing-detail">
                    in <AddressLink address={table.owner.address} noCopy />{' '}
                    {table.owner.field && <code>.{table.owner.field}</code>}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {tables.hasNextPage && (
            <div className="landing-more">
              <button type="button" onClick={() => void tables.fetchNextPage()} disabled={tables.isFetchingNextPage}>
                {tables.isFetchingNextPage ? 'Loading…' : 'Load more tables'}
              </button>
            </div>
          )}
        </>
      );
  }
  return (
    <section className="landing-card" aria-labelledby="landing-tables">
      <h2 id="landing-tables">Tables</h2>
      {body}
    </section>
  );
}
