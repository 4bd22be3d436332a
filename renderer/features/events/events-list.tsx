/**
 * A stream's events, newest first: virtualized rows (version as a link pinning time travel,
 * sequence number, type, data preview) that expand to the event's JSON. The list holds only events
 * at or below the version the view reads at (the query stops there), so no row is "after the pin".
 */
import type { ReactNode } from 'react';
import { memo, useCallback, useMemo, useState } from 'react';
import type { EventJson } from '../../api/types.ts';
import { JsonTree, type JsonLinkFor } from '../../components/json-tree/json-tree.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { moveValueLinks } from '../../lib/value-links.ts';
import { previewJson } from '../../../shared/json-preview.ts';
import { useVirtualRows } from '../../lib/use-virtual-rows.ts';
import { rowGroupProps, rowStyle, useHydrated } from '../../lib/use-hydrated.ts';

/** Props of {@link EventsList}. */
export interface EventsListProps {
  /** Newest first. */
  readonly events: readonly EventJson[];
  /** The pinned ledger version, if any (links keep it). */
  readonly pinned: string | undefined;
}

const PREVIEW_CHARS = 140;

function preview(event: EventJson): string {
  // Written without recursion and only up to the preview: event data from a node may nest thousands of levels.
  return previewJson(event.data, 'json', PREVIEW_CHARS);
}

/** Props of one virtual event row (memoized: rows staying in view are not rendered again while scrolling). */
interface EventRowViewProps {
  readonly event: EventJson;
  readonly open: boolean;
  readonly index: number;
  readonly start: number;
  readonly measure: (element: Element | null) => void;
  readonly onToggle: (sequence: string) => void;
  readonly linkFor: JsonLinkFor;
}

const EventRowView = memo(function EventRowView({
  event,
  open,
  index,
  start,
  measure,
  onToggle,
  linkFor,
}: EventRowViewProps): ReactNode {
  return (
    <div data-index={index} ref={measure} className="events-item" style={rowStyle(useHydrated(), start)}>
      <div role="row" aria-rowindex={index + 2} className={`events-row${open ? ' open' : ''}`}>
        <span role="cell">
          <button
            type="button"
            className="row-toggle events-toggle"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} event ${event.sequence_number}`}
            onClick={() => onToggle(event.sequence_number)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        </span>
        <span role="cell">
          <VersionLink version={event.version} />
        </span>
        <span role="cell" className="mono">
          {event.sequence_number}
        </span>
        <span role="cell" className="mono events-type" title={event.type}>
          {event.type}
        </span>
        <span role="cell" className="mono events-preview">
          {preview(event)}
        </span>
      </div>
      {open && (
        <div className="events-detail">
          <JsonTree value={event} label={`event ${event.sequence_number}`} linkFor={linkFor} />
        </div>
      )}
    </div>
  );
});

/** The virtualized events list. */
export function EventsList({ events, pinned }: EventsListProps): ReactNode {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const placed = useHydrated();
  const { scrollRef, virtualizer } = useVirtualRows({
    count: events.length,
    rowHeight: 34,
    rowKey: (index) => events[index]?.sequence_number ?? index,
    overscan: 12,
  });
  const linkFor = useMemo(() => moveValueLinks(pinned), [pinned]);
  const toggle = useCallback(
    (sequence: string): void =>
      setOpen((previous) => {
        const next = new Set(previous);
        if (next.has(sequence)) next.delete(sequence);
        else next.add(sequence);
        return next;
      }),
    [],
  );

  return (
    <div className="events-table" role="table" aria-label="Events" aria-rowcount={events.length + 1}>
      <div role="rowgroup">
        <div role="row" className="events-row events-head">
          <span aria-hidden="true" />
          <span role="columnheader">Version</span>
          <span role="columnheader">Sequence</span>
          <span role="columnheader">Type</span>
          <span role="columnheader">Data</span>
        </div>
      </div>
      <div className="events-scroll" ref={scrollRef}>
        <div role="rowgroup" {...rowGroupProps(placed, virtualizer.getTotalSize())}>
          {virtualizer.getVirtualItems().map((item) => {
            const event = events[item.index];
            if (!event) return null;
            return (
              <EventRowView
                key={event.sequence_number}
                event={event}
                open={open.has(event.sequence_number)}
                index={item.index}
                start={item.start}
                measure={virtualizer.measureElement}
                onToggle={toggle}
                linkFor={linkFor}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
