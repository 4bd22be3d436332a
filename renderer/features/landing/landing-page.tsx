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
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { LoadingView } from '../../components/status-views.tsx';
import { AccountsSection } from './accounts-section.tsx';
import { EventStreamsSection, STREAMS_SHOWN } from './event-streams-section.tsx';
import { RemoteLanding } from './remote-landing.tsx';
import { TablesSection } from './tables-section.tsx';
import './landing.css';

/** Landing page: accounts, tables and busy event streams (or the remote-node explanation). */
export function LandingPage(): ReactNode {
  const source = useQuery(sourceQuery());
  const { effective } = useLedgerVersion();
  const probe = useQuery({ ...eventStreamsQuery(effective ?? '', STREAMS_SHOWN), enabled: effective !== undefined });
  if (source.isPending) return <LoadingView label="Loading the source…" />;
  if (isExplorerUnavailable(source.error) || isExplorerUnavailable(probe.error)) {
    return <RemoteLanding nodeName={source.data?.body.kind === 'remote' ? source.data.body.name : undefined} />;
  }
  // Over a node, wait for the probe rather than flash three error panels.
  if (source.data?.body.kind === 'remote' && probe.isPending) return <LoadingView label="Checking what the node serves…" />;
  return (
    <div className="landing">
      <AccountsSection />
      <div className="landing-side">
        <EventStreamsSection />
        <TablesSection />
      </div>
    </div>
  );
}
