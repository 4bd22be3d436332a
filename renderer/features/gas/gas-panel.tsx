/**
 * `/gas`: the node's three gas price estimates, refreshed while the source moves, and (for a
 * snapshot, or any source with `/explorer/v1`) a chart of recent blocks' inclusion price and
 * fullness. A remote node without the explorer API gets the estimates only, with the reason.
 * Both are the latest by nature (no `ledger_version` parameter): a pinned version is said not to apply.
 */
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isExplorerUnavailable } from '../../api/queries/explorer-queries.ts';
import { gasEstimateQuery, recentBlocksQuery } from '../../api/queries/gas-queries.ts';
import { useLedgerQuery } from '../../app/use-ledger-query.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { GasEstimates } from './gas-estimates.tsx';
import './gas.css';

// uPlot and its CSS load only when a chart is shown.
const GasChart = lazy(() => import('./gas-chart.tsx').then((m) => ({ default: m.GasChart })));

/** The gas panel (route component). */
export function GasPanel(): ReactNode {
  // The failure stays shown while a refresh of the failed ledger is in flight.
  const { ledger, failure } = useLedgerQuery();
  const latest = ledger.data?.body.ledger_version;
  const estimate = useQuery({ ...gasEstimateQuery(latest), placeholderData: (previous) => previous });
  const blocks = useQuery({ ...recentBlocksQuery(latest), retry: false });
  const noExplorer = isExplorerUnavailable(blocks.error);
  // The header shows a pinned version, but the node estimates only at its latest: say so here.
  const { pinned } = useLedgerVersion();
  return (
    <div className="gas-panel">
      <h1>Gas prices</h1>
      {pinned !== undefined && (
        <p className="gas-pinned" role="note">
          Gas estimates and recent blocks are always the latest; the pinned version{' '}
          <span className="mono">{pinned}</span> does not apply here.
        </p>
      )}
      {failure !== undefined && <ErrorView error={failure.error} />}
      {estimate.isLoading && <LoadingView label="Reading the estimates…" />}
      {estimate.error && <ErrorView error={estimate.error} />}
      {estimate.data && (
        <>
          <GasEstimates estimate={estimate.data.body} />
          <p className="gas-note">
            Estimated at ledger version <span className="mono">{latest}</span>. A transaction pays gas units used × its
            gas unit price (in octas; 1 APT = 100,000,000 octas).
          </p>
        </>
      )}
      <h2>Recent blocks</h2>
      {noExplorer && (
        <EmptyView>
          This source is a node without the explorer API (/explorer/v1), which lists blocks with their gas facts: only
          the estimates are shown.
        </EmptyView>
      )}
      {blocks.isLoading && <LoadingView label="Reading recent blocks…" />}
      {blocks.error && !noExplorer && <ErrorView error={blocks.error} />}
      {blocks.data && blocks.data.body.blocks.length === 0 && <EmptyView>No blocks in this source.</EmptyView>}
      {blocks.data && blocks.data.body.blocks.length > 0 && (
        <Suspense fallback={<LoadingView label="Loading the chart…" />}>
          <GasChart blocks={blocks.data.body.blocks} />
        </Suspense>
      )}
    </div>
  );
}
