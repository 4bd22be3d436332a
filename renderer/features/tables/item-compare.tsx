/**
 * Compare mode of the table panel: one item (same key) at two ledger versions, field by field. The versions
 * are the lookup's URL fields (`?from=&to=`), so a reload or a shared link shows the same comparison.
 */
import type { ReactNode } from 'react';
import type { Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/client.ts';
import { tableItemQuery, type TableItemRequest } from '../../api/queries/table-queries.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { DiffView } from '../../components/diff-view.tsx';
import { diffJson } from '../../lib/json-diff.ts';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** Props of {@link ItemCompare}: the lookup without its version. */
export interface ItemCompareProps {
  readonly request: Omit<TableItemRequest, 'version'>;
  /** The version in view, the default "to". */
  readonly version: string | undefined;
  /** The "from" version as typed. */
  readonly from: string;
  /** The "to" version as typed; undefined = the version in view. */
  readonly to: string | undefined;
  /** Called with both versions when either field changes. */
  readonly onVersions: (from: string, to: string | undefined) => void;
  /** The heading (focused after a lookup). */
  readonly ref?: Ref<HTMLHeadingElement>;
}

/** The same key at versions A and B, with field-level differences. */
export function ItemCompare({ request, version, from, to: typedTo, onVersions, ref }: ItemCompareProps): ReactNode {
  const to = typedTo ?? version ?? '';
  const ready = isU64Text(from) && isU64Text(to);
  const a = useQuery({ ...tableItemQuery(ready ? { ...request, version: from } : undefined), retry: false });
  const b = useQuery({ ...tableItemQuery(ready ? { ...request, version: to } : undefined), retry: false });
  // An item that does not exist at a version is an answer too: compare against "absent".
  const absent = (error: unknown) => error instanceof ApiRequestError && error.errorCode === 'table_item_not_found';
  const before = a.data?.body ?? (absent(a.error) ? undefined : null);
  const after = b.data?.body ?? (absent(b.error) ? undefined : null);
  const failed = [a.error, b.error].find((e) => e && !absent(e));
  return (
    <section className="item-compare" aria-label="Compare item at two versions">
      <h2 ref={ref} tabIndex={-1}>
        Compare at two versions
      </h2>
      <div className="lookup-form compare-versions">
        <label>
          From version
          <input
            className="mono version-field"
            inputMode="numeric"
            value={from}
            onChange={(e) => onVersions(e.target.value.trim(), typedTo)}
            aria-label="From version"
          />
        </label>
        <label>
          To version
          <input
            className="mono version-field"
            inputMode="numeric"
            value={to}
            onChange={(e) => onVersions(from, e.target.value.trim())}
            aria-label="To version"
          />
        </label>
      </div>
      {!ready && <p className="inspector-size">Enter two versions to compare this item.</p>}
      {ready && (a.isLoading || b.isLoading) && <LoadingView />}
      {failed !== undefined && <ErrorView error={failed} />}
      {ready && failed === undefined && !a.isLoading && !b.isLoading && (
        <>
          {before === undefined && <p className="inspector-size">The item does not exist at version {from}.</p>}
          {after === undefined && <p className="inspector-size">The item does not exist at version {to}.</p>}
          <DiffView entries={diffJson(before, after)} fromLabel={`Version ${from}`} toLabel={`Version ${to}`} />
        </>
      )}
    </section>
  );
}
