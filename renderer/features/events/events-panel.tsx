/**
 * An account's events: pick a stream (by creation number, or by struct + field through the route
 * `/events/{struct}/{field}`), read newest first with older pages via `start`, or jump to a
 * sequence number (`?seq=N`, so the view is a deep link) and page newer from there. Events are not
 * versioned by the API, but the list shows the stream as it was at the version the view reads at: it
 * starts at the newest event at or below it, and neither paging nor an export goes past it.
 */
import type { ReactNode } from 'react';
import { useMemo, useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { eventsQuery, type EventStream } from '../../api/queries/events-queries.ts';
import { useLedgerVersion } from '../../app/use-ledger-version.ts';
import { usePinnedRetention } from '../../app/use-pinned-retention.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { PagedExportMenu, eventExportRows } from '../../components/export-menu/paged-export-menu.tsx';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import { useAccountSubject } from '../../lib/use-account-subject.ts';
import { eventsNewestFirst } from '../../lib/newest-first.ts';
import { plural } from '../../lib/plural.ts';
import { EventsList } from './events-list.tsx';
import { StreamPicker } from './stream-picker.tsx';
import './events.css';
import { NewerOlderButtons, NO_PAGING } from '../../components/page-buttons.tsx';
import { isU64Text } from '../../../shared/ledger/u64.ts';

/** The URL parameter of the sequence number jumped to. */
const SEQ_PARAM = 'seq';

/** Whether `text` is a creation number the API accepts: a decimal u64. */
function isCreationNumber(text: string): boolean {
  return isU64Text(text);
}

function streamOf(params: Readonly<Partial<Record<string, string>>>): EventStream | undefined {
  if (params.structTag !== undefined && params.fieldName !== undefined)
    return { kind: 'field', struct: params.structTag, field: params.fieldName };
  if (params.creationNumber !== undefined) return { kind: 'creation_number', creationNumber: params.creationNumber };
  return undefined;
}

/** The events tab. */
export function EventsPanel(): ReactNode {
  const { address } = useAccountAddress();
  const params = useParams();
  const stream = streamOf(params);
  if (address === undefined) return null;
  return (
    <div className="events-panel">
      <StreamPicker
        address={address}
        creationNumber={stream?.kind === 'creation_number' ? stream.creationNumber : undefined}
      />
      {stream === undefined ? (
        <EmptyView>Choose an event stream above.</EmptyView>
      ) : stream.kind === 'creation_number' && !isCreationNumber(stream.creationNumber) ? (
        // Refused here rather than sent: the node's 400 for it says less.
        <p className="error-text" role="alert">
          <span className="mono">{stream.creationNumber}</span> is not a creation number (a decimal u64).
        </p>
      ) : (
        <StreamEvents key={JSON.stringify(stream)} address={address} stream={stream} />
      )}
    </div>
  );
}

/** Props of {@link JumpForm}. */
interface JumpFormProps {
  readonly title: string;
  /** The sequence number jumped to now (from the URL). */
  readonly anchor: string | undefined;
  readonly onJump: (sequence: string | undefined) => void;
  readonly children: ReactNode;
}

/** The toolbar with the jump field: a draft seeded from the URL, remounted (keyed) when the URL changes. */
function JumpForm({ title, anchor, onJump, children }: JumpFormProps): ReactNode {
  const [jump, setJump] = useState(anchor ?? '');
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (isU64Text(jump)) onJump(jump);
  };
  return (
    <form className="panel-toolbar" onSubmit={submit}>
      <strong className="mono events-title">{title}</strong>
      <label>
        Jump to sequence number
        <input
          inputMode="numeric"
          pattern="\d*"
          value={jump}
          onChange={(event) => setJump(event.target.value.trim())}
          size={10}
        />
      </label>
      <button type="submit">Go</button>
      <button type="button" disabled={anchor === undefined} onClick={() => onJump(undefined)}>
        Newest
      </button>
      {children}
    </form>
  );
}

/** The stream in an export's file name: its creation number, or struct name and field (no `::` or `<>`). */
function fileLabel(stream: EventStream): string {
  if (stream.kind === 'creation_number') return stream.creationNumber;
  const name = stream.struct.split('<', 1)[0]?.split('::').at(-1) ?? 'events';
  return `${name}-${stream.field}`;
}

/** One stream's events with the jump and paging controls. */
function StreamEvents({ address, stream }: { readonly address: string; readonly stream: EventStream }): ReactNode {
  const { pinned, effective } = useLedgerVersion();
  const subject = useAccountSubject(address);
  const [search, setSearch] = useSearchParams();
  const raw = search.get(SEQ_PARAM);
  const anchor = raw !== null && isU64Text(raw) ? raw : undefined;
  const query = useInfiniteQuery(eventsQuery(address, stream, anchor, effective));
  // Events take no ledger version: a pinned version outside the retained window is checked apart,
  // and then no events are claimed loaded, as the state panels show none.
  const pinnedRetention = usePinnedRetention();
  const { outOfRange } = pinnedRetention;
  const events = useMemo(() => eventsNewestFirst(query.data?.pages.flatMap((page) => page.body) ?? []), [query.data]);

  const setAnchor = (value: string | undefined): void =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      if (value === undefined) next.delete(SEQ_PARAM);
      else next.set(SEQ_PARAM, value);
      return next;
    });

  const title =
    stream.kind === 'creation_number'
      ? `creation number ${stream.creationNumber}`
      : `${stream.struct} · ${stream.field}`;
  const oldest = events.at(-1);
  const failed = outOfRange || (query.isError && events.length === 0);
  const unavailable = outOfRange ? pinnedRetention.unavailable : failed ? 'the events could not be read' : undefined;
  return (
    <section aria-label={`Events of ${title}`}>
      <JumpForm key={anchor ?? ''} title={title} anchor={anchor} onJump={setAnchor}>
        <NewerOlderButtons query={failed ? NO_PAGING : query} noun="events" />
        <span className="panel-count" role="status" aria-live="polite">
          {failed ? (
            'No events loaded'
          ) : (
            <>
              {events.length} {plural(events.length, 'event')} loaded
              {oldest ? ` · oldest shown #${oldest.sequence_number}` : ''}
              {query.hasNextPage ? '' : events.length > 0 ? ' · reached the first event' : ''}
            </>
          )}
        </span>
        <PagedExportMenu
          subject={`${subject}, events ${fileLabel(stream)}`}
          name={`${address}-events-${fileLabel(stream)}-v${effective ?? ''}`}
          query={query}
          rowsOf={eventExportRows}
          unavailable={unavailable}
        />
      </JumpForm>
      {outOfRange ? (
        // The stream picker above already shows the API's error for this version (it reads resources there).
        <EmptyView>No events are listed at version {pinned}: it is outside the versions this source holds.</EmptyView>
      ) : query.isPending ? (
        <LoadingView label="Loading events…" />
      ) : query.isError && events.length === 0 ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : events.length === 0 ? (
        <EmptyView>
          {anchor === undefined
            ? pinned === undefined
              ? 'This stream has no events.'
              : `This stream had no events at version ${pinned}.`
            : `No events from sequence number ${anchor} on${pinned === undefined ? '' : ` at version ${pinned}`}.`}
        </EmptyView>
      ) : (
        <>
          {query.isError && <ErrorView error={query.error} />}
          <EventsList events={events} pinned={pinned} />
        </>
      )}
    </section>
  );
}
