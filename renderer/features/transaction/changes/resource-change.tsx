/**
 * Before and after of one resource (or group member) a transaction wrote or deleted: the resource
 * read at V − 1 against the change's value as a field diff; absent at V − 1 = created by it; a
 * deletion shows the value before only. Reports when its before is settled (the section's readiness).
 */
import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { JsonValue } from '../../../../shared/api/wire-schemas.ts';
import { resourceAtQuery } from '../../../api/queries/change-queries.ts';
import { allResourcesQuery } from '../../../api/queries/table-queries.ts';
import { DiffView } from '../../../components/diff-view.tsx';
import { JsonTree } from '../../../components/json-tree/json-tree.tsx';
import { ErrorView, LoadingView } from '../../../components/status-views.tsx';
import { diffJson } from '../../../lib/json-diff.ts';
import { moveValueLinks } from '../../../lib/value-links.ts';
import { noBeforeText, type BeforeVersion } from './before-version.ts';
import { factsFor, resourceBefore, type FactsSource } from './change-facts.ts';
import { factsKeyOf, type ChangeEntry } from './change-model.ts';
import { membersBefore } from './line-settled.ts';

/** Props of {@link ResourceChange}. */
export interface ResourceChangeProps {
  readonly entry: Extract<ChangeEntry, { kind: 'resource' }>;
  readonly version: string;
  readonly before: BeforeVersion;
  /** The explorer's facts of the write set, or that the node is walked per change. */
  readonly facts: FactsSource;
  /** Called once the before is shown (or known to be unreadable). */
  readonly onSettled: () => void;
}

/** The value at V (a write) and its diff against V − 1. */
export function ResourceChange({ entry, version, before, facts, onSettled }: ResourceChangeProps): ReactNode {
  const readable = before.kind === 'readable' ? before.version : undefined;
  const known = factsFor(facts, factsKeyOf(entry));
  const told = known === undefined || known === 'pending' ? undefined : resourceBefore(known);
  // The node is asked only when the explorer cannot say (no explorer API, or no rendering of the value before).
  const walk = known !== 'pending' && told === undefined;
  const old = useQuery(resourceAtQuery(entry.address, entry.type, walk ? readable : undefined));
  const pending = walk ? old.isPending : known === 'pending';
  const settled = readable === undefined || !pending;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  const after = entry.after as JsonValue | undefined;
  // Addresses and handles inside the value open what they name as of this transaction.
  const linkFor = useMemo(() => moveValueLinks(version), [version]);

  const noBefore = noBeforeText(before);
  if (noBefore !== undefined)
    return (
      <div className="change-detail">
        <p className="change-note">{noBefore}</p>
        {after !== undefined && <JsonTree value={after} label="value after" linkFor={linkFor} />}
      </div>
    );
  if (pending) return <LoadingView label={`Reading the value at version ${readable ?? ''}…`} />;
  if (walk && old.isError) return <ErrorView error={old.error} />;
  const was = (walk ? old.data : told)?.data as JsonValue | undefined;
  if (entry.op === 'delete')
    return (
      <div className="change-detail">
        <p className="change-note">Deleted by this transaction. Its value at version {readable}:</p>
        {was === undefined ? (
          <p className="change-note">(absent then too)</p>
        ) : (
          <JsonTree value={was} label="value before" linkFor={linkFor} />
        )}
      </div>
    );
  if (was === undefined)
    return (
      <div className="change-detail">
        <p className="change-note">
          Created by this transaction: absent at version {readable}. Its value at version {version}:
        </p>
        {after !== undefined && <JsonTree value={after} label="value after" linkFor={linkFor} />}
      </div>
    );
  return (
    <div className="change-detail">
      <DiffView
        entries={diffJson(was, after)}
        fromLabel={`Before (version ${readable})`}
        toLabel={`After (version ${version})`}
      />
    </div>
  );
}

/** Props of {@link GroupDeletion}. */
export interface GroupDeletionProps {
  readonly entry: Extract<ChangeEntry, { kind: 'group' }>;
  readonly version: string;
  readonly before: BeforeVersion;
  readonly facts: FactsSource;
  readonly onSettled: () => void;
}

/**
 * A whole resource group deleted: its members at V − 1, as the explorer read them, or over a node the account's
 * resources at V − 1 that are gone at V (the entry names only the group; both listings read only when the row is
 * opened).
 */
export function GroupDeletion({ entry, version, before, facts, onSettled }: GroupDeletionProps): ReactNode {
  const readable = before.kind === 'readable' ? before.version : undefined;
  const told = membersBefore(facts, entry);
  const walk = told === undefined ? readable : undefined;
  const was = useQuery(allResourcesQuery(entry.address, walk));
  const now = useQuery(allResourcesQuery(entry.address, walk === undefined ? undefined : version));
  const pending = told === 'pending' || (walk !== undefined && (was.isPending || now.isPending));
  const settled = readable === undefined || !pending;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  const noBefore = noBeforeText(before);
  if (noBefore !== undefined) return <p className="change-note">{noBefore}</p>;
  if (pending) return <LoadingView label={`Reading the resources at version ${readable}…`} />;
  if (walk !== undefined && was.isError) return <ErrorView error={was.error} />;
  if (walk !== undefined && now.isError) return <ErrorView error={now.error} />;
  const remaining = new Set((now.data ?? []).map((r) => r.type));
  const gone = told ?? (was.data ?? []).filter((r) => !remaining.has(r.type));
  return (
    <div className="change-detail">
      <p className="change-note">
        The group {entry.type} was deleted: {gone.length} resource{gone.length === 1 ? '' : 's'} of {entry.address} at
        version {readable} are gone at version {version}.
      </p>
      {gone.map((r) => (
        <JsonTree key={r.type} value={r} label={r.type} defaultExpandDepth={1} />
      ))}
    </div>
  );
}
