/**
 * The Activity tab (`/accounts/{a}/activity`): every transaction that touched the account, from the indexer
 * (history-list.tsx). A source without an indexer (a snapshot without its tables, a remote node served without
 * `--indexer`) answers `/v1/graphql` with 404: the tab then says what is missing and how to add it, and lists the
 * transactions the account sent, which the node API alone can list (sent-activity.tsx).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isNoIndexer } from '../../api/graphql.ts';
import { lastBalanceChangeQuery, APT_ASSET_TYPES } from '../../api/queries/history-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import { HistoryList } from './history-list.tsx';
import { SentActivity } from './sent-activity.tsx';

/** The notice above the fallback list. */
function NoIndexerNotice({ message }: { readonly message: string }): ReactNode {
  return (
    <div className="history-no-indexer" role="note">
      <p>
        <strong>Only the transactions this account sent are listed:</strong> this source has no indexer, so what it
        received, fees paid for it and changes to objects it owns cannot be found here.
      </p>
      <p>
        To see every transaction that touched it: with a remote node, start{' '}
        <code>serve --remote URL --indexer INDEXER_URL</code> (docs/remote.md); with a snapshot, upgrade it to format v3
        (<code>ledger-explorer snapshot upgrade IN --out OUT</code>).
      </p>
      <p className="muted">The source said: {message}</p>
    </div>
  );
}

/** The tab for a known address: the history, or the notice and the sent transactions without an indexer. */
function Activity({ address }: { readonly address: string }): ReactNode {
  const { effective } = useLedgerVersion();
  // One small request tells whether the source has an indexer (the header asks the same: one cached answer).
  const probe = useQuery(lastBalanceChangeQuery(address, APT_ASSET_TYPES, effective));
  if (probe.isError && isNoIndexer(probe.error)) {
    return (
      <div className="activity-panel">
        <NoIndexerNotice message={probe.error.message} />
        <SentActivity address={address} />
      </div>
    );
  }
  return <HistoryList address={address} />;
}

/** The Activity tab. */
export function ActivityPanel(): ReactNode {
  const { address } = useAccountAddress();
  return address === undefined ? null : <Activity address={address} />;
}
