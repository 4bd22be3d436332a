/**
 * The two versions of the compare page. The URL holds the applied values (`?from=&to=`); the fields
 * are drafts seeded from it, remounted (keyed by the URL values) when they change, so Back/Forward
 * never leaves stale text. An empty "To version" means the version the view reads at.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** Props of {@link CompareForm}. */
export interface CompareFormProps {
  /** `from` as in the URL ('' when absent). */
  readonly from: string;
  /** `to` as in the URL ('' when absent). */
  readonly to: string;
  /** The version an empty "To version" stands for (shown as its placeholder). */
  readonly defaultTo: string | undefined;
  /** Applies the versions; `to` undefined drops it from the URL. */
  readonly onApply: (from: string, to: string | undefined) => void;
}

/** The versions form (remount it with `key` when the URL's versions change). */
export function CompareForm({ from, to, defaultTo, onApply }: CompareFormProps): ReactNode {
  const [fromText, setFromText] = useState(from);
  const [toText, setToText] = useState(to);
  const valid = isU64Text(fromText.trim()) && (toText.trim() === '' || isU64Text(toText.trim()));
  return (
    <form
      className="compare-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onApply(fromText.trim(), toText.trim() === '' ? undefined : toText.trim());
      }}
    >
      <label>
        From version
        <input
          className="mono version-field"
          inputMode="numeric"
          value={fromText}
          onChange={(event) => setFromText(event.target.value)}
          aria-label="From version"
        />
      </label>
      <label>
        <span>
          To version {defaultTo !== undefined && <span className="muted">(empty: this view&apos;s, {defaultTo})</span>}
        </span>
        <input
          className="mono version-field"
          inputMode="numeric"
          value={toText}
          // Only the number: the field is sized for a version, and a longer placeholder was cut at 800 px.
          placeholder={defaultTo}
          onChange={(event) => setToText(event.target.value)}
          aria-label="To version"
        />
      </label>
      <button type="submit" disabled={!valid}>
        Compare
      </button>
    </form>
  );
}
