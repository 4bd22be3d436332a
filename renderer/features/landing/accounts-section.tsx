/**
 * The accounts that exist at the effective version (`GET /explorer/v1/accounts`), paged with
 * "Load more" (cursor `after`); the loaded pages stay on screen while the next loads.
 */
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { explorerAccountsQuery } from '../../api/queries/explorer-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';

/** Accounts per page. */
const PAGE_SIZE = 50;

function AccountsList({ version }: { readonly version: string }): ReactNode {
  // No placeholder across versions: another version's accounts must never sit under this version's heading.
  const accounts = useInfiniteQuery(explorerAccountsQuery(version, PAGE_SIZE));
  // Read before the narrowing below: a failed next page keeps the loaded pages and adds this error.
  const nextPageError: unknown = accounts.isFetchNextPageError ? accounts.error : undefined;
  if (accounts.isPending) return <LoadingView label="Loading accounts…" />;
  if (accounts.isError) return <ErrorView error={accounts.error} onRetry={() => void accounts.refetch()} />;
  const list = accounts.data.pages.flatMap((page) => page.body.accounts);
  if (list.length === 0) return <EmptyView>No account exists at version {version}.</EmptyView>;
  return (
    <>
      <ol className="landing-list accounts-list">
        {list.map((address) => (
          <li key={address}>
            <AddressLink address={address} />
          </li>
        ))}
      </ol>
      <div className="landing-more">
        <span className="muted">
          {list.length} shown{accounts.hasNextPage ? '' : ' (all)'}
        </span>
        {accounts.hasNextPage && (
          <button type="button" onClick={() => void accounts.fetchNextPage()} disabled={accounts.isFetchingNextPage}>
            {accounts.isFetchingNextPage ? 'Loading…' : 'Load more accounts'}
          </button>
        )}
        {nextPageError !== undefined && <ErrorView error={nextPageError} />}
      </div>
    </>
  );
}

/** The accounts card of the landing page. */
export function AccountsSection(): ReactNode {
  const { effective } = useLedgerVersion();
  return (
    <section className="landing-card" aria-labelledby="landing-accounts">
      <h2 id="landing-accounts">
        Accounts{effective !== undefined && <span className="muted"> at version {effective}</span>}
      </h2>
      {effective === undefined ? <LoadingView label="Loading the ledger…" /> : <AccountsList version={effective} />}
    </section>
  );
}
