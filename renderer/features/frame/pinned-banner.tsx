/**
 * The banner under the header while a version is pinned: the whole window shows the state at version N, which
 * the "Latest" button's colour alone did not tell (users took a pinned page for the live chain). It names the
 * version and offers the way back to the latest in one click. A named region (not a live region: it is there for
 * as long as the pin, and the version change itself is announced by the time-travel row).
 */
import type { ReactNode } from 'react';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';

/** "Showing the state at version N" with "Back to latest"; nothing when the view follows the latest. */
export function PinnedBanner(): ReactNode {
  const { pinned, setPinned } = useLedgerVersion();
  if (pinned === undefined) return null;
  return (
    <div className="pinned-banner" role="region" aria-label="Pinned ledger version">
      {/* Drawn, not a character: the clock emoji is missing from common Linux fonts (a box was shown). */}
      <svg className="pinned-banner-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 4.2V8l2.6 1.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className="pinned-banner-text">
        Showing the state at ledger version <strong className="mono pinned-banner-version">{pinned}</strong>, not the
        latest.
      </span>
      <button type="button" className="pinned-banner-button" onClick={() => setPinned(undefined)}>
        Back to latest
      </button>
    </div>
  );
}
