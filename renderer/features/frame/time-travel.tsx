/**
 * The one global "as of" control (a group "Time travel" around the number field named "Ledger
 * version" and its slider): Latest, or a pinned version
 * chosen with a number field or a slider bounded by [oldest, latest]. The choice lives in the URL
 * (`?ledger_version=N`); a draft is only pinned on Enter, the Pin button, or letting go of the
 * slider, so typing a number does not load every prefix of it. While the latest ledger cannot be
 * read there is no range, but a typed version can still be pinned (the views that need a version
 * say so). A `?ledger_version=` that is not a version is named here, with a button removing it.
 */
import type { ReactNode } from 'react';
import { useId, useRef, useState } from 'react';
import { useLedgerQuery } from '../../app/use-ledger-query.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { isLedgerVersion } from '../../app/pinned-version.ts';
import { InlineError } from '../../components/status-views.tsx';
import { VersionFacts } from './version-facts.tsx';
import { versionStanding } from './version-range.ts';

/** "`abc` is not a ledger version — showing the latest" with a button dropping it from the URL. */
function InvalidPinNotice({ value, onRemove }: { readonly value: string; readonly onRemove: () => void }): ReactNode {
  const shown = value === '' ? 'An empty ledger_version' : <code>{value}</code>;
  return (
    <span className="invalid-pin warn-text" role="status">
      {shown} is not a ledger version — showing the latest{' '}
      <button type="button" onClick={onRemove}>
        Remove from URL
      </button>
    </span>
  );
}

/** Props of {@link AsOfStart}. */
interface AsOfStartProps {
  readonly titleId?: string;
  readonly pinned: string | undefined;
  readonly onLatest: () => void;
}

/** "As of" and the Latest button (pressed while nothing is pinned). */
function AsOfStart({ titleId, pinned, onLatest }: AsOfStartProps): ReactNode {
  return (
    <>
      <span className="time-travel-title" id={titleId}>
        As of
      </span>
      <button type="button" className="latest-button" aria-pressed={pinned === undefined} onClick={onLatest}>
        Latest
      </button>
    </>
  );
}

/** Props of {@link VersionField}: the number field named "Ledger version". */
interface VersionFieldProps {
  readonly value: string;
  readonly min: string;
  readonly max?: string;
  readonly describedBy?: string;
  readonly placeholder?: string;
  readonly onDraft: (text: string | undefined) => void;
  readonly onCommit: () => void;
}

/** The typed version: Enter pins it, Escape drops the draft. */
function VersionField({ value, min, max, describedBy, placeholder, onDraft, onCommit }: VersionFieldProps): ReactNode {
  return (
    <input
      className="version-input mono"
      type="number"
      min={min}
      max={max}
      aria-label="Ledger version"
      aria-describedby={describedBy}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit();
        if (event.key === 'Escape') onDraft(undefined);
      }}
    />
  );
}

/** The time-travel control of the header. */
export function TimeTravel(): ReactNode {
  const id = useId();
  const { ledger, failure } = useLedgerQuery();
  const { pinned, invalid, effective, setPinned } = useLedgerVersion();
  // The draft belongs to the pin it was typed over: a new pin (link, search, back button) drops it.
  const [typed, setTyped] = useState<{ readonly over: string | undefined; readonly text: string } | undefined>(
    undefined,
  );
  // The version the slider pinned last: while the URL still shows it, further slider moves replace
  // that history entry instead of adding one per arrow key (Back then leaves the slider's choice).
  const sliderPin = useRef<string | undefined>(undefined);
  const draft = typed !== undefined && typed.over === pinned ? typed.text : undefined;
  const setDraft = (text: string | undefined): void =>
    setTyped(text === undefined ? undefined : { over: pinned, text });
  const commit = (fromSlider = false): void => {
    if (draft === undefined) return;
    const trimmed = draft.trim();
    if (isLedgerVersion(trimmed)) {
      const version = BigInt(trimmed).toString();
      setPinned(version, { replace: fromSlider && sliderPin.current !== undefined && sliderPin.current === pinned });
      sliderPin.current = fromSlider ? version : undefined;
    }
    setDraft(undefined);
  };
  const unpin = (): void => {
    setDraft(undefined);
    setPinned(undefined);
  };
  const invalidNotice =
    invalid === undefined ? null : (
      <InvalidPinNotice value={invalid} onRemove={() => setPinned(undefined, { replace: true })} />
    );

  // Checked before "pending": a refresh of a failed ledger is pending again, and must not unmount
  // the field the user may be typing in.
  if (failure !== undefined) {
    // No range to bound a slider, but a typed version can be pinned (state reads need no latest).
    return (
      <div className="time-travel" role="group" aria-label="Time travel">
        <AsOfStart pinned={pinned} onLatest={unpin} />
        <VersionField
          value={draft ?? pinned ?? ''}
          min="0"
          placeholder="version"
          onDraft={setDraft}
          onCommit={() => commit()}
        />
        <button
          type="button"
          className="pin-button"
          onClick={() => commit()}
          disabled={draft === undefined || !isLedgerVersion(draft.trim())}
        >
          Pin
        </button>
        <InlineError error={failure.error} prefix="Ledger version unavailable" />
        {failure.retrying && <span className="muted">retrying…</span>}
        {invalidNotice}
      </div>
    );
  }
  if (ledger.data === undefined) return <div className="time-travel muted">Ledger version …</div>;

  const oldest = BigInt(ledger.data.body.oldest_ledger_version);
  const latest = BigInt(ledger.data.body.ledger_version);
  const shown = draft ?? effective ?? latest.toString();
  const standing = versionStanding(shown, oldest, latest);
  const sliderValue = standing.kind === 'retained' ? standing.version : standing.kind === 'pruned' ? oldest : latest;

  return (
    <div className="time-travel" role="group" aria-label="Time travel">
      <AsOfStart titleId={`${id}-title`} pinned={pinned} onLatest={unpin} />
      <VersionField
        value={shown}
        min={oldest.toString()}
        max={latest.toString()}
        describedBy={`${id}-facts`}
        onDraft={setDraft}
        onCommit={() => commit()}
      />
      <input
        className="version-slider"
        type="range"
        aria-label="Ledger version slider"
        min={oldest.toString()}
        max={latest.toString()}
        step={1}
        value={sliderValue.toString()}
        onChange={(event) => setDraft(event.target.value)}
        onPointerUp={() => commit(true)}
        onKeyUp={() => commit(true)}
        onBlur={() => commit(true)}
      />
      <button type="button" className="pin-button" onClick={() => commit()} disabled={draft === undefined}>
        Pin
      </button>
      <span id={`${id}-facts`} aria-live="polite">
        {invalidNotice ?? <VersionFacts standing={standing} />}
      </span>
    </div>
  );
}
