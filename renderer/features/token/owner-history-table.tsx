/**
 * The token's owner history as of the view's version (owner-history.ts over the owner-changing activities,
 * newest first and paged by an infinite query): who held it, from which version to which, each version opening
 * its transaction.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  BURN_TYPES,
  MINT_TYPES,
  OWNER_EVENTS_PAGE_SIZE,
  TRANSFER_TYPES,
  tokenActivitiesQuery,
} from '../../api/queries/token-page-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { ownerHistory, type Holding } from './owner-history.ts';

const OWNER_TYPES = [...MINT_TYPES, ...TRANSFER_TYPES, ...BURN_TYPES];

/** How a holding began, in words. */
function began(holding: Holding): ReactNode {
  switch (holding.how) {
    case 'mint':
      return <>minted at {holding.from !== undefined && <VersionLink version={holding.from} noPin />}</>;
    case 'transfer':
      return <>received at {holding.from !== undefined && <VersionLink version={holding.from} noPin />}</>;
    case 'before':
      return 'before the oldest indexed event';
  }
}

/** How a holding ended, in words. */
function ended(holding: Holding, effective: string): ReactNode {
  if (holding.until === undefined) return `still held at version ${effective}`;
  return (
    <>
      {holding.burned ? 'burned at' : 'sent at'} <VersionLink version={holding.until} noPin />
    </>
  );
}

/** The owner history of token `id`. */
export function OwnerHistoryTable({ id }: { readonly id: string }): ReactNode {
  const { effective } = useLedgerVersion();
  const query = useInfiniteQuery(tokenActivitiesQuery(id, effective, OWNER_TYPES, OWNER_EVENTS_PAGE_SIZE));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const holdings = useMemo(
    () => ownerHistory(query.data?.pages.flatMap((page) => page.rows) ?? [], !hasNextPage),
    [query.data, hasNextPage],
  );
  let body: ReactNode;
  if (query.isError && query.data === undefined) {
    body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data === undefined || effective === undefined) {
    body = <LoadingView label="Loading the owner history…" />;
  } else if (holdings.length === 0) {
    body = <EmptyView>No mint, transfer or burn of this token is indexed up to version {effective}.</EmptyView>;
  } else {
    body = (
      <>
        <table className="token-table" aria-label="Owner history">
          <thead>
            <tr>
              <th scope="col">Owner</th>
              <th scope="col">From</th>
              <th scope="col">Until</th>
            </tr>
          </thead>
          <tbody>
            {holdings.map((holding) => (
              <tr
                key={`${holding.owner}/${holding.from ?? 'before'}`}
                data-owner={holding.owner}
                data-from={holding.from ?? ''}
                data-until={holding.until ?? ''}
              >
                <td>
                  <AddressLink address={holding.owner} noCopy />
                </td>
                <td>{began(holding)}</td>
                <td>{ended(holding, effective)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {hasNextPage && (
          <button type="button" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading…' : 'Older owners'}
          </button>
        )}
        {query.isError && <ErrorView error={query.error} onRetry={() => void fetchNextPage()} />}
      </>
    );
  }
  return (
    <section className="token-section" aria-labelledby="token-owners-title">
      <h2 id="token-owners-title">Owner history</h2>
      <p className="muted">
        Newest first, from the token&apos;s mints, transfers and burns up to version {effective ?? '…'}.
      </p>
      {body}
    </section>
  );
}
