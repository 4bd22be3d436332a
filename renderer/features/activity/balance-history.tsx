/**
 * "APT balance over versions" above the Activity list: the balance just after each of the newest changing
 * transactions up to the view's version (balance-points.ts: the node's balance at V walked back through the
 * indexer's changes), as a chart (balance-chart.tsx, lazy) and as a table of links, which is the keyboard and
 * screen-reader way to the same points. Closed by default: nothing is read until it is opened.
 */
import type { ReactNode } from 'react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { accountHistoryQuery, APT_ASSET_TYPES, indexerAddress } from '../../api/queries/history-queries.ts';
import { balanceQuery } from '../../api/queries/transaction-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { APT_DECIMALS, formatUnits } from '../../lib/format-amount.ts';
import { balancePoints } from './balance-points.ts';
import { historyEntry } from './history-model.ts';

const BalanceChart = lazy(() => import('./balance-chart.tsx').then((m) => ({ default: m.BalanceChart })));

/** Changing transactions read for the chart. */
const POINTS = 100;

/** The points, read once opened. */
function Points({ address }: { readonly address: string }): ReactNode {
  const { effective } = useLedgerVersion();
  const history = useInfiniteQuery(accountHistoryQuery(address, { asset: APT_ASSET_TYPES[0] }, effective, POINTS));
  const balance = useQuery(balanceQuery(address, APT_ASSET_TYPES[0], effective));
  const long = indexerAddress(address);
  const points = useMemo(() => {
    const rows = history.data?.pages[0]?.rows;
    if (rows === undefined || balance.data === undefined) return undefined;
    return balancePoints(
      rows.map((row) => historyEntry(row, long)),
      APT_ASSET_TYPES[0],
      balance.data,
    );
  }, [history.data, balance.data, long]);
  if (history.isError) return <ErrorView error={history.error} onRetry={() => void history.refetch()} />;
  if (balance.isError) return <ErrorView error={balance.error} onRetry={() => void balance.refetch()} />;
  if (points === undefined) return <LoadingView label="Loading the balance's changes…" />;
  if (points.length === 0) return <p>No APT change up to version {effective}.</p>;
  return (
    <>
      <Suspense fallback={<LoadingView label="Loading the chart…" />}>
        <BalanceChart points={points} />
      </Suspense>
      <table className="asset-points" aria-label="APT balance over versions">
        <caption>
          The APT balance after each of the {points.length} newest changes up to version {effective}, oldest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Change</th>
            <th scope="col">Balance after</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.version} data-version={point.version} data-balance={point.balance.toString()}>
              <td>
                <VersionLink version={point.version} noPin />
              </td>
              <td className="mono">
                {point.change > 0n ? '+' : '−'}
                {formatUnits(point.change < 0n ? -point.change : point.change, APT_DECIMALS)}
              </td>
              <td className="mono">{formatUnits(point.balance, APT_DECIMALS)} APT</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The collapsible section. */
export function BalanceHistory({ address }: { readonly address: string }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <details className="balance-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>APT balance over versions</summary>
      {open && <Points address={address} />}
    </details>
  );
}
