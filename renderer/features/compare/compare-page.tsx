/**
 * `/accounts/{address}/compare?from=A&to=B`: the account's resources at two versions side by side,
 * field-level added / removed / changed, unchanged resources and fields collapsed. The versions
 * live in the URL, so a comparison is a deep link.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { allResourcesQuery } from '../../api/queries/table-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { normalizeAddress } from '../../../shared/address.ts';
import { DiffView } from '../../components/diff-view.tsx';
import { CompareForm } from './compare-form.tsx';
import { diffResources, type ResourceChange } from './resource-diff.ts';
import { ExportMenu } from '../../components/export-menu/export-menu.tsx';
import { diffPathText } from '../../lib/json-diff.ts';
import type { ExportRow } from '../../lib/to-csv.ts';
import { useAccountSubject } from '../../lib/use-account-subject.ts';
import './compare.css';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** One export row per changed field (a resource added or removed whole is one row with an empty path). */
function compareExportRows(changes: readonly ResourceChange[]): readonly ExportRow[] {
  return changes
    .filter((change) => change.kind !== 'unchanged')
    .flatMap((change) =>
      change.fields
        .filter((field) => field.kind !== 'unchanged')
        .map((field) => ({
          resource: change.type,
          resource_change: change.kind,
          field: diffPathText(field.path),
          change: field.kind,
          before: field.before,
          after: field.after,
        })),
    );
}

function ResourceBlock({
  change,
  from,
  to,
}: {
  readonly change: ResourceChange;
  readonly from: string;
  readonly to: string;
}): ReactNode {
  return (
    <section className="resource-diff" aria-label={`${change.type} ${change.kind}`}>
      <h3>
        {change.type}
        <span className={`diff-badge badge-${change.kind}`}>{change.kind}</span>
      </h3>
      <DiffView entries={change.fields} fromLabel={`Version ${from}`} toLabel={`Version ${to}`} />
    </section>
  );
}

/** The compare page (route component under an account). */
export function ComparePage(): ReactNode {
  const { address = '' } = useParams();
  const short = normalizeAddress(address);
  const [params, setParams] = useSearchParams();
  const { effective } = useLedgerVersion();
  const from = params.get('from') ?? '';
  const toParam = params.get('to') ?? '';
  const to = toParam === '' ? (effective ?? '') : toParam;
  const ready = isU64Text(from) && isU64Text(to);
  const a = useQuery(allResourcesQuery(short, ready ? from : undefined));
  const b = useQuery(allResourcesQuery(short, ready ? to : undefined));
  const changes = a.data && b.data ? diffResources(a.data, b.data) : undefined;
  const differing = changes?.filter((c) => c.kind !== 'unchanged') ?? [];
  const same = changes?.filter((c) => c.kind === 'unchanged') ?? [];
  const subject = useAccountSubject(short);

  return (
    <div className="compare-page">
      <h2>Compare resources at two versions</h2>
      <CompareForm
        key={`${from}|${toParam}`}
        from={from}
        to={toParam}
        defaultTo={effective}
        onApply={(nextFrom, nextTo) =>
          setParams((previous) => {
            const next = new URLSearchParams(previous);
            next.set('from', nextFrom);
            if (nextTo === undefined) next.delete('to');
            else next.set('to', nextTo);
            return next;
          })
        }
      />
      {!ready && <EmptyView>Enter two ledger versions to compare this account&apos;s resources.</EmptyView>}
      {ready && (a.isLoading || b.isLoading) && <LoadingView label="Reading resources at both versions…" />}
      {a.error && <ErrorView error={a.error} />}
      {b.error && <ErrorView error={b.error} />}
      {changes && (
        <>
          <ExportMenu
            name={`${short}-compare-v${from}-v${to}`}
            rows={compareExportRows(changes)}
            subject={`${subject ?? `account ${short}`}, resources compared at versions ${from} and ${to}`}
          />
          <p className="compare-summary" role="status">
            {differing.length === 0
              ? 'No resource changed'
              : differing.length === 1
                ? '1 resource differs'
                : `${differing.length} resources differ`}{' '}
            between versions {from} and {to}; {same.length} unchanged.
          </p>
          {differing.map((c) => (
            <ResourceBlock key={c.type} change={c} from={from} to={to} />
          ))}
          {same.length > 0 && (
            <details className="diff-unchanged">
              <summary>
                {same.length} unchanged resource{same.length === 1 ? '' : 's'}
              </summary>
              <ul>
                {same.map((c) => (
                  <li key={c.type} className="mono">
                    {c.type}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </div>
  );
}
