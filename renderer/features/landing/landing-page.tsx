/**
 * The start page. Over a snapshot: accounts (paged, at the pinned version), tables and the busiest
 * event streams. Over a remote node (no `/explorer/v1` listings): what is not available remotely,
 * and an address box instead.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sourceQuery } from '../../api/queries/ledger-queries.ts';
import { isExplorerUnavailable } from '../../api/queries/explorer-queries.ts';
import { LoadingView } from '../../components/status-views.tsx';
import { AccountsSection } from './accounts-section.tsx';
import { EventStreamsSection } from './event-streams-section.tsx';
import { RemoteLanding } from './remote-landing.tsx';
import { TablesSection } from './tables-section.tsx';
import './landing.css';

/** Landing page: accounts, tables and busy event streams (or the remote-node explanation). */
export function LandingPage(): ReactNode {
  const source = useQuery(sourceQuery());
  if (source.isPending) return <LoadingView label="Loading the source…" />;
  const remote = source.isError ? isExplorerUnavailable(source.error) : source.data.body.kind === 'remote';
  if (remote) return <RemoteLanding nodeName={source.data?.body.kind === 'remote' ? source.data.body.name : undefined} />;
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
