/**
 * Before and after of one table item: the stored value bytes at V − 1 (raw item read) and the
 * change's value bytes, both decoded with the table's value type (the node's table-info `data` when it
 * sent it, else the explorer's table info) and diffed field by field. Without a type (a remote node
 * without the explorer API) the bytes themselves are compared.
 */
import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { JsonValue } from '../../../../shared/api/wire-schemas.ts';
import { bytesToHex, hexToBytes } from '../../../../shared/hex.ts';
import { decodeMoveValue } from '../../../../shared/move/decode.ts';
import type { MoveLayout } from '../../../../shared/move/layout.ts';
import { tableItemBytesAtQuery } from '../../../api/queries/change-queries.ts';
import { tableInfoQuery } from '../../../api/queries/table-queries.ts';
import { useMoveLayout } from '../../../components/bcs-inspector/layout-resolver.ts';
import { DiffView } from '../../../components/diff-view.tsx';
import { JsonTree } from '../../../components/json-tree/json-tree.tsx';
import { ErrorView, LoadingView } from '../../../components/status-views.tsx';
import { diffJson } from '../../../lib/json-diff.ts';
import { moveValueLinks } from '../../../lib/value-links.ts';
import { noBeforeText, type BeforeVersion } from './before-version.ts';
import { bytesOf, factsFor, type FactsSource } from './change-facts.ts';
import { factsKeyOf, type ChangeEntry } from './change-model.ts';

/** A table item entry. */
export type TableItemEntry = Extract<ChangeEntry, { kind: 'table_item' }>;

/** The key and value types of the entry's table (undefined while unknown or when no source says). */
export interface TableTypes {
  readonly keyType: string | undefined;
  readonly valueType: string | undefined;
  readonly pending: boolean;
}

/** The table's types: from the change itself when the node sent them, else the explorer's table info. */
export function useTableTypes(entry: TableItemEntry): TableTypes {
  const known = entry.keyType !== undefined && (entry.op === 'delete' || entry.valueType !== undefined);
  const info = useQuery({ ...tableInfoQuery(entry.handle), enabled: !known });
  if (known) return { keyType: entry.keyType, valueType: entry.valueType, pending: false };
  return {
    keyType: entry.keyType ?? info.data?.body.key_type,
    valueType: entry.valueType ?? info.data?.body.value_type,
    pending: info.isPending && info.fetchStatus !== 'idle',
  };
}

/** Decoded bytes, or the decoding error's message (the bytes are shown as hex then). */
type Decoded = { readonly value: JsonValue } | { readonly failure: string };

