/**
 * A stream's events, newest first: virtualized rows (version as a link pinning time travel,
 * sequence number, type, data preview) that expand to the event's JSON. Events emitted after the
 * pinned version are marked, since the state shown elsewhere does not include them yet.
 */
import type { ReactNode } from 'react';
import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { EventJson, JsonValue } from '../../api/types.ts';
import { JsonTree } from '../../components/json-tree/json-tree.tsx';
import { VersionLink } from '../../components/version-link.tsx';
import { moveValueLinks } from '../resources/value-links.ts';
import { measureWithFloor, observeRectWithFloor } from '../resources/virtual-rect.ts';

/** Props of {@link EventsList}. */
export interface EventsListProps {
  /** Newest first. */
  readonly events: readonly EventJson[];
  /** The pinned ledger version, if any (later events are marked). */
  readonly pinned: string | undefined;
}

const PREVIEW_CHARS = 140;

function preview(event: EventJson): string {
  const text = JSON.stringify(event.data);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
}

/** The virtualized events list. */
export function EventsList({ events, pinned }: EventsListProps): ReactNode {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 34,
    getItemKey: (index) => events[index]?.sequence_number ?? index,
    overscan: 12,
    observeElementRect: observeRectWithFloor,
    measureElement: measureWithFloor(34),
  });
  const linkFor = useMemo(() => moveValueLinks(pinned), [pinned]);
  const pinnedAt = pinned === undefined ? undefined : BigInt(pinned);
  const toggle = (sequence: string): void =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(sequence)) next.delete(sequence);
      else next.add(sequence);
      return next;
    });

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
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const event = events[item.index];
            if (!event) return null;
            const expanded = open.has(event.sequence_number);
            const after = pinnedAt !== undefined && BigInt(event.version) > pinnedAt;
            return (
              <div key={event.sequence_number} data-index={item.index} ref={virtualizer.measureElement} className="events-item" style={{ transform: `translateY(${item.start}px)` }}>
                <div role="row" aria-rowindex={item.index + 2} className={`events-row${after ? ' after-pin' : ''}${expanded ? ' open' : ''}`}>
                  <span role="cell">
                    <button type="button" className="events-toggle" aria-expanded={expanded} aria-label={`${expanded ? 'Collapse' : 'Expand'} event ${event.sequence_number}`} onClick={() => toggle(event.sequence_number)}>
                      <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                    </button>
                  </span>
                  <span role="cell">
                    <VersionLink version={event.version} />
                    {after && <span className="after-pin-badge" title={`Emitted after the pinned version ${pinned ?? ''}`}>after pin</span>}
                  </span>
                  <span role="cell" className="mono">{event.sequence_number}</span>
                  <span role="cell" className="mono events-type" title={event.type}>{event.type}</span>
                  <span role="cell" className="mono events-preview">{preview(event)}</span>
                </div>
                {expanded && (
                  <div className="events-detail">
                    <JsonTree value={event as unknown as JsonValue} label={`event ${event.sequence_number}`} linkFor={linkFor} />
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
