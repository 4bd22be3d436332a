/**
 * A token's page (`/tokens/{token_data_id}`, version in the URL as on every page): its data and collection
 * (token-facts.tsx), who holds it as of the view's version (`current_token_ownerships_v2`), who held it before
 * (owner-history-table.tsx) and its activities (token-activities.tsx), all from the indexer
 * (renderer/api/queries/token-page-queries.ts). URIs are text: nothing remote is loaded.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isAddress, normalizeAddress } from '../../../shared/address.ts';
import { isNoIndexer } from '../../api/graphql.ts';
import { tokenDataQuery, type TokenOwnerRow } from '../../api/queries/token-page-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { OwnerHistoryTable } from './owner-history-table.tsx';
import { TokenActivities } from './token-activities.tsx';
import { CollectionFacts, TokenFacts } from './token-facts.tsx';
import './token.css';

/** Who holds the token as of the version. */
function Holders({ owners, version }: { readonly owners: readonly TokenOwnerRow[]; readonly version: string }) {
  if (owners.length === 0) return <p data-holders="">Nobody holds it as of version {version}.</p>;
  return (
    <p data-holders={owners.map((owner) => owner.owner_address).join(' ')}>
      Held as of version {version} by{' '}
      {owners.map((owner, index) => (
        <span key={owner.owner_address}>
          {index > 0 && ', '}
          <AddressLink address={owner.owner_address} noCopy />
          {String(owner.amount) === '1' ? '' : ` (${String(owner.amount)})`}
        </span>
      ))}
    </p>
  );
}

/** The page of a token whose id is an address. */
function Token({ id }: { readonly id: string }): ReactNode {
  const { effective } = useLedgerVersion();
  const data = useQuery(tokenDataQuery(id, effective));
  if (data.isError) {
    if (isNoIndexer(data.error)) {
      return (
        <EmptyView>
          A token&apos;s page needs an indexer: {data.error.message}. The token object&apos;s resources are on its
          account page.
        </EmptyView>
      );
    }
    return <ErrorView error={data.error} onRetry={() => void data.refetch()} />;
  }
  if (data.data === undefined || effective === undefined) return <LoadingView label="Loading the token…" />;
  const { token, owners, latestOnly } = data.data;
  return (
    <section className="token-page" aria-labelledby="token-title">
      <h1 id="token-title">
        Token {token?.token_name || ''} <span className="mono token-id">{id}</span>
      </h1>
      {latestOnly && <p role="note">The indexer answers its latest state only: the data and holders are as of now.</p>}
      {token === undefined ? (
        <EmptyView>
          The indexer knows no token at {id} as of version {effective}. An object&apos;s resources are on its{' '}
          <AddressLink address={id} noCopy /> page.
        </EmptyView>
      ) : (
        <>
          <Holders owners={owners} version={effective} />
          <TokenFacts token={token} />
          <section className="token-section" aria-labelledby="token-collection-title">
            <h2 id="token-collection-title">Collection</h2>
            {token.current_collection === null ? (
              <p>
                Collection <AddressLink address={token.collection_id} /> (not in the indexer&apos;s collections).
              </p>
            ) : (
              <CollectionFacts collection={token.current_collection} />
            )}
          </section>
        </>
      )}
      <OwnerHistoryTable id={id} />
      <TokenActivities id={id} />
    </section>
  );
}

/** The page for the token in the URL. */
export function TokenPage(): ReactNode {
  const { token = '' } = useParams();
  if (!isAddress(token)) {
    return (
      <section className="token-page" aria-labelledby="token-title">
        <h1 id="token-title">Token</h1>
        <EmptyView>{token} is not an address: a token (v2) is an object, named by its address.</EmptyView>
      </section>
    );
  }
  return <Token id={normalizeAddress(token)} />;
}
