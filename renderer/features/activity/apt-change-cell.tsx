/**
 * One row's APT change: 0 when the transaction wrote none of the account's APT stores (apt-change.ts), else
 * balance(V) − balance(V−1), read only when the row is on screen (the list is virtualized, so a row's queries
 * start when it scrolls into view). Signed, 8 decimals, exact octas on hover; a before-version that is pruned
 * says so instead of guessing.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/client.ts';
import { balanceQuery } from '../../api/queries/transaction-queries.ts';
import type { UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { InlineError } from '../../components/status-views.tsx';
import { APT_COIN } from '../../lib/apt.ts';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import { aptWrites, versionBefore } from './apt-change.ts';

/** `+1.5 APT`, `−0.02 APT`, `0 APT`. */
export function signedApt(octas: bigint): string {
  const sign = octas > 0n ? '+' : octas < 0n ? '−' : '';
  return `${sign}${formatUnits(octas < 0n ? -octas : octas, APT_DECIMALS)} APT`;
}

/** Props of {@link AptChangeCell}. */
export interface AptChangeCellProps {
  readonly address: string;
  readonly transaction: UserTransaction;
  /** The oldest retained version: a balance before it is pruned, so it is not asked for (a 410). */
  readonly oldest?: string | undefined;
}

/** The APT change of `address` in `transaction`. */
export function AptChangeCell({ address, transaction, oldest }: AptChangeCellProps): ReactNode {
  const writes = aptWrites(transaction, address);
  const touched = writes.coinStore || writes.primaryStore;
  const before = versionBefore(transaction.version);
  const beforePruned = before !== undefined && oldest !== undefined && BigInt(before) < BigInt(oldest);
  const read = touched && !beforePruned;
  const after = useQuery(balanceQuery(read ? address : undefined, APT_COIN, transaction.version));
  const prior = useQuery(balanceQuery(read ? address : undefined, APT_COIN, before));
  if (!touched) {
    return (
      <span
        className="activity-apt muted"
        data-octas="0"
        title="It wrote neither its APT coin store nor its primary store"
      >
        0 APT
      </span>
    );
  }
  if (beforePruned) return <span className="activity-apt muted">unknown (version {before} is pruned)</span>;
  const failed = after.error ?? prior.error;
  if (failed) {
    if (failed instanceof ApiRequestError && failed.is(410, 'version_pruned')) {
      return <span className="activity-apt muted">unknown (version {before} is pruned)</span>;
    }
    return <InlineError error={failed} />;
  }
  if (after.data === undefined || (before !== undefined && prior.data === undefined)) {
    return <span className="activity-apt muted">…</span>;
  }
  const change = after.data - (prior.data ?? 0n);
  const where = [writes.coinStore && 'coin store', writes.primaryStore && 'primary store']
    .filter(Boolean)
    .join(' and ');
  return (
    <span
      className={`activity-apt mono ${change < 0n ? 'negative' : change > 0n ? 'positive' : ''}`}
      data-octas={change.toString()}
      title={`${formatBaseUnits(change)} octas (balance ${formatBaseUnits(prior.data ?? 0n)} → ${formatBaseUnits(
        after.data,
      )}; wrote its ${where})`}
    >
      {signedApt(change)}
    </span>
  );
}
