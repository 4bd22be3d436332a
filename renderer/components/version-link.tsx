/**
 * A ledger version on screen as a link that pins time travel to it: the same path (or a given
 * one) with `?ledger_version=N`, so every state panel then reads as of that version. A version
 * below the oldest retained one (pruned: every state read there answers 410) is plain text with a
 * "pruned" mark instead; until the ledger is known it stays a link.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { ledgerQuery } from '../api/queries/ledger-queries.ts';
import { withVersion } from '../app/use-ledger-version.ts';

/** Props of {@link VersionLink}. */
export interface VersionLinkProps {
  /** The version (decimal string or bigint). */
  readonly version: string | bigint;
  /** Where to go; the current path when absent (pin in place). */
  readonly to?: string | undefined;
  /** Visible content; the version number when absent. */
  readonly children?: ReactNode;
}

/** A link pinning the ledger version (keeps the current path unless `to` is given); plain text when pruned. */
export function VersionLink({ version, to, children }: VersionLinkProps): ReactNode {
  const location = useLocation();
  const oldest = useQuery(ledgerQuery()).data?.body.oldest_ledger_version;
  const text = String(version);
  if (oldest !== undefined && /^\d+$/.test(text) && BigInt(text) < BigInt(oldest)) {
    const why = `the oldest retained version is ${oldest}, so there is no state to show at it`;
    return (
      <span className="version-pruned mono" title={`Version ${text} is pruned: ${why}`}>
        {children ?? text} <span className="muted">(pruned)</span>
      </span>
    );
  }
  const target = withVersion(to ?? `${location.pathname}${location.search}`, text);
  return (
    <Link
      className="version-link mono"
      to={target}
      aria-label={`Pin ledger version ${text}`}
      title={`Show state as of version ${text}`}
    >
      {children ?? text}
    </Link>
  );
}
