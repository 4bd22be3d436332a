/**
 * The one global "as of" control (a group "Time travel" around the number field named "Ledger
 * version" and its slider): Latest, or a pinned version
 * chosen with a number field or a slider bounded by [oldest, latest]. The choice lives in the URL
 * (`?ledger_version=N`); a draft is only pinned on Enter, the Pin button, or letting go of the
 * slider, so typing a number does not load every prefix of it.
 */
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ledgerQuery } from '../../api/queries/ledger-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { InlineError } from '../../components/status-views.tsx';
import { VersionFacts } from './version-facts.tsx';
import { versionStanding } from './version-range.ts';

/** The time-travel control of the header. */
export function TimeTravel(): ReactNode {
  const id = useId();
  const ledger = useQuery(ledgerQuery());
  const { pinned, effective, setPinned } = useLedgerVersion();
  // The draft belongs to the pin it was typed over: a new pin (link, search, back button) drops it.
  const [typed, setTyped] = useState<{ readonly over: string | undefined; readonly text: string } | undefined>(undefined);
  const draft = typed !== undefined && typed.over === pinned ? typed.text : undefined;
  const setDraft = (text: string | undefined): void => setTyped(text === undefined ? undefined : { over: pinned, text });

  if (ledger.isPending) return <div className="time-travel muted">Ledger version …</div>;
  if (ledger.isError) {
    return (
      <div className="time-travel">
        <InlineError error={ledger.error} prefix="Ledger version unavailable" />
      </div>
    );
  }

  const oldest = BigInt(ledger.data.body.oldest_ledger_version);
  const latest = BigInt(ledger.data.body.ledger_version);
  const shown = draft ?? effective ?? latest.toString();
  const standing = versionStanding(shown, oldest, latest);
  const sliderValue = standing.kind === 'retained' ? standing.version : standing.kind === 'pruned' ? oldest : latest;
  const commit = (): void => {
    if (draft === undefined) return;
    const trimmed = draft.trim();
    if (/^\d+$/.test(trimmed)) setPinned(BigInt(trimmed));
    setDraft(undefined);
  };

  return (
    <div className="time-travel" role="group" aria-label="Time travel">
      <span className="time-travel-title" id={`${id}-title`}>
        As of
      </span>
      <button type="button" className="latest-button" aria-pressed={pinned === undefined} onClick={() => { setDraft(undefined); setPinned(undefined); }}>
        Latest
      </button>
      <input
        className="version-input mono"
        type="number"
        min={oldest.toString()}
        max={latest.toString()}
        aria-label="Ledger version"
        aria-describedby={`${id}-facts`}
        value={shown}
        style={{ width: `${Math.max(6, latest.toString().length) + 3}ch` }}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setDraft(undefined);
        }}
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
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
      />
      <button type="button" className="pin-button" onClick={commit} disabled={draft === undefined}>
        Pin
      </button>
      <span id={`${id}-facts`} aria-live="polite">
        <VersionFacts standing={standing} />
      </span>
    </div>
  );
}
