/**
 * A change's bytes in the BCS inspector, read only when the user opens the disclosure: a resource's
 * stored bytes at V (`Accept: application/x-bcs`; at V − 1 for a deletion), a table item's value
 * bytes (hex in the change itself; the stored bytes at V − 1 for a deletion), decoded by the type's
 * layout, with a link opening the same bytes in the inspector page. Whether it is open is kept with the history
 * entry, so Back from that page finds it open.
 */
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useLedgerVersion } from '../../../app/use-ledger-version.ts';
import { InspectorLink } from '../../../components/bcs-inspector/inspector-link.tsx';
import { useEntryState } from '../../../lib/use-entry-state.ts';
import { useQuery } from '@tanstack/react-query';
import { bytesToHex, hexToBytes } from '../../../../shared/hex.ts';
import { resourceBytesAtQuery } from '../../../api/queries/change-queries.ts';
import { BcsInspector } from '../../../components/bcs-inspector/bcs-inspector.tsx';
import { ErrorView, LoadingView } from '../../../components/status-views.tsx';
import type { BeforeVersion } from './before-version.ts';
import { bytesOf, factsFor, type FactsSource } from './change-facts.ts';
import { factsKeyOf, type ChangeEntry } from './change-model.ts';
import { useItemBytesBefore, useTableTypes, type TableItemEntry } from './table-item-change.tsx';

type ResourceEntry = Extract<ChangeEntry, { kind: 'resource' }>;

/** The inspector's region name: unique on the page, since several changes' bytes may be open at once. */
function labelOf(entry: ResourceEntry | TableItemEntry): string {
  const what = entry.kind === 'resource' ? entry.type : 'table item';
  return `BCS inspector of change ${entry.index + 1} (${what})`;
}

/** The bytes in the inspector, with a link opening them in the inspector page (at the pinned version). */
function InspectedBytes({
  bytes,
  typeText,
  fileName,
  label,
}: {
  readonly bytes: Uint8Array;
  readonly typeText: string;
  readonly fileName: string;
  readonly label: string;
}): ReactNode {
  const { pinned } = useLedgerVersion();
  return (
    <>
      <p className="change-note">
        <InspectorLink hex={bytesToHex(bytes)} valueType={typeText} pinned={pinned} />
      </p>
      <BcsInspector bytes={bytes} typeText={typeText} fileName={fileName} label={label} />
    </>
  );
}

/** A resource's bytes as the explorer read them (a write's at V, a deletion's at V − 1); undefined: ask the node. */
function toldBytes(facts: FactsSource, entry: ResourceEntry): Uint8Array | null | 'pending' | undefined {
  const known = factsFor(facts, factsKeyOf(entry));
  if (known === undefined || known === 'pending') return known;
  if (entry.op === 'write') return bytesOf(known.after_bcs) ?? undefined;
  if (known.existed_before === null) return undefined;
  return known.existed_before ? (bytesOf(known.before_bcs) ?? undefined) : null;
}

function ResourceBytes({
  entry,
  at,
  facts,
}: {
  readonly entry: ResourceEntry;
  readonly at: string | undefined;
  readonly facts: FactsSource;
}): ReactNode {
  const told = toldBytes(facts, entry);
  const walk = told === undefined;
  const read = useQuery(resourceBytesAtQuery(entry.address, entry.type, walk ? at : undefined));
  const bytes = walk
    ? read
    : { isPending: told === 'pending', isError: false as const, error: null, data: told === 'pending' ? null : told };
  if (at === undefined) return <p className="change-note">There are no bytes before genesis or in a pruned version.</p>;
  if (bytes.isPending) return <LoadingView label={`Reading the bytes at version ${at}…`} />;
  if (bytes.isError) return <ErrorView error={bytes.error} />;
  if (bytes.data === null) return <p className="change-note">No such resource at version {at}.</p>;
  return (
    <InspectedBytes bytes={bytes.data} typeText={entry.type} fileName={`${entry.type}-v${at}`} label={labelOf(entry)} />
  );
}

function TableItemBytes({
  entry,
  at,
  facts,
}: {
  readonly entry: TableItemEntry;
  readonly at: string | undefined;
  readonly facts: FactsSource;
}): ReactNode {
  const types = useTableTypes(entry);
  const stored = useItemBytesBefore(entry, facts, entry.op === 'delete' ? at : undefined);
  const written = useMemo(
    () => (entry.valueHex === undefined ? undefined : hexToBytes(entry.valueHex)),
    [entry.valueHex],
  );
  if (types.pending) return <LoadingView label="Reading the table's types…" />;
  const typeText = types.valueType ?? '';
  if (written !== undefined)
    return (
      <InspectedBytes bytes={written} typeText={typeText} fileName={`table-item-v${at ?? ''}`} label={labelOf(entry)} />
    );
  if (at === undefined) return <p className="change-note">There are no bytes before genesis or in a pruned version.</p>;
  if (stored.pending) return <LoadingView label={`Reading the bytes at version ${at}…`} />;
  if (stored.error !== null) return <ErrorView error={stored.error} />;
  if (stored.data === null || stored.data === undefined)
    return <p className="change-note">No such item at version {at}.</p>;
  return (
    <InspectedBytes bytes={stored.data} typeText={typeText} fileName={`table-item-v${at}`} label={labelOf(entry)} />
  );
}

/** Props of {@link ChangeBytes}. */
export interface ChangeBytesProps {
  readonly entry: ResourceEntry | TableItemEntry;
  readonly version: string;
  readonly before: BeforeVersion;
  readonly facts: FactsSource;
}

/** The "Bytes (BCS)" disclosure of one change; nothing is read until it is opened. */
export function ChangeBytes({ entry, version, before, facts }: ChangeBytesProps): ReactNode {
  // Kept with the history entry: Back from the inspector page finds the bytes still open.
  const [open, setOpen] = useEntryState(`bytes-open:${entry.id}`, () => false);
  // A deletion's bytes are the ones it removed (at V − 1); a write's are the ones it wrote (at V).
  const at = entry.op === 'delete' ? (before.kind === 'readable' ? before.version : undefined) : version;
  return (
    <details
      className="change-bytes"
      open={open}
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(() => isOpen);
      }}
    >
      <summary>
        Bytes (BCS){entry.op === 'delete' && at !== undefined ? ` at version ${at}` : ` at version ${version}`}
      </summary>
      {open &&
        (entry.kind === 'resource' ? (
          <ResourceBytes entry={entry} at={at} facts={facts} />
        ) : (
          <TableItemBytes entry={entry} at={at} facts={facts} />
        ))}
    </details>
  );
}
