/**
 * The start page: accounts (paged, at the pinned version), tables and the busiest event streams.
 * A remote node usually has no `/explorer/v1` listings (the proxy forwards them only to a node
 * that serves them, e.g. another `ledger-explorer serve`): then the page says what is not
 * available remotely and offers an address box instead. The streams query is the probe.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sourceQuery } from '../../api/queries/ledger-queries.ts';
import { eventStreamsQuery, isExplorerUnavailable } from '../../api/queries/explorer-queries.ts';
import { useLedgerQuery } from '../../app/use-ledger-query.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { AccountsSection } from './accounts-section.tsx';
import { EventStreamsSection, STREAMS_SHOWN } from './event-streams-section.tsx';
import { RemoteLanding } from './remote-landing.tsx';
import { TablesSection } from './tables-section.tsx';
import './landing.css';

/** The landing's error record with Retry, in place of the page (a source or node that fails). */
function LandingError({
  what,
  error,
  onRetry,
}: {
  readonly what: string;
  readonly error: unknown;
  readonly onRetry: () => void;
}): ReactNode {
  return (
    <section className="landing-error" aria-labelledby="landing-error-title">
      <h1 id="landing-error-title" className="landing-title">
        Source unavailable
      </h1>
      <p>{what}</p>
      <ErrorView error={error} onRetry={onRetry} />
    </section>
  );
}

/** Landing page: accounts, tables and busy event streams (or the remote-node explanation). */
export function LandingPage(): ReactNode {
  const source = useQuery(sourceQuery());
  const { ledger, failure } = useLedgerQuery();
  const { pinned, effective } = useLedgerVersion();
  const probe = useQuery(eventStreamsQuery(effective, STREAMS_SHOWN));
  if (source.isPending) return <LoadingView label="Loading the source…" />;
  if (isExplorerUnavailable(source.error) || isExplorerUnavailable(probe.error)) {
    return <RemoteLanding nodeName={source.data?.body.kind === 'remote' ? source.data.body.name : undefined} />;
  }
  // An error on a background refresh keeps the answer already shown; only no answer at all is shown as one.
  if (source.data === undefined)
    return (
      <LandingError
        what="The source could not be described."
        error={source.error}
        onRetry={() => void source.refetch()}
      />
    );
  // Unpinned with no readable latest (a node down): the probe has no version to run at and
  // would wait for ever; the status bar's next ledger refresh brings the page back by itself (the
  // failure stays shown while that refresh is in flight).
  if (pinned === undefined && effective === undefined && ledger.data === undefined && failure !== undefined) {
    return (
      <LandingError
        what="The latest ledger version could not be read, so there is nothing to list yet."
        error={failure.error}
        onRetry={() => void ledger.refetch()}
      />
    );
  }
  if (source.data.body.kind === 'remote') {
    // Over a node, wait for the probe rather than flash three error panels; a probe that failed
    // for another reason than "no explorer API" (node down, 5xx) is the node's error record.
    if (probe.isError && probe.data === undefined)
      return (
        <LandingError
          what="Could not ask the node what it serves."
          error={probe.error}
          onRetry={() => void probe.refetch()}
        />
      );
    if (probe.isPending) return <LoadingView label="Checking what the node serves…" />;
  }
  const body = source.data.body;
  return (
    <>
      {/* The page's one h1 (the sections are h2): what is being explored. */}
      <h1 className="landing-title">
        {body.kind === 'snapshot' ? 'Snapshot' : 'Node'} <span className="mono">{body.name}</span>
      </h1>
      <div className="landing">
        <AccountsSection />
        <div className="landing-side">
          <EventStreamsSection />
          <TablesSection />
        </div>
      </div>
    </>
  );
}
