/**
 * The lookup form of the table panel: key type and value type (prefilled, with suggestions, free
 * text allowed), a key editor checked against the key type before anything is sent (its BCS bytes
 * shown), the decoded value as a JSON tree at the version in view, the raw lookup, and a compare mode.
 * The key (and types other than the prefilled ones) live in the URL (`?key=&key_type=&value_type=`,
 * plus the raw lookup's `?raw=` and the compare mode's `?compare=1&from=&to=`, replaced while typing): a reload,
 * Back or a shared link shows the same lookup again. A key over {@link MAX_URL_FIELD} stays out of the URL (the
 * page says so). A lookup the user asks for scrolls its result into view and moves focus to its heading (the result
 * is below the form, often below the fold).
 */
import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/client.ts';
import { tableItemQuery, type TableItemRequest } from '../../api/queries/table-queries.ts';
import type { JsonValue } from '../../api/types.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { JsonTree } from '../../components/json-tree/json-tree.tsx';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { moveValueLinks } from '../../lib/value-links.ts';
import { saveFile } from '../../lib/save-file.ts';
import { jsonWithProvenance, useExportProvenance } from '../../lib/export-provenance.ts';
import { MAX_URL_FIELD, useSearchFields } from '../../lib/use-search-fields.ts';
import { lookupCodec, type LookupFields } from './lookup-fields.ts';
import { useMoveLayout } from '../../components/bcs-inspector/layout-resolver.ts';
import { ItemCompare } from './item-compare.tsx';
import { checkKey } from './key-validation.ts';
import { RawLookup } from './raw-lookup.tsx';
import { useTypeOptions } from './use-type-options.ts';

/** Props of {@link TableLookup}. */
export interface TableLookupProps {
  readonly handle: string;
  readonly keyType: string;
  readonly valueType: string;
}

/** Key editor, decoded and raw lookups, compare mode. Remount (key) it to re-prefill. */
export function TableLookup({ handle, keyType, valueType }: TableLookupProps): ReactNode {
  const { values, set, generation } = useSearchFields(lookupCodec(keyType, valueType));
  // Back/Forward to another lookup starts the form over from that URL (and looks its key up again).
  return <LookupForm key={generation} handle={handle} fields={values} setFields={set} />;
}

/**
 * A stored value that does not decode as the value type given is the node's 500 `internal_error` on
 * this endpoint (its rule; the key and types are checked first, 400). A failing source is a 503, so
 * the status and code alone tell it, not the message text.
 */
function isValueDecodeError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.is(500, 'internal_error');
}

/** A key as shown in the result's label: long keys are shortened (the field holds all of it). */
function shortKey(keyJson: string): string {
  return keyJson.length > 120 ? `${keyJson.slice(0, 117)}…` : keyJson;
}

