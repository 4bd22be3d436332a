/**
 * The state views read at a concrete version: pinned, or the latest the source reported. When
 * nothing is pinned and the latest cannot be read (a node down, a source failing), those views
 * would wait for a version forever; this gate shows the ledger's error record with a retry in their
 * place instead, and lets them through as soon as the ledger answers (the status bar re-reads it
 * every few seconds, so a returning node brings the view back by itself). Its text points at the
 * time-travel row, which keeps a version field and a Pin button while the ledger is unknown.
 */
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ErrorView } from '../components/status-views.tsx';
import { useLedgerQuery } from './use-ledger-query.ts';
import { useLedgerVersion } from './use-ledger-version.ts';

/** A layout route around the views that need a ledger version. */
export function LedgerVersionGate(): ReactNode {
  const { pinned } = useLedgerVersion();
  // The failure stays up while a refresh is in flight (the query itself says "pending" then).
  const { ledger, failure } = useLedgerQuery();
  if (pinned === undefined && ledger.data === undefined && failure !== undefined) {
    return (
      <section className="ledger-version-gate" aria-label="Ledger unavailable">
        <p>
          The latest ledger version could not be read, so there is no version to show state at. To read at a version
          anyway, type it in the “As of” field above and press Pin; or retry.
        </p>
        <ErrorView error={failure.error} onRetry={() => void ledger.refetch()} />
        {failure.retrying && (
          <p className="muted" role="status">
            Retrying…
          </p>
        )}
      </section>
    );
  }
  return <Outlet />;
}
