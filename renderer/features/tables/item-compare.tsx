/**
 * Compare mode of the table panel: one item (same key) at two ledger versions, field by field.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/client.ts';
import { tableItemQuery, type TableItemRequest } from '../../api/queries/table-queries.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { DiffView } from '../../components/diff-view.tsx';
import { diffJson } from '../../lib/json-diff.ts';

/** Props of {@link ItemCompare}: the lookup without its version. */
export interface ItemCompareProps {
  readonly request: Omit<TableItemRequest, 'version'>;
  /** The version in view, the default "to". */
  readonly version: string | undefined;
}

const VERSION = /^\d+$/;

/** The same key at versions A and B, with field-level differences. */
export function ItemCompare({ request, version }: ItemCompareProps): ReactNode {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(version ?? '');
  const ready = VERSION.test(from) && VERSION.test(to);
  const a = useQuery({ ...tableItemQuery(ready ? { ...request, version: from } : undefined), retry: false });
  const b = useQuery({ ...tableItemQuery(ready ? { ...request, version: to } : undefined), retry: false });
  // An item that does not exist at a version is an answer too: compare against "absent".
  const absent = (error: unknown) => error instanceof ApiRequestError && error.errorCode === 'table_item_not_found';
  const before = a.data?.body ?? (absent(a.error) ? undefined : null);
  const after = b.data?.body ?? (absent(b.error) ? undefined : null);
  const failed = [a.error, b.error].find((e) => e && !absent(e));
  return (
    <section className="item-compare" aria-label="Compare item at two versions">
      <div className="lookup-form compare-versions">
        <label>
          From version
          <input
            className="mono"
            inputMode="numeric"
            value={from}
            onChange={(e) => setFrom(e.target.value.trim())}
            aria-label="From version"
          />
        </label>
        <label>
          To version
          <input
            className="mono"
            inputMode="numeric"
            value={to}
            onChange={(e) => setTo(e.target.value.trim())}
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
