/**
 * Raw lookup: the key as BCS hex (typed, or the bytes of the JSON key built by the editor), sent to
 * `raw_item` with `Accept: application/x-bcs`; the stored bytes open in the inspector as the value type.
 * The typed hex is the lookup form's `?raw=` (so Back restores it, and it is fetched again); the link
 * to the inspector page keeps the pinned version and leaves bytes over {@link MAX_URL_FIELD} out.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { rawTableItemQuery } from '../../api/queries/table-queries.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { bytesToHex } from '../../../shared/hex.ts';
import { BcsInspector } from '../../components/bcs-inspector/bcs-inspector.tsx';
import { InspectorLink } from '../../components/bcs-inspector/inspector-link.tsx';
import { parsePastedHex } from '../../lib/pasted-hex.ts';
import { MAX_URL_FIELD } from '../../lib/use-search-fields.ts';

/** Props of {@link RawLookup}. */
export interface RawLookupProps {
  readonly handle: string;
  readonly valueType: string;
  /** The BCS hex of the valid JSON key, if the editor has one. */
  readonly builtKeyHex: string | undefined;
  /** The key hex as typed (kept in the URL by the lookup form). */
  readonly keyHex: string;
  readonly setKeyHex: (hex: string) => void;
  /** The version the view reads at. */
  readonly version: string | undefined;
  /** The pinned version, carried into the inspector link (its struct ABIs are read there). */
  readonly pinned: string | undefined;
  readonly typeOptions: readonly string[];
}

/** Key hex in, stored value bytes out (into the inspector). */
export function RawLookup({
  handle,
  valueType,
  builtKeyHex,
  keyHex,
  setKeyHex,
  version,
  pinned,
  typeOptions,
}: RawLookupProps): ReactNode {
  const parsed = parsePastedHex(keyHex);
  // Hex that came with the URL (reload, link, Back) is fetched again, as a key in `?key=` is.
  const [sent, setSent] = useState<string | undefined>(() =>
    'error' in parsed || parsed.bytes.length === 0 ? undefined : bytesToHex(parsed.bytes),
  );
  const canSend = !('error' in parsed) && parsed.bytes.length > 0 && version !== undefined;
  // The result belongs to the key that was sent: once the field holds another key (or no valid
  // hex), it is hidden rather than left under a key it no longer matches.
  const current = 'error' in parsed ? undefined : bytesToHex(parsed.bytes);
  const shown = sent !== undefined && sent === current ? sent : undefined;
  const raw = useQuery(rawTableItemQuery(handle, sent, version));
  return (
    <section className="raw-lookup" aria-label="Raw lookup">
      <h2>Raw lookup</h2>
      <form
        className="lookup-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (canSend) setSent(bytesToHex(parsed.bytes));
        }}
      >
        <label>
          Key bytes (hex)
          <input
            className="mono"
            value={keyHex}
            onChange={(e) => setKeyHex(e.target.value)}
            spellCheck={false}
            aria-label="Key bytes (hex)"
            placeholder="0x…"
          />
        </label>
        <div className="lookup-actions">
          <button type="button" disabled={builtKeyHex === undefined} onClick={() => setKeyHex(builtKeyHex ?? '')}>
            Use the JSON key's bytes
          </button>
          <button type="submit" disabled={!canSend}>
            Fetch raw item
          </button>
        </div>
        {'error' in parsed && keyHex.trim() !== '' && <p className="field-error">Not hex: {parsed.error}</p>}
        {keyHex.length > MAX_URL_FIELD && (
          <p className="inspector-size">
            This key is too long to keep in the page&apos;s address; a reload will not restore it.
          </p>
        )}
      </form>
      {shown !== undefined && raw.isLoading && <LoadingView label="Fetching the stored bytes…" />}
      {shown !== undefined && raw.error && <ErrorView error={raw.error} />}
      {shown !== undefined && raw.data && (
        <>
          <p className="inspector-size">
            Stored bytes of key <code>{shown}</code> at version {version} ·{' '}
            <InspectorLink hex={bytesToHex(raw.data.body)} valueType={valueType} pinned={pinned} />
          </p>
          <BcsInspector
            key={`${valueType}|${shown}`}
            bytes={raw.data.body}
            typeText={valueType}
            typeOptions={typeOptions}
            fileName={`table-item-${shown.slice(0, 18)}`}
          />
        </>
      )}
    </section>
  );
}
