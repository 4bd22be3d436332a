/**
 * "Balance over versions" above the Activity list, for any asset the account held (coins and fungible assets,
 * renderer/api/queries/held-assets-queries.ts; the choice is `?balance=` in the URL, which opens the section): the
 * balance just after each of the newest changing transactions up to the view's version (balance-points.ts: the
 * node's balance at V walked back through the indexer's changes), as a chart (balance-chart.tsx, lazy) and as a
 * table of links (balance-table.tsx), the keyboard and screen-reader way to the same points. Closed by default:
 * nothing is read until it is opened.
 */
import type { ReactNode } from 'react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { heldAssetsQuery, type HeldAsset } from '../../api/queries/held-assets-queries.ts';
import {
  accountHistoryQuery,
  APT_ASSET_TYPES,
  assetTypesOf,
  indexerAddress,
} from '../../api/queries/history-queries.ts';
import { balanceQuery } from '../../api/queries/transaction-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { balancePoints } from './balance-points.ts';
import { BalanceTable } from './balance-table.tsx';
import { historyEntry } from './history-model.ts';

const BalanceChart = lazy(() => import('./balance-chart.tsx').then((m) => ({ default: m.BalanceChart })));

/** Changing transactions read for the chart. */
const POINTS = 100;
/** The URL parameter naming the chosen asset. */
export const BALANCE_PARAM = 'balance';

/** The type the history's changes are keyed by (history-model.ts: APT's coin type for both forms of APT). */
function changeKey(asset: string): string {
  return assetTypesOf(asset)[0] ?? asset;
}

/** The points of one asset, read once shown. */
function Points({ address, asset }: { readonly address: string; readonly asset: HeldAsset }): ReactNode {
  const { effective } = useLedgerVersion();
  const history = useInfiniteQuery(accountHistoryQuery(address, { asset: asset.asset }, effective, POINTS));
  const balance = useQuery(balanceQuery(address, asset.asset, effective));
  const long = indexerAddress(address);
  const points = useMemo(() => {
    const rows = history.data?.pages[0]?.rows;
    if (rows === undefined || balance.data === undefined) return undefined;
    return balancePoints(
      rows.map((row) => historyEntry(row, long)),
      changeKey(asset.asset),
      balance.data,
    );
  }, [history.data, balance.data, long, asset.asset]);
  if (history.isError) return <ErrorView error={history.error} onRetry={() => void history.refetch()} />;
  if (balance.isError) return <ErrorView error={balance.error} onRetry={() => void balance.refetch()} />;
  if (points === undefined || effective === undefined) return <LoadingView label="Loading the balance's changes…" />;
  if (points.length === 0)
    return (
      <p>
        No {asset.symbol} change up to version {effective}.
      </p>
    );
  return (
    <>
      <Suspense fallback={<LoadingView label="Loading the chart…" />}>
        <BalanceChart points={points} decimals={asset.decimals ?? 0} symbol={asset.symbol} />
      </Suspense>
      <BalanceTable points={points} symbol={asset.symbol} decimals={asset.decimals} version={effective} />
    </>
  );
}

/** The asset choice and the chosen asset's points. */
function Chooser({ address, chosen }: { readonly address: string; readonly chosen: string }): ReactNode {
  const { effective } = useLedgerVersion();
  const [, setParams] = useSearchParams();
  const held = useQuery(heldAssetsQuery(address, effective));
  if (held.isError) return <ErrorView error={held.error} onRetry={() => void held.refetch()} />;
  if (held.data === undefined) return <LoadingView label="Loading the assets it held…" />;
  const key = changeKey(chosen);
  const asset = held.data.find((item) => changeKey(item.asset) === key);
  const choose = (next: string): void =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set(BALANCE_PARAM, next);
        return out;
      },
      { replace: true },
    );
  return (
    <>
      <label className="balance-asset">
        Asset{' '}
        <select value={asset?.asset ?? ''} onChange={(event) => choose(event.target.value)}>
          {asset === undefined && <option value="">{chosen} (not held)</option>}
          {held.data.map((item) => (
            <option key={item.asset} value={item.asset}>
              {item.symbol === item.asset ? item.asset : `${item.symbol} · ${item.name}`}
            </option>
          ))}
        </select>
      </label>
      {asset === undefined ? (
        <p>
          This account held no {chosen} up to version {effective}; choose one of the {held.data.length} assets it held.
        </p>
      ) : (
        <Points key={asset.asset} address={address} asset={asset} />
      )}
    </>
  );
}

/** The collapsible section, open when the URL names an asset. */
export function BalanceHistory({ address }: { readonly address: string }): ReactNode {
  const [params] = useSearchParams();
  const chosen = params.get(BALANCE_PARAM)?.trim() || undefined;
  const [open, setOpen] = useState(chosen !== undefined);
  return (
    <details className="balance-history" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Balance over versions</summary>
      {open && <Chooser address={address} chosen={chosen ?? APT_ASSET_TYPES[0]} />}
    </details>
  );
}
