/**
 * The BCS inspector: hex bytes beside the decoded tree, tied by the codec's byte spans (hover or
 * select a field to see its bytes, hover or click a byte to find its field). The type can be
 * changed to decode the same bytes as another type. When decoding fails it says where (offset),
 * in which field (path) and why, and still shows everything decoded up to there.
 */
import type { ReactNode } from 'react';
import { useId, useMemo, useState } from 'react';
import { decodeMoveValuePartial } from '../../../shared/move/decode-partial.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { ErrorView, LoadingView } from '../status-views.tsx';
import { saveFile, toJson } from '../../lib/save-file.ts';
import { HexView } from './hex-view.tsx';
import { useMoveLayout } from './layout-resolver.ts';
import { SpanTree } from './span-tree.tsx';
import { formatJsonPath } from '../../lib/json-path.ts';
import { deepestSpanAt } from './span-utils.ts';
import './bcs-inspector.css';

/** Props of {@link BcsInspector}. */
export interface BcsInspectorProps {
  readonly bytes: Uint8Array;
  /** The type to decode as first (the user may change it). */
  readonly typeText: string;
  /** Type tags offered in the "decode as" field. */
  readonly typeOptions?: readonly string[] | undefined;
  /** Base of exported file names. */
  readonly fileName?: string | undefined;
  /** Hide the "decode as" field (a page that has its own type field). */
  readonly hideTypeField?: boolean | undefined;
  /** What to say when there are no bytes yet (decoding nothing is not an error). */
  readonly emptyHint?: string | undefined;
  /** The region's name: pages with several inspectors (a transaction's changes) name each by what it shows. */
  readonly label?: string | undefined;
}

/** Hex view + decoded tree with two-way highlighting. Remount (key) it to reset the type. */
export function BcsInspector({
  bytes,
  typeText,
  typeOptions = [],
  fileName = 'value',
  hideTypeField = false,
  emptyHint = 'No bytes to decode.',
  label = 'BCS inspector',
}: BcsInspectorProps): ReactNode {
  const { effective } = useLedgerVersion();
  const [asType, setAsType] = useState(typeText);
  const [hovered, setHovered] = useState<number | undefined>(undefined);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const layout = useMoveLayout(asType, effective);
  const listId = useId();
  const empty = bytes.length === 0;
  // No bytes is the page before anything was pasted, not a value that ends early: nothing is decoded.
  const decoded = useMemo(
    () => (layout.data && !empty ? decodeMoveValuePartial(bytes, layout.data) : undefined),
    [bytes, layout.data, empty],
  );
  const spans = decoded?.spans ?? [];
  const failedIndex = decoded?.failure
    ? spans.findLastIndex((s) => JSON.stringify(s.path) === JSON.stringify(decoded.failure?.path))
    : -1;
  const active = hovered ?? selected;
  const activeSpan = active === undefined ? undefined : spans[active];

  return (
    <section className="bcs-inspector" aria-label={label}>
      <div className="inspector-bar">
        <label hidden={hideTypeField}>
          Decode as{' '}
          <input
            className="mono"
            list={listId}
            value={asType}
            onChange={(e) => {
              setAsType(e.target.value);
              setSelected(undefined);
              setHovered(undefined);
            }}
            aria-label="Decode as type"
            spellCheck={false}
            size={48}
          />
        </label>
        <datalist id={listId}>
          {typeOptions.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <span className="inspector-size">
          {bytes.length} byte{bytes.length === 1 ? '' : 's'}
        </span>
        <button
          type="button"
          disabled={empty}
          onClick={() =>
            void saveFile({
              suggestedName: `${fileName}.bcs`,
              content: bytes,
              filters: [{ name: 'BCS', extensions: ['bcs'] }],
            })
          }
        >
          Save bytes
        </button>
        {decoded?.value !== undefined && !decoded.failure && (
          <button
            type="button"
            onClick={() =>
              void saveFile({
                suggestedName: `${fileName}.json`,
                content: toJson(decoded.value),
                filters: [{ name: 'JSON', extensions: ['json'] }],
              })
            }
          >
            Export value as JSON
          </button>
        )}
      </div>
      {decoded?.failure && (
        <div className="status-view error decode-failure" role="alert">
          Decoding failed at byte <strong>{decoded.failure.offset}</strong> in{' '}
          <code>{formatJsonPath(decoded.failure.path, 'value')}</code>: {decoded.failure.reason}. Everything before it
          is shown.
        </div>
      )}
      {/* Always rendered (one line), so hovering never shifts the rows under the pointer. */}
      <p className="inspector-active" aria-live="polite">
        {activeSpan ? (
          <>
            <code>{formatJsonPath(activeSpan.path, 'value')}</code>: bytes {activeSpan.start}–{activeSpan.end} (
            <span className="mono">
              {bytesToHex(bytes, true, activeSpan.start, Math.min(activeSpan.end, bytes.length))}
            </span>
            )
          </>
        ) : (
          'Hover or select a field to see its bytes, or a byte to find its field.'
        )}
      </p>
      <div className="inspector-panes">
        <HexView
          bytes={bytes}
          range={activeSpan}
          failedAt={decoded?.failure?.offset}
          onHoverByte={(offset) => setHovered(offset === undefined ? undefined : deepestSpanAt(spans, offset))}
          onSelectByte={(offset) => setSelected(deepestSpanAt(spans, offset))}
        />
        <div className="inspector-tree">
          {empty && <p className="status-view">{emptyHint}</p>}
          {asType.trim() === '' && <p className="status-view">Enter a type tag to decode the bytes.</p>}
          {layout.isLoading && <LoadingView label="Resolving the type…" />}
          {layout.error && <ErrorView error={layout.error} />}
          {decoded && (
            <SpanTree
              value={decoded.value}
              spans={spans}
              active={active}
              failed={failedIndex < 0 ? undefined : failedIndex}
              onHover={setHovered}
              onSelect={setSelected}
            />
          )}
        </div>
      </div>
    </section>
  );
}
