/**
 * A ledger version on screen as a link that pins time travel to it: the same path (or a given
 * one) with `?ledger_version=N`, so every state panel then reads as of that version.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
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

/** A link pinning the ledger version (keeps the current path unless `to` is given). */
export function VersionLink({ version, to, children }: VersionLinkProps): ReactNode {
  const location = useLocation();
  const text = String(version);
  const target = withVersion(to ?? `${location.pathname}${location.search}`, text);
  return (
    <Link className="version-link mono" to={target} aria-label={`Pin ledger version ${text}`} title={`Show state as of version ${text}`}>
      {children ?? text}
    </Link>
  );
}
