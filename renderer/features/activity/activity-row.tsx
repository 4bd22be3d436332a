/**
 * One transaction of the Activity list: its version (a link to its page, `/txn/{version}`), time, the function
 * it called, its status (a failed one marked, with the VM status), the fee it charged and the account's APT
 * change in it (apt-change-cell.tsx).
 */
import type { ReactNode } from 'react';
import { memo } from 'react';
import { Link } from 'react-router';
import { feePayerOf, isKnownPayload, type UserTransaction } from '../../../shared/api/wire-schemas.ts';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../lib/format-amount.ts';
import { formatUsec } from '../../lib/format-time.ts';
import { AptChangeCell } from './apt-change-cell.tsx';
import { feeOctas } from './apt-change.ts';
import { rowStyle, useHydrated } from '../../lib/use-hydrated.ts';

/** What the transaction ran: the entry function, or the payload's kind. */
export function calledFunction(transaction: UserTransaction): string {
  const payload = transaction.payload;
  return isKnownPayload(payload) && payload.type === 'entry_function_payload' ? payload.function : payload.type;
}

/** The function with a long address cut in the middle (`0xa55e…a55e7::m::f`): the module and name stay visible. */
export function shortFunction(name: string): string {
  const [address, ...rest] = name.split('::');
  if (address === undefined || rest.length === 0 || address.length <= 14) return name;
  return [`${address.slice(0, 6)}…${address.slice(-5)}`, ...rest].join('::');
}

/** Props of {@link ActivityRow}. */
export interface ActivityRowProps {
  readonly address: string;
  readonly transaction: UserTransaction;
  /** The oldest retained version (a balance before it is pruned: not asked for). */
  readonly oldest: string | undefined;
  readonly index: number;
  readonly start: number;
  readonly measure: (element: Element | null) => void;
}

/** One row (memoized: rows that stay in view are not rendered again while scrolling). */
export const ActivityRow = memo(function ActivityRow({
  address,
  transaction,
  oldest,
  index,
  start,
  measure,
}: ActivityRowProps): ReactNode {
  const fee = feeOctas(transaction);
  const failed = transaction.success === false;
  const feePayer = feePayerOf(transaction.signature);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      ref={measure}
      className={`activity-row activity-item${failed ? ' failed' : ''}`}
      style={rowStyle(useHydrated(), start)}
    >
      <span role="cell" className="activity-cell">
        <Link className="mono" to={`/txn/${transaction.version}`} aria-label={`Transaction ${transaction.version}`}>
          {transaction.version}
        </Link>
      </span>
      <span role="cell" className="activity-cell">
        {formatUsec(transaction.timestamp)}
      </span>
      <span role="cell" className="activity-cell mono" title={calledFunction(transaction)}>
        {shortFunction(calledFunction(transaction))}
      </span>
      <span role="cell" className="activity-cell" title={transaction.vm_status}>
        {failed ? <strong className="activity-failed">Failed: {transaction.vm_status}</strong> : 'Success'}
      </span>
      <span
        role="cell"
        className="activity-cell mono activity-fee"
        title={`${formatBaseUnits(fee)} octas${feePayer !== undefined ? ` (paid by the fee payer ${feePayer})` : ''}`}
      >
        {formatUnits(fee, APT_DECIMALS)}
      </span>
      <span role="cell" className="activity-cell activity-change">
        <AptChangeCell address={address} transaction={transaction} oldest={oldest} />
      </span>
    </div>
  );
});
