/**
 * The busiest event streams of the snapshot (`GET /explorer/v1/event-streams`, over its newest
 * events), each linking to its events. The listing takes no version: streams whose newest event is
 * after the version the view reads at are marked.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { eventStreamsQuery } from '../../api/queries/explorer-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { AddressLink } from '../../components/address-link.tsx';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';

/** How many streams the card lists. */
export const STREAMS_SHOWN = 10;

/** The event streams card of the landing page. */
export function EventStreamsSection(): ReactNode {
  const { pinned, effective } = useLedgerVersion();
  const streams = useQuery(eventStreamsQuery(effective, STREAMS_SHOWN));
  let body: ReactNode;
  if (streams.isPending) body = <LoadingView label="Loading event streams…" />;
  else if (streams.isError) body = <ErrorView error={streams.error} onRetry={() => void streams.refetch()} />;
  else if (streams.data.body.streams.length === 0) body = <EmptyView>This snapshot holds no events.</EmptyView>;
  else
    body = (
      <table className="landing-table">
        <thead>
          <tr>
            <th scope="col">Stream</th>
            <th scope="col">Type</th>
            <th scope="col" className="numeric">
              Events
            </th>
          </tr>
        </thead>
        <tbody>
          {streams.data.body.streams.map((stream) => (
            <tr key={`${stream.address}/${stream.creation_number}`}>
              <td>
                <div className="stream-cell">
                  <AddressLink address={stream.address} noCopy />
                  <Link
                    to={withVersion(`/accounts/${stream.address}/events/${stream.creation_number}`, pinned)}
                    aria-label={`Events of ${stream.address} stream ${stream.creation_number}`}
                  >
                    #{stream.creation_number}
                  </Link>
                </div>
              </td>
              <td className="mono type-cell" title={stream.type}>
                {stream.type}
              </td>
              <td className="numeric mono">
                {stream.count}
                {effective !== undefined && BigInt(stream.latest_version) > BigInt(effective) && (
                  <span
                    className="after-pin-badge"
                    title={
                      `Its newest event (version ${stream.latest_version}) ` +
                      `is after version ${effective}; counts include it`
                    }
                  >
                    newer
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section className="landing-card" aria-labelledby="landing-streams">
      <h2 id="landing-streams">Busiest event streams</h2>
      {streams.data && (
        <p className="landing-note muted">
          {`Counted over the newest ${streams.data.body.window.toLocaleString('en-US')} events.`}
        </p>
      )}
      {body}
    </section>
  );
}
