/**
 * One row of the account's history: version (opens the transaction), time, function, direction, status, the fee it
 * paid and its balance change per asset, signed, each with its asset's decimals (history-model.ts).
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import type { AssetChange, HistoryEntry } from './history-model.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { assetPath } from '../../lib/asset-path.ts';
import { shortFunction } from './activity-row.tsx';
import { rowStyle, useHydrated } from '../../lib/use-hydrated.ts';

/** `+1.5 APT` / `−0.2 USDC` (a true minus sign, as apt-change-cell.tsx; base units when the decimals are unknown). */
export function changeText(change: AssetChange): string {
  const sign = change.amount > 0n ? '+' : change.amount < 0n ? '−' : '';
  const magnitude = change.amount < 0n ? -change.amount : change.amount;
  const amount = change.decimals === undefined ? formatBaseUnits(magnitude) : formatUnits(magnitude, change.decimals);
  return `${sign}${amount} ${change.symbol}`;
}

/** The indexer's `2024-05-01T12:00:00.123456` (UTC, no zone) as `2024-05-01 12:00:00 UTC`. */
export function indexerTime(time: string | undefined): string {
  return time === undefined ? '—' : `${time.replace('T', ' ').replace(/\.\d+$/, '')} UTC`;
}

/** Props of {@link HistoryRowView}. */
export interface HistoryRowProps {
  readonly entry: HistoryEntry;
  readonly index: number;
  readonly start: number;
  readonly measure: (element: Element | null) => void;
}

/** One row (memoized: rows that stay in view are not rendered again while scrolling). */
export const HistoryRowView = memo(function HistoryRowView({ entry, index, start, measure }: HistoryRowProps) {
  const { pinned } = useLedgerVersion();
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      data-version={entry.version}
      ref={measure}
      className={`activity-row history-row activity-item${entry.success ? '' : ' failed'}`}
      style={rowStyle(useHydrated(), start)}
    >
      <span role="cell" className="activity-cell">
        <Link className="mono" to={`/txn/${entry.version}`} aria-label={`Transaction ${entry.version}`}>
          {entry.version}
        </Link>
      </span>
      <span role="cell" className="activity-cell">
        {indexerTime(entry.time)}
      </span>
      <span role="cell" className="activity-cell mono" title={entry.fn}>
        {entry.fn === undefined ? '—' : shortFunction(entry.fn)}
      </span>
      <span role="cell" className={`activity-cell history-direction ${entry.direction}`}>
        {entry.direction}
      </span>
      <span role="cell" className="activity-cell">
        {entry.success ? 'Success' : <strong className="activity-failed">Failed</strong>}
      </span>
      <span
        role="cell"
        className="activity-cell mono activity-fee"
        title={entry.fee === undefined ? 'No fee paid by this account' : `${formatBaseUnits(entry.fee)} octas`}
      >
        {entry.fee === undefined ? '—' : formatUnits(entry.fee, APT_DECIMALS)}
      </span>
      <span role="cell" className="activity-cell activity-change history-changes">
        {entry.changes.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          entry.changes.map((change) => (
            <Link
              key={change.assetType}
              to={withVersion(assetPath(change.assetType), pinned)}
              className={`mono activity-apt ${change.amount < 0n ? 'negative' : change.amount > 0n ? 'positive' : ''}`}
              data-asset={change.assetType}
              data-amount={change.amount.toString()}
              title={`${formatBaseUnits(change.amount)} base units of ${change.assetType}`}
            >
              {changeText(change)}
            </Link>
          ))
        )}
      </span>
    </div>
  );
});