function decode(bytes: Uint8Array, layout: MoveLayout | undefined): Decoded | undefined {
  if (layout === undefined) return undefined;
  try {
    return { value: decodeMoveValue(bytes, layout) as JsonValue };
  } catch (error) {
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}

/** The JSON shown for bytes: the decoded value, or the hex when it could not be decoded. */
function shown(bytes: Uint8Array, decoded: Decoded | undefined): JsonValue {
  return decoded !== undefined && 'value' in decoded ? decoded.value : bytesToHex(bytes);
}

/** The key of a table item as text: decoded JSON with the key type, else its hex. */
export function useTableKeyText(entry: TableItemEntry, version: string): string {
  const types = useTableTypes(entry);
  const layout = useMoveLayout(types.keyType ?? '', version);
  return useMemo(() => {
    const decoded = decode(hexToBytes(entry.keyHex), layout.data);
    return decoded !== undefined && 'value' in decoded ? JSON.stringify(decoded.value) : entry.keyHex;
  }, [entry.keyHex, layout.data]);
}

/** Props of {@link TableItemChange}. */
export interface TableItemChangeProps {
  readonly entry: TableItemEntry;
  readonly version: string;
  readonly before: BeforeVersion;
  readonly facts: FactsSource;
  readonly onSettled: () => void;
}

/**
 * The item's stored bytes at V − 1 as the explorer read them: null when absent then, undefined when the node must
 * be asked (no explorer API, or the explorer could not say), 'pending' while the explorer is read.
 */
export function useItemBytesBefore(
  entry: TableItemEntry,
  facts: FactsSource,
  at: string | undefined,
): { readonly pending: boolean; readonly data: Uint8Array | null | undefined; readonly error: Error | null } {
  const known = factsFor(facts, factsKeyOf(entry));
  const told =
    known === undefined || known === 'pending' || known.existed_before === null
      ? undefined
      : known.existed_before
        ? (bytesOf(known.before_bcs) ?? undefined)
        : null;
  const walk = known !== 'pending' && told === undefined;
  const old = useQuery(tableItemBytesAtQuery(entry.handle, entry.keyHex, walk ? at : undefined));
  if (!walk) return { pending: known === 'pending', data: told, error: null };
  return { pending: old.isPending, data: old.data, error: old.error };
}

/** The item's value before and after, decoded when the value type is known. */
export function TableItemChange({ entry, version, before, facts, onSettled }: TableItemChangeProps): ReactNode {
  const readable = before.kind === 'readable' ? before.version : undefined;
  const types = useTableTypes(entry);
  const layout = useMoveLayout(types.valueType ?? '', version);
  const old = useItemBytesBefore(entry, facts, readable);
  const layoutSettled = types.valueType === undefined ? !types.pending : !layout.isPending;
  const settled = layoutSettled && (readable === undefined || !old.pending);
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  const afterBytes = useMemo(
    () => (entry.valueHex === undefined ? undefined : hexToBytes(entry.valueHex)),
    [entry.valueHex],
  );
  // Addresses and handles inside the value open what they name as of this transaction.
  const linkFor = useMemo(() => moveValueLinks(version), [version]);
  const afterDecoded = afterBytes === undefined ? undefined : decode(afterBytes, layout.data);
  const beforeDecoded = old.data ? decode(old.data, layout.data) : undefined;
  const failure = [afterDecoded, beforeDecoded].find((d) => d !== undefined && 'failure' in d);
  const typeLine =
    types.valueType === undefined ? (
      types.pending ? null : (
        <p className="change-note">The value type is unknown here (no table info): the bytes are compared as hex.</p>
      )
    ) : (
      <p className="change-note">
        Value type <code>{types.valueType}</code>
      </p>
    );

  if (!settled) return <LoadingView label={`Reading the item at version ${readable ?? version}…`} />;
  const noBefore = noBeforeText(before);
  const afterValue = afterBytes === undefined ? undefined : shown(afterBytes, afterDecoded);
  return (
    <div className="change-detail">
      {typeLine}
      {layout.isError && <ErrorView error={layout.error} />}
      {failure !== undefined && 'failure' in failure && (
        <p className="change-note">Decoding failed ({failure.failure}): the bytes are shown as hex.</p>
      )}
      {noBefore !== undefined ? (
        <>
          <p className="change-note">{noBefore}</p>
          {afterValue !== undefined && <JsonTree value={afterValue} label="value after" linkFor={linkFor} />}
        </>
      ) : old.error !== null ? (
        <ErrorView error={old.error} />
      ) : entry.op === 'delete' ? (
        <>
          <p className="change-note">Deleted by this transaction. Its value at version {readable}:</p>
          {old.data ? (
            <JsonTree value={shown(old.data, beforeDecoded)} label="value before" linkFor={linkFor} />
          ) : (
            <p className="change-note">(absent then too)</p>
          )}
        </>
      ) : old.data === null ? (
        <>
          <p className="change-note">
            Created by this transaction: absent at version {readable}. Its value at version {version}:
          </p>
          {afterValue !== undefined && <JsonTree value={afterValue} label="value after" linkFor={linkFor} />}
        </>
      ) : (
        <DiffView
          entries={diffJson(old.data ? shown(old.data, beforeDecoded) : undefined, afterValue)}
          fromLabel={`Before (version ${readable})`}
          toLabel={`After (version ${version})`}
        />
      )}
    </div>
  );
}
