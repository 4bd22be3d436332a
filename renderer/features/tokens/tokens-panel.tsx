/**
 * The Tokens tab (`/accounts/{a}/tokens`): the tokens the account owns as of the view's version, each with its
 * name, collection and URI as text (never loaded: no remote image or script runs here), the token and its
 * collection linking to their objects and the name to the token's page (renderer/features/token/), from the
 * indexer (renderer/api/queries/token-queries.ts).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isNoIndexer } from '../../api/graphql.ts';
import { ownedTokensQuery } from '../../api/queries/token-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { plural } from '../../lib/plural.ts';
import { tokenPath } from '../../lib/token-path.ts';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import './tokens.css';

/** The tokens of a known address. */
function Tokens({ address }: { readonly address: string }): ReactNode {
  const { effective, pinned } = useLedgerVersion();
  const tokens = useQuery(ownedTokensQuery(address, effective));
  if (tokens.isError) {
    if (isNoIndexer(tokens.error)) {
      return (
        <EmptyView>
          The tokens an account owns come from an indexer, which this source lacks: {tokens.error.message}. Its objects
          are listed under Assets.
        </EmptyView>
      );
    }
    return <ErrorView error={tokens.error} onRetry={() => void tokens.refetch()} />;
  }
  if (tokens.data === undefined) return <LoadingView label="Loading tokens…" />;
  const { rows, count, latestOnly } = tokens.data;
  if (rows.length === 0) return <EmptyView>This account owns no token as of version {effective}.</EmptyView>;
  return (
    <div className="tokens-panel">
      <p className="panel-count" role="status">
        {count} {plural(count, 'token')} owned as of version {effective}
        {rows.length < count ? `, the ${rows.length} newest shown` : ''}
        {latestOnly ? ' (the indexer answers its latest state only)' : ''}
      </p>
      <table className="tokens-table" aria-label="Tokens">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Collection</th>
            <th scope="col">Token</th>
            <th scope="col">Amount</th>
            <th scope="col">URI (not loaded)</th>
            <th scope="col">Since</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.token_data_id} data-token={row.token_data_id}>
              <td>
                <Link to={withVersion(tokenPath(row.token_data_id), pinned)}>
                  {row.current_token_data?.token_name || '(unnamed)'}
                </Link>
              </td>
              <td>
                {row.current_token_data === null ? (
                  '—'
                ) : (
                  <span className="tokens-collection">
                    {row.current_token_data.current_collection?.collection_name ?? '—'}{' '}
                    <AddressLink address={row.current_token_data.collection_id} noCopy />
                  </span>
                )}
              </td>
              <td>
                <AddressLink address={row.token_data_id} noCopy />
              </td>
              <td className="mono">{String(row.amount)}</td>
              <td className="mono tokens-uri">{row.current_token_data?.token_uri || '—'}</td>
              <td>
                <VersionLink version={String(row.last_transaction_version)} noPin />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The Tokens tab. */
export function TokensPanel(): ReactNode {
  const { address } = useAccountAddress();
  return address === undefined ? null : <Tokens address={address} />;
}
