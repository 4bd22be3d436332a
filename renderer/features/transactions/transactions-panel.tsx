/**
 * An account's transaction summaries (sent by it), newest first: a version-range filter kept in the
 * URL (`?from=&to=`, a deep link), paging both ways (newer and older pages), the replay protector
 * of each (sequence number or nonce), and each version a link that pins time travel there.
 */
import type { FormEvent, ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { transactionsQuery, type VersionRange } from '../../api/queries/transactions-queries.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { summariesNewestFirst } from '../../lib/newest-first.ts';
import { useAccountAddress } from '../account/use-account-address.ts';
import { replayProtectorText } from './replay-protector.ts';
import './transactions.css';

const digits = (value: string | null): string | undefined => (value !== null && /^\d+$/.test(value) ? value : undefined);

/** The transactions tab. */
export function TransactionsPanel(): ReactNode {
  const { address } = useAccountAddress();
  const [search, setSearch] = useSearchParams();
  const range: VersionRange = { from: digits(search.get('from')), to: digits(search.get('to')) };
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const query = useInfiniteQuery({ ...transactionsQuery(address ?? '', range), enabled: address !== undefined });
  const summaries = useMemo(
    () => summariesNewestFirst(query.data?.pages.flatMap((page) => page.summaries) ?? []),
    [query.data],
  );
  if (address === undefined) return null;

  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of [['from', from], ['to', to]] as const) {
        if (/^\d+$/.test(value)) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  };

  return (
    <div className="transactions-panel">
      <form className="panel-toolbar" onSubmit={apply} aria-label="Version range">
        <label>
          From version
          <input inputMode="numeric" value={from} onChange={(event) => setFrom(event.target.value.trim())} size={10} />
        </label>
        <label>
          To version
          <input inputMode="numeric" value={to} onChange={(event) => setTo(event.target.value.trim())} size={10} />
        </label>
        <button type="submit">Apply</button>
        <button type="button" disabled={!query.hasPreviousPage || query.isFetchingPreviousPage} onClick={() => void query.fetchPreviousPage()}>
          Newer transactions
        </button>
        <button type="button" disabled={!query.hasNextPage || query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Older transactions
        </button>
        <span className="panel-count" role="status" aria-live="polite">
          {summaries.length} transactions loaded
          {summaries.length > 0 ? ` · versions ${summaries.at(-1)?.version} to ${summaries[0]?.version}` : ''}
        </span>
      </form>
      {query.isPending ? (
        <LoadingView label="Loading transactions…" />
      ) : query.isError && summaries.length === 0 ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : summaries.length === 0 ? (
        <EmptyView>No transactions sent by this account{range.from !== undefined || range.to !== undefined ? ' in this version range' : ''}.</EmptyView>
      ) : (
        <table className="transactions-table" aria-label="Transactions">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Replay protector</th>
              <th scope="col">Transaction hash</th>
            </tr>
          </thead>
          <tbody>
            {summaries.map((summary) => (
              <tr key={summary.version}>
                <td>
                  <VersionLink version={summary.version} to={`/accounts/${address}`} />
                </td>
                <td className="mono">{replayProtectorText(summary.replay_protector)}</td>
                <td className="mono">
                  <div className="transactions-hash">
                    <span title={summary.transaction_hash}>{summary.transaction_hash}</span>
                    <CopyButton text={summary.transaction_hash} label={`Copy hash of version ${summary.version}`} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {query.isError && summaries.length > 0 && <ErrorView error={query.error} />}
    </div>
  );
}
