/**
 * The block page's kind filter: one checkbox per kind the chain itself writes (block metadata, state
 * checkpoint, block epilogue) present in the block, with its count; unticked kinds are hidden. The
 * hidden kinds live in the URL (`?hide=a,b`), so a filtered block is a deep link.
 */
import type { ReactNode } from 'react';
import type { CommittedTransactionJson } from '../../api/transaction-json.ts';
import { HIDEABLE_KINDS, kindLabel } from './transaction-kind.ts';

/** The URL parameter holding the hidden kinds (comma-separated node `type`s). */
export const HIDE_PARAM = 'hide';

/** The hidden kinds of the URL (only kinds the filter offers). */
export function hiddenKindsOf(params: URLSearchParams): ReadonlySet<string> {
  const named = new Set((params.get(HIDE_PARAM) ?? '').split(','));
  return new Set(HIDEABLE_KINDS.filter((kind) => named.has(kind)));
}

/** Props of {@link KindFilter}. */
export interface KindFilterProps {
  /** Every transaction read (the counts are over these). */
  readonly transactions: readonly CommittedTransactionJson[];
  readonly hidden: ReadonlySet<string>;
  onChange(hidden: ReadonlySet<string>): void;
}

/** The checkboxes (nothing when the block holds none of the hideable kinds). */
export function KindFilter({ transactions, hidden, onChange }: KindFilterProps): ReactNode {
  const counts = new Map<string, number>();
  for (const transaction of transactions) counts.set(transaction.type, (counts.get(transaction.type) ?? 0) + 1);
  const present = HIDEABLE_KINDS.filter((kind) => counts.has(kind) || hidden.has(kind));
  if (present.length === 0) return null;
  const toggle = (kind: string, show: boolean): void => {
    const next = new Set(hidden);
    if (show) next.delete(kind);
    else next.add(kind);
    onChange(next);
  };
  return (
    <fieldset className="kind-filter">
      <legend>Show</legend>
      {present.map((kind) => (
        <label key={kind}>
          <input type="checkbox" checked={!hidden.has(kind)} onChange={(event) => toggle(kind, event.target.checked)} />
          {kindLabel(kind)} ({(counts.get(kind) ?? 0).toLocaleString('en-US')})
        </label>
      ))}
    </fieldset>
  );
}
