/**
 * A change's bytes in the BCS inspector, read only when the user opens the disclosure: a resource's
 * stored bytes at V (`Accept: application/x-bcs`; at V − 1 for a deletion), a table item's value
 * bytes (hex in the change itself; the stored bytes at V − 1 for a deletion), decoded by the type's
 * layout.
 */
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hexToBytes } from '../../../../shared/hex.ts';
import { resourceBytesAtQuery, tableItemBytesAtQuery } from '../../../api/queries/change-queries.ts';
import { BcsInspector } from '../../../components/bcs-inspector/bcs-inspector.tsx';
import { ErrorView, LoadingView } from '../../../components/status-views.tsx';
import type { BeforeVersion } from './before-version.ts';
import type { ChangeEntry } from './change-model.ts';
import { useTableTypes, type TableItemEntry } from './table-item-change.tsx';

type ResourceEntry = Extract<ChangeEntry, { kind: 'resource' }>;

function ResourceBytes({ entry, at }: { readonly entry: ResourceEntry; readonly at: string | undefined }): ReactNode {
  const bytes = useQuery(resourceBytesAtQuery(entry.address, entry.type, at));
  if (at === undefined) return <p className="change-note">There are no bytes before genesis or in a pruned version.</p>;
  if (bytes.isPending) return <LoadingView label={`Reading the bytes at version ${at}…`} />;
  if (bytes.isError) return <ErrorView error={bytes.error} />;
  if (bytes.data === null) return <p className="change-note">No such resource at version {at}.</p>;
  return <BcsInspector bytes={bytes.data} typeText={entry.type} fileName={`${entry.type}-v${at}`} />;
}

function TableItemBytes({ entry, at }: { readonly entry: TableItemEntry; readonly at: string | undefined }): ReactNode {
  const types = useTableTypes(entry);
  const stored = useQuery(tableItemBytesAtQuery(entry.handle, entry.keyHex, entry.op === 'delete' ? at : undefined));
  const written = useMemo(
    () => (entry.valueHex === undefined ? undefined : hexToBytes(entry.valueHex)),
    [entry.valueHex],
  );
  if (types.pending) return <LoadingView label="Reading the table's types…" />;
  const typeText = types.valueType ?? '';
  if (written !== undefined)
    return <BcsInspector bytes={written} typeText={typeText} fileName={`table-item-v${at ?? ''}`} />;
  if (at === undefined) return <p className="change-note">There are no bytes before genesis or in a pruned version.</p>;
  if (stored.isPending) return <LoadingView label={`Reading the bytes at version ${at}…`} />;
  if (stored.isError) return <ErrorView error={stored.error} />;
  if (stored.data === null) return <p className="change-note">No such item at version {at}.</p>;
  return <BcsInspector bytes={stored.data} typeText={typeText} fileName={`table-item-v${at}`} />;
}

/** Props of {@link ChangeBytes}. */
export interface ChangeBytesProps {
  readonly entry: ResourceEntry | TableItemEntry;
  readonly version: string;
  readonly before: BeforeVersion;
}

/** The "Bytes (BCS)" disclosure of one change; nothing is read until it is opened. */
export function ChangeBytes({ entry, version, before }: ChangeBytesProps): ReactNode {
  const [open, setOpen] = useState(false);
  // A deletion's bytes are the ones it removed (at V − 1); a write's are the ones it wrote (at V).
  const at = entry.op === 'delete' ? (before.kind === 'readable' ? before.version : undefined) : version;
  return (
    <details className="change-bytes" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Bytes (BCS){entry.op === 'delete' && at !== undefined ? ` at version ${at}` : ` at version ${version}`}
      </summary>
      {open &&
        (entry.kind === 'resource' ? (
          <ResourceBytes entry={entry} at={at} />
        ) : (
          <TableItemBytes entry={entry} at={at} />
        ))}
    </details>
  );
}
