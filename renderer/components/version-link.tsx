/**
 * A ledger version on screen: the version itself links to its transaction's page (`/txn/{v}`), and a
 * small pin beside it pins time travel there in one click (the same path, or a given one, with
 * `?ledger_version=N`, so every state panel then reads as of that version). A version below the oldest
 * retained one (pruned: the transaction and every state read there answer 410) is plain text with a
 * "pruned" mark instead — no page, no pin; until the ledger is known it stays a link.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ledgerQuery } from '../api/queries/ledger-queries.ts';
import { withVersion } from '../app/use-ledger-version.ts';
import './components.css';
import { decimalU64 } from '../../shared/ledger/u64.ts';

/** Props of {@link VersionLink}. */
export interface VersionLinkProps {
  /** The version (decimal string or bigint). */
  readonly version: string | bigint;
  /** Where the pin goes; the current path when absent (pin in place). */
  readonly to?: string | undefined;
  /** Visible content of the transaction link; the version number when absent. */
  readonly children?: ReactNode;
  /** Leave the pin out (where a pin control for the same version is already beside it). */
  readonly noPin?: boolean | undefined;
}

/** The path of the transaction page of `version`. */
export function transactionPath(version: string | bigint): string {
  return `/txn/${String(version)}`;
}

/** A drawn pin (a font's 📌 differs per system and is coloured). */
function PinIcon(): ReactNode {
  return (
    <svg className="pin-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path
        d="M6 1.5h4M7 1.5v4.5L4.5 9h7L9 6V1.5M8 9v5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The version as a link to its transaction ("Open transaction V") with a pin beside it ("Pin ledger
 * version V", on the current path unless `to` is given); plain text when pruned.
 */
export function VersionLink({ version, to, children, noPin }: VersionLinkProps): ReactNode {
  const location = useLocation();
  const oldest = useQuery(ledgerQuery()).data?.body.oldest_ledger_version;
  const text = String(version);
  const value = decimalU64(text);
  if (oldest !== undefined && value !== undefined && value < BigInt(oldest)) {
    const why = `the oldest retained version is ${oldest}, so there is no transaction or state to show at it`;
    return (
      <span className="version-pruned mono" title={`Version ${text} is pruned: ${why}`}>
        {children ?? text} <span className="muted">(pruned)</span>
      </span>
    );
  }
  const pinTarget = withVersion(to ?? `${location.pathname}${location.search}`, text);
  return (
    <span className="version-link-group">
      <Link
        className="version-link mono"
        to={transactionPath(text)}
        aria-label={`Open transaction ${text}`}
        title={`Open the transaction at version ${text}`}
      >
        {children ?? text}
      </Link>
      {noPin !== true && (
        <Link
          className="version-pin"
          to={pinTarget}
          aria-label={`Pin ledger version ${text}`}
          title={`Pin: show state as of version ${text}`}
        >
          <PinIcon />
        </Link>
      )}
    </span>
  );
}
