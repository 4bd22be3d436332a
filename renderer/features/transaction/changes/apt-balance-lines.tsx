/**
 * The highlighted APT lines of the changes section: each account whose APT (coin store plus primary
 * fungible store) changed, with the change in APT and in octas. The befores are the few APT stores
 * the write set touched, read at V − 1 as soon as the section opens.
 */
import type { ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { JsonValue } from '../../../../shared/api/wire-schemas.ts';
import { resourceAtQuery } from '../../../api/queries/change-queries.ts';
import type { WriteSetChangeJson } from '../../../api/transaction-json.ts';
import { accountPath } from '../../../components/address-link.tsx';
import { InlineError } from '../../../components/status-views.tsx';
import { withVersion } from '../../../app/use-ledger-version.ts';
import { APT_DECIMALS, formatBaseUnits, formatUnits } from '../../../lib/format-amount.ts';
import { noBeforeText, type BeforeVersion } from './before-version.ts';
import { aptBalanceChanges, aptReadKey, aptStoreReads, type AptBalanceChange } from './apt-balance-changes.ts';
import { factsFor, resourceBefore, resourceFactsKey, type FactsSource } from './change-facts.ts';

/** `−0.0012` / `+1.5`: a signed amount with a real minus sign. */
export function signed(delta: bigint, text: (magnitude: bigint) => string): string {
  return `${delta < 0n ? '−' : '+'}${text(delta < 0n ? -delta : delta)}`;
}

/** One account's line: `0x… APT −0.0012 (−120,000 octas)`. */
export function aptLineText(change: AptBalanceChange): string {
  const apt = signed(change.delta, (m) => formatUnits(m, APT_DECIMALS));
  const octas = signed(change.delta, formatBaseUnits);
  return `APT ${apt} (${octas} octas)`;
}

/** Props of {@link AptBalanceLines}. */
export interface AptBalanceLinesProps {
  readonly changes: readonly WriteSetChangeJson[];
  readonly version: string;
  readonly before: BeforeVersion;
  /** The explorer's facts of the write set (its befores), or that the stores are read from the node. */
  readonly facts: FactsSource;
  /** Listed first when its APT changed (the sender). */
  readonly sender: string | undefined;
  /** The fee payer of a sponsored transaction (marked as such). */
  readonly feePayer?: string | undefined;
}

/** The APT change lines (nothing when no APT store was written). */
export function AptBalanceLines({
  changes,
  version,
  before,
  facts,
  sender,
  feePayer,
}: AptBalanceLinesProps): ReactNode {
  const reads = aptStoreReads(changes);
  const readable = before.kind === 'readable' ? before.version : undefined;
  // Each store's before as the explorer read it; the node is asked for the ones it could not say.
  const told = reads.map((r) => {
    const known = factsFor(facts, resourceFactsKey(r.address, r.type));
    return known === undefined || known === 'pending' ? known : resourceBefore(known);
  });
  const results = useQueries({
    queries: reads.map((r, i) => resourceAtQuery(r.address, r.type, told[i] === undefined ? readable : undefined)),
  });
  const answers = reads.map((_, i) => {
    const said = told[i];
    if (said === undefined) return results[i];
    return { isPending: said === 'pending', isError: false, error: null, data: said === 'pending' ? null : said };
  });
  if (reads.length === 0) return null;
  if (before.kind === 'waiting') return <p className="apt-changes-note muted">Reading the ledger…</p>;
  if (before.kind === 'pruned')
    return <p className="apt-changes-note">APT balance changes are unknown: {noBeforeText(before)}</p>;
  const failed = answers.find((r) => r?.isError);
  if (failed?.error) return <InlineError error={failed.error} prefix="APT balance changes" className="apt-changes" />;
  if (readable !== undefined && answers.some((r) => r?.isPending))
    return <p className="apt-changes-note muted">Reading APT balances before this transaction…</p>;
  const values = new Map<string, JsonValue | null>(
    reads.map((r, i) => [aptReadKey(r.address, r.type), (answers[i]?.data?.data as JsonValue | undefined) ?? null]),
  );
  const lines = aptBalanceChanges(changes, values, sender);
  if (lines.length === 0) return <p className="apt-changes-note muted">No account&apos;s APT balance changed.</p>;
  return (
    <ul className="apt-changes" aria-label="APT balance changes">
      {lines.map((line) => (
        <li key={line.account} className={line.delta < 0n ? 'apt-down' : 'apt-up'}>
          <Link className="mono" to={withVersion(accountPath(line.account), version)}>
            {line.account}
          </Link>{' '}
          <strong>{aptLineText(line)}</strong>
          {line.account === sender && <span className="muted"> (sender)</span>}
          {line.account === feePayer && <span className="muted"> (fee payer)</span>}
        </li>
      ))}
    </ul>
  );
}
