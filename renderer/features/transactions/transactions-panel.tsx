/**
 * An account's transaction summaries (sent by it), newest first and never after the version the
 * view reads at: a version-range filter and a start version kept in the URL (`?from=&to=&at=`, a
 * deep link), paging both ways (newer and older pages), the replay protector of each (sequence
 * number or nonce), and each version a link that pins time travel there. A pinned version outside
 * the retained window shows the API's pruned / not-yet error, as the state panels do.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { isReversed, transactionsQuery, type VersionRange } from '../../api/queries/transactions-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { usePinnedRetention } from '../../app/use-pinned-retention.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { PagedExportMenu, summaryExportRows } from '../../components/export-menu/paged-export-menu.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { summariesNewestFirst } from '../../lib/newest-first.ts';
import { plural } from '../../lib/plural.ts';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import { useAccountSubject } from '../../lib/use-account-subject.ts';
import { RangeForm } from './range-form.tsx';
import { replayProtectorText } from './replay-protector.ts';
import './transactions.css';
import { NewerOlderButtons, NO_PAGING } from '../../components/page-buttons.tsx';
import { isU64Text } from '../../../shared/ledger/u64.ts';

const digits = (value: string | null): string | undefined => (value !== null && isU64Text(value) ? value : undefined);

/** The URL parameters of the range (applied values). */
const RANGE_PARAMS = ['from', 'to', 'at'] as const;

/** The transactions tab. */
export function TransactionsPanel(): ReactNode {
  const { address } = useAccountAddress();
  const subject = useAccountSubject(address);
  const { effective } = useLedgerVersion();
  const [search, setSearch] = useSearchParams();
  const range: VersionRange = {
    from: digits(search.get('from')),
    to: digits(search.get('to')),
    at: digits(search.get('at')),
  };
  // A reversed range (from > to) can hold nothing: it is explained without asking the source (the query skips it).
  const reversed = isReversed(range);
  const query = useInfiniteQuery(transactionsQuery(address, range, effective));
  // Summaries take no ledger version: a pinned version outside the retained window is checked apart.
  const pinnedRetention = usePinnedRetention();
  const summaries = useMemo(
    () => summariesNewestFirst(query.data?.pages.flatMap((page) => page.summaries) ?? []),
    [query.data],
  );
  if (address === undefined) return null;

  const apply = (applied: VersionRange): void =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      for (const name of RANGE_PARAMS) {
        const value = applied[name];
        if (value === undefined) next.delete(name);
        else next.set(name, value);
      }
      return next;
    });
  const { outOfRange } = pinnedRetention;
  const capped = range.to !== undefined && effective !== undefined && BigInt(range.to) > BigInt(effective);
  // Rows are "loaded" only when the view shows them: not beside the pinned version's error or a failed first page.
  const failed = outOfRange || (query.isError && summaries.length === 0);
  const unavailable = outOfRange
    ? pinnedRetention.unavailable
    : failed
      ? 'the transactions could not be read'
      : reversed
        ? 'From is after To: no version can be in this range'
        : undefined;

  return (
    <div className="transactions-panel">
      <RangeForm key={RANGE_PARAMS.map((name) => range[name] ?? '').join('|')} range={range} onApply={apply}>
        <NewerOlderButtons query={failed ? NO_PAGING : query} noun="transactions" />
        <span className="panel-count" role="status" aria-live="polite">
          {failed ? 'No transactions loaded' : `${summaries.length} ${plural(summaries.length, 'transaction')} loaded`}
          {!failed && summaries.length > 0
            ? ` · versions ${summaries.at(-1)?.version} to ${summaries[0]?.version}`
            : ''}
        </span>
        <PagedExportMenu
          subject={subject}
          name={`${address}-transactions-v${effective ?? ''}`}
          query={query}
          rowsOf={summaryExportRows}
          unavailable={unavailable}
        />
      </RangeForm>
      {capped && (
        <p className="panel-hint">
          The list stops at version {effective}, the version this view reads at (To version {range.to} is later).
        </p>
      )}
      {outOfRange ? (
        <ErrorView error={pinnedRetention.error} />
      ) : reversed ? (
        <EmptyView>
          From version {range.from} is after To version {range.to}: no version can be in this range. Swap them to list
          it.
        </EmptyView>
      ) : query.isPending ? (
        <LoadingView label="Loading transactions…" />
      ) : query.isError && summaries.length === 0 ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : summaries.length === 0 ? (
        <EmptyView>
          No transactions sent by this account
          {range.from !== undefined || range.to !== undefined ? ' in this version range' : ''}
          {` up to version ${effective ?? ''}`}.
        </EmptyView>
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
