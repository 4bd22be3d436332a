/**
 * A token's activities at or below the view's version (`token_activities_v2`), newest first, paged by an infinite
 * query ("Older activities"): the transaction, what happened, from and to, the amount, the function.
 */
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  TOKEN_ACTIVITIES_PAGE_SIZE,
  tokenActivitiesQuery,
  type TokenActivityRow,
} from '../../api/queries/token-page-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';

/** The event's name without its module path (`0x1::object::Transfer` → `Transfer`); a mutation names its field. */
function kindOf(row: TokenActivityRow): string {
  const name = row.type.split('::').at(-1) ?? row.type;
  return row.before_value !== null || row.after_value !== null
    ? `${name} (${row.before_value ?? '—'} → ${row.after_value ?? '—'})`
    : name;
}

/** An address cell. */
function Party({ address }: { readonly address: string | null }): ReactNode {
  return address === null ? '—' : <AddressLink address={address} noCopy />;
}

/** The activities of token `id`. */
export function TokenActivities({ id }: { readonly id: string }): ReactNode {
  const { effective } = useLedgerVersion();
  const query = useInfiniteQuery(tokenActivitiesQuery(id, effective, undefined, TOKEN_ACTIVITIES_PAGE_SIZE));
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  let body: ReactNode;
  if (query.isError && query.data === undefined) {
    body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data === undefined) {
    body = <LoadingView label="Loading the token's activities…" />;
  } else if (rows.length === 0) {
    body = <EmptyView>No activity of this token is indexed up to version {effective}.</EmptyView>;
  } else {
    body = (
      <>
        <table className="token-table" aria-label="Token activities">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Activity</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Amount</th>
              <th scope="col">Function</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={`${row.transaction_version}/${row.event_index}`}
                data-version={row.transaction_version}
                data-event={row.event_index}
              >
                <td>
                  <VersionLink version={String(row.transaction_version)} noPin />
                </td>
                <td title={row.type}>{kindOf(row)}</td>
                <td>
                  <Party address={row.from_address} />
                </td>
                <td>
                  <Party address={row.to_address} />
                </td>
                <td className="mono">{String(row.token_amount)}</td>
                <td className="mono token-function">{row.entry_function_id_str ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="panel-toolbar">
          <span className="panel-count" role="status">
            {rows.length} loaded{query.hasNextPage ? ' (more below)' : ''}, newest first, up to version {effective}
          </span>
          {query.hasNextPage && (
            <button type="button" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? 'Loading…' : 'Older activities'}
            </button>
          )}
        </div>
        {query.isError && <ErrorView error={query.error} onRetry={() => void query.fetchNextPage()} />}
      </>
    );
  }
  return (
    <section className="token-section" aria-labelledby="token-activities-title">
      <h2 id="token-activities-title">Activities</h2>
      {body}
    </section>
  );
}
