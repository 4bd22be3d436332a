/**
 * The transactions tab's version-range form: from, to, and the version the list starts at. The URL
 * holds the applied values (`?from=&to=&at=`); the fields are drafts seeded from it, and the form is
 * remounted (keyed by the URL values) whenever they change, so Back/Forward never leaves stale text.
 */
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import type { VersionRange } from '../../api/queries/transactions-queries.ts';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** Props of {@link RangeForm}. */
export interface RangeFormProps {
  /** The range applied now (from the URL). */
  readonly range: VersionRange;
  /** Applies a new range (invalid or empty fields are dropped). */
  readonly onApply: (range: VersionRange) => void;
  /** Paging buttons and the count, shown in the same toolbar. */
  readonly children?: ReactNode;
}

const digits = (value: string): string | undefined => (isU64Text(value) ? value : undefined);

/** The range form (remount it with `key` when the applied range changes). */
export function RangeForm({ range, onApply, children }: RangeFormProps): ReactNode {
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const [at, setAt] = useState(range.at ?? '');
  const apply = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onApply({ from: digits(from), to: digits(to), at: digits(at) });
  };
  return (
    <form className="panel-toolbar" onSubmit={apply} aria-label="Version range">
      <label>
        From version
        <input
          className="mono version-field"
          inputMode="numeric"
          value={from}
          onChange={(event) => setFrom(event.target.value.trim())}
        />
      </label>
      <label>
        To version
        <input
          className="mono version-field"
          inputMode="numeric"
          value={to}
          onChange={(event) => setTo(event.target.value.trim())}
        />
      </label>
      <label>
        Start at version
        <input
          className="mono version-field"
          inputMode="numeric"
          value={at}
          onChange={(event) => setAt(event.target.value.trim())}
        />
      </label>
      <button type="submit">Apply</button>
      {children}
    </form>
  );
}
