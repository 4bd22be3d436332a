/**
 * The events a transaction emitted, in emission order: handle events and module events alike, each
 * with its type and its data in the JSON tree. A handle event links to its stream as it was at the
 * transaction's version (`/accounts/{a}/events/{creation_number}?ledger_version=V`, where it is the
 * newest event); a module event has no stream (the node lists only handle events), which is said.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { normalizeAddress } from '../../../shared/address.ts';
import type { TransactionEventJson } from '../../api/transaction-json.ts';
import { withVersion } from '../../app/use-ledger-version.ts';
import { JsonTree } from '../../components/json-tree/json-tree.tsx';
import { EmptyView } from '../../components/status-views.tsx';
import { transactionValueLinks } from './transaction-links.ts';
import { isModuleEvent } from './transaction-facts.ts';

/** One event: index, type, where it belongs, data. */
function EventItem({
  event,
  index,
  version,
}: {
  readonly event: TransactionEventJson;
  readonly index: number;
  readonly version: string;
}): ReactNode {
  const moduleEvent = isModuleEvent(event);
  const address = normalizeAddress(event.guid.account_address);
  return (
    <li className="transaction-event">
      <h3 className="transaction-event-head">
        <span className="muted">#{index}</span> <span className="mono transaction-event-type">{event.type}</span>
      </h3>
      <p className="transaction-event-where">
        {moduleEvent ? (
          <span className="muted">Module event: no event stream (module events are not kept in a handle).</span>
        ) : (
          <>
            Handle event, sequence number <span className="mono">{event.sequence_number}</span> of{' '}
            <Link
              className="mono"
              to={withVersion(`/accounts/${address}/events/${event.guid.creation_number}`, version)}
              title={`The stream as it was at version ${version}`}
            >
              {`stream ${address} / ${event.guid.creation_number}`}
            </Link>
          </>
        )}
      </p>
      <JsonTree value={event.data} label={`event ${index} data`} linkFor={transactionValueLinks(version)} />
    </li>
  );
}

/** The events section (its count in the heading). */
export function TransactionEvents({
  events,
  version,
}: {
  readonly events: readonly TransactionEventJson[] | undefined;
  readonly version: string;
}): ReactNode {
  const list = events ?? [];
  return (
    <section className="transaction-section" aria-labelledby="transaction-events">
      <h2 id="transaction-events">
        Events <span className="muted">({list.length})</span>
      </h2>
      {list.length === 0 ? (
        <EmptyView>This transaction emitted no events.</EmptyView>
      ) : (
        <ol className="transaction-events">
          {list.map((event, index) => (
            <EventItem key={index} event={event} index={index} version={version} />
          ))}
        </ol>
      )}
    </section>
  );
}