function LookupForm({
  handle,
  fields,
  setFields,
}: {
  readonly handle: string;
  readonly fields: LookupFields;
  readonly setFields: (next: LookupFields) => void;
}): ReactNode {
  const { effective, pinned } = useLedgerVersion();
  const { keyText, keyType, valueType, rawHex } = fields;
  const [sent, setSent] = useState<Omit<TableItemRequest, 'version'> | undefined>(undefined);
  // A key that came with the URL (reload, link, Back) is looked up once its check is known.
  const [autoSend, setAutoSend] = useState(keyText.trim() !== '');
  const { compare } = fields;
  const listId = useId();
  const provenanceNow = useExportProvenance(`table ${handle}`);
  // Set by a lookup the user asked for (not one restored from the URL on load): bring the result into view.
  const revealResult = useRef(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // One function per pinned version: a new one each render would re-render the whole JSON tree.
  const linkFor = useMemo(() => moveValueLinks(pinned), [pinned]);
  const typeOptions = useTypeOptions([keyType, valueType], effective);
  const keyLayout = useMoveLayout(keyType, effective);
  const check = keyLayout.data ? checkKey(keyText, keyLayout.data) : undefined;
  const request = (json: unknown): Omit<TableItemRequest, 'version'> => ({
    handle,
    keyType: keyType.trim(),
    valueType: valueType.trim(),
    keyJson: JSON.stringify(json),
  });
  if (autoSend && (check !== undefined || keyLayout.error)) {
    setAutoSend(false);
    if (check?.ok === true) setSent(request(check.json));
  }
  const lookUp = (): void => {
    if (check?.ok !== true || effective === undefined) return;
    revealResult.current = true;
    setSent(request(check.json));
  };
  useEffect(() => {
    const heading = resultHeading.current;
    if (!revealResult.current || sent === undefined || heading === null) return;
    revealResult.current = false;
    heading.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.focus({ preventScroll: true });
  }, [sent, compare]);
  // The shown value belongs to the key that was sent: while the field (or a type) says otherwise,
  // the result is marked, so the URL (which follows the field) and the screen never disagree silently.
  const matchesField =
    sent !== undefined &&
    check?.ok === true &&
    sent.keyJson === JSON.stringify(check.json) &&
    sent.keyType === keyType.trim() &&
    sent.valueType === valueType.trim();
  const item = useQuery(
    tableItemQuery(sent === undefined || effective === undefined ? undefined : { ...sent, version: effective }),
  );

  return (
    <div className="table-lookup">
      <form
        className="lookup-form"
        aria-label="Table item lookup"
        onSubmit={(e) => {
          e.preventDefault();
          lookUp();
        }}
      >
        <datalist id={listId}>
          {typeOptions.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <label>
          Key type
          <input
            className="mono"
            list={listId}
            value={keyType}
            onChange={(e) => setFields({ ...fields, keyType: e.target.value })}
            spellCheck={false}
            aria-label="Key type"
          />
        </label>
        <label>
          Value type
          <input
            className="mono"
            list={listId}
            value={valueType}
            onChange={(e) => setFields({ ...fields, valueType: e.target.value })}
            spellCheck={false}
            aria-label="Value type"
          />
        </label>
        <label>
          Key (JSON)
          <textarea
            className="mono"
            value={keyText}
            onChange={(e) => setFields({ ...fields, keyText: e.target.value })}
            onKeyDown={(e) => {
              // Enter alone is a new line in the JSON; Ctrl+Enter (Cmd+Enter) looks the key up.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                lookUp();
              }
            }}
            spellCheck={false}
            aria-label="Key (JSON)"
            rows={3}
            placeholder={'e.g. "0x1", "42" or {"field": …}'}
          />
        </label>
        {keyText.length > MAX_URL_FIELD && (
          <p className="inspector-size">
            This key is too long to keep in the page&apos;s address; a reload will not restore it.
          </p>
        )}
        <div className="key-check" aria-live="polite">
          {keyLayout.isLoading && <span>Resolving the key type…</span>}
          {keyLayout.error && <span className="field-error">Key type: {keyLayout.error.message}</span>}
          {check?.ok === false && keyText.trim() !== '' && <span className="field-error">{check.reason}</span>}
          {check?.ok === true && (
            <span>
              Key bytes: <code className="key-bytes">{check.hex}</code>
            </span>
          )}
        </div>
        <div className="lookup-actions">
          <button type="submit" disabled={check?.ok !== true || effective === undefined}>
            Look up
          </button>
          <label className="inline">
            <input
              type="checkbox"
              checked={compare}
              onChange={(e) => setFields({ ...fields, compare: e.target.checked })}
            />{' '}
            Compare two versions
          </label>
        </div>
      </form>
      {sent !== undefined && !compare && (
        <section className="item-result" aria-label="Decoded value">
          <h2 ref={resultHeading} tabIndex={-1}>
            Value at version {effective}
          </h2>
          <p className="inspector-size">
            Key <code className="result-key">{shortKey(sent.keyJson)}</code>
            {!matchesField && (
              <strong className="field-error" role="status">
                {' '}
                — not the key in the field above; press Look up to look that one up
              </strong>
            )}
          </p>
          {item.isLoading && <LoadingView label="Looking up the item…" />}
          {item.error && <ErrorView error={item.error} />}
          {isValueDecodeError(item.error) && (
            <p className="inspector-size">
              The stored value does not decode as the value type given — check the value type (the prefilled one is the
              table&apos;s own).
            </p>
          )}
          {item.data && (
            <>
              <JsonTree value={item.data.body} label="value" linkFor={linkFor} />
              <button
                type="button"
                onClick={() =>
                  void provenanceNow().then((provenance) =>
                    saveFile({
                      suggestedName: `${handle}-item-v${effective ?? ''}.json`,
                      content: jsonWithProvenance(provenance, { value: item.data.body as JsonValue }),
                      filters: [{ name: 'JSON', extensions: ['json'] }],
                    }),
                  )
                }
              >
                Export value as JSON
              </button>
            </>
          )}
        </section>
      )}
      {sent !== undefined && compare && (
        <ItemCompare
          ref={resultHeading}
          request={sent}
          version={effective}
          from={fields.compareFrom}
          to={fields.compareTo}
          onVersions={(from, to) => setFields({ ...fields, compareFrom: from, compareTo: to })}
        />
      )}
      {compare && sent === undefined && (
        <p className="inspector-size">Enter a valid key and press Look up to compare it at two versions.</p>
      )}
      <RawLookup
        handle={handle}
        valueType={valueType.trim()}
        builtKeyHex={check?.ok === true ? check.hex : undefined}
        keyHex={rawHex}
        setKeyHex={(hex) => setFields({ ...fields, rawHex: hex })}
        version={effective}
        pinned={pinned}
        typeOptions={typeOptions}
      />
    </div>
  );
}
