/**
 * Query options of the events domain. A stream is addressed either by creation number or by the
 * struct and field holding its handle (the node's two event endpoints). The list shows the stream as it
 * was at the version the view reads at: its first page ends at the newest event emitted at or below that
 * version (found once, `event-bound.ts`), or starts at a sequence number the user jumped to; older pages
 * are fetched with `start` = first shown − page size, so the list reads newest first; after a jump,
 * newer pages with `start` = last shown + 1, never past that newest event. So an export at a pinned
 * version never holds an event the state at that version does not know of.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ApiAnswer } from '../client.ts';
import { endpointInfiniteQuery, endpointQuery, type ReadContext } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';
import type { EventJson } from '../types.ts';
import { newestSequenceAt, type EventsRead } from './event-bound.ts';
import { MAX_RESOURCE_PAGE_SIZE } from './resource-pages.ts';

/** Page size of the events list (the node's maximum). */
export const EVENTS_PAGE_SIZE = 100;

/** Which stream: a creation number, or a struct tag and the field holding the handle. */
export type EventStream =
  | { readonly kind: 'creation_number'; readonly creationNumber: string }
  | { readonly kind: 'field'; readonly struct: string; readonly field: string };

/** One page request: `start` undefined asks for the newest `limit` events (at or below the version read at). */
export interface EventsPageParam {
  readonly start: string | undefined;
  readonly limit: number;
  /**
   * The newest sequence number the list may show (the newest event at or below the version read at); `null` when
   * the stream had none yet; absent on the first page, which looks it up.
   */
  readonly bound?: string | null | undefined;
}

/** A fetched page with the request that produced it (paging toward newer events needs both). */
export interface EventsPage extends ApiAnswer<readonly EventJson[]> {
  readonly param: EventsPageParam;
}

/** The page before (older than) a page whose first event is `firstSequence`, or undefined at 0. */
export function olderPageParam(
  firstSequence: bigint,
  pageSize: number,
  bound?: string | null,
): EventsPageParam | undefined {
  if (firstSequence <= 0n) return undefined;
  const start = firstSequence > BigInt(pageSize) ? firstSequence - BigInt(pageSize) : 0n;
  return { start: start.toString(), limit: Number(firstSequence - start), bound };
}

/** The page after (newer than) a page read with `param` whose newest event is `lastSequence`, if any can exist. */
export function newerPageParam(
  param: EventsPageParam,
  count: number,
  lastSequence: bigint | undefined,
  pageSize: number,
): EventsPageParam | undefined {
  // The newest page (no start) and a page shorter than asked reached the stream's end when read.
  if (param.start === undefined || count < param.limit || lastSequence === undefined) return undefined;
  const start = lastSequence + 1n;
  if (param.bound === undefined) return { start: start.toString(), limit: pageSize };
  // Never past the newest event of the version read at.
  if (param.bound === null || start > BigInt(param.bound)) return undefined;
  const room = BigInt(param.bound) - start + 1n;
  return { start: start.toString(), limit: room < BigInt(pageSize) ? Number(room) : pageSize, bound: param.bound };
}

/**
 * The first page's request once the stream's bound at the version is known: the `limit` events ending at the
 * bound, or from the jumped-to `anchor` up to the bound; undefined when there is nothing to read (no event by
 * then, or the anchor is past it).
 */
export function firstPageParam(
  anchor: string | undefined,
  bound: bigint | null,
  pageSize: number,
): EventsPageParam | undefined {
  if (bound === null) return undefined;
  if (anchor === undefined) {
    const start = bound + 1n > BigInt(pageSize) ? bound + 1n - BigInt(pageSize) : 0n;
    return { start: start.toString(), limit: Number(bound - start + 1n), bound: bound.toString() };
  }
  const from = BigInt(anchor);
  if (from > bound) return undefined;
  const room = bound - from + 1n;
  return { start: anchor, limit: room < BigInt(pageSize) ? Number(room) : pageSize, bound: bound.toString() };
}

/**
 * Events of a stream, newest first in pages, as the stream was at `version` (the version the view reads at,
 * pinned or anchored). `anchor` is undefined for the newest page (ending at the newest event at or below
 * `version`), or the sequence number the user jumped to (that page starts there); older pages come next, newer
 * ones (after a jump, up to that newest event) before. The endpoint takes no ledger version: the first page
 * finds the bound from the events' own versions, and `version` is in the key.
 */
export function eventsQuery(
  address: string,
  stream: EventStream,
  anchor: string | undefined,
  version: VersionKey | undefined,
  pageSize = EVENTS_PAGE_SIZE,
) {
  const at = { version };
  const paging = {
    shape: { anchor: anchor ?? 'newest', pageSize },
    page: (fetchPage: FetchEvents, pageParam: EventsPageParam, read: ReadContext) =>
      readEventsPage(fetchPage, pageParam, anchor, BigInt(read.version), pageSize),
    initialPageParam: { start: anchor, limit: pageSize } as EventsPageParam,
    getNextPageParam: (last: EventsPage) => {
      const first = last.body[0];
      return first ? olderPageParam(BigInt(first.sequence_number), pageSize, last.param.bound) : undefined;
    },
    getPreviousPageParam: (first: EventsPage) => {
      const last = first.body.at(-1);
      return newerPageParam(
        first.param,
        first.body.length,
        last === undefined ? undefined : BigInt(last.sequence_number),
        pageSize,
      );
    },
    // Only another page size keeps the rows; another stream, start or version never does.
    keepWhileSame: ['address', 'creation_number', 'event_handle', 'field_name', 'anchor', 'version'],
  };
  return stream.kind === 'creation_number'
    ? endpointInfiniteQuery(
        ENDPOINTS.eventsByCreationNumber,
        { path: { address, creation_number: stream.creationNumber }, at },
        paging,
      )
    : endpointInfiniteQuery(
        ENDPOINTS.eventsByHandle,
        { path: { address, event_handle: stream.struct, field_name: stream.field }, at },
        paging,
      );
}

/** Sends one page's `start` and `limit` to the stream's endpoint. */
type FetchEvents = (query: {
  readonly start?: string | undefined;
  readonly limit?: number | undefined;
}) => Promise<ApiAnswer<readonly EventJson[]>>;

/**
 * One page of events. The endpoint takes no ledger version: the first page finds the stream's bound at `version`
 * from the events' own versions (event-bound.ts), then reads the page ending there (or from the anchor).
 */
async function readEventsPage(
  fetchPage: FetchEvents,
  pageParam: EventsPageParam,
  anchor: string | undefined,
  version: bigint,
  pageSize: number,
): Promise<EventsPage> {
  let param: EventsPageParam = pageParam;
  if (pageParam.bound === undefined) {
    const readEvents: EventsRead = (start, limit) => fetchPage({ start: start?.toString(), limit });
    const { bound, answer } = await newestSequenceAt(readEvents, version);
    const first = firstPageParam(anchor, bound, pageSize);
    // Nothing at this version (or from the anchor on): an empty page that pages no further.
    if (first === undefined)
      return { ...answer, body: [], param: { start: anchor ?? '0', limit: 0, bound: bound?.toString() ?? null } };
    param = first;
    // The search's first read (the newest page) often holds the whole first page already: no second read.
    const from = BigInt(first.start ?? '0');
    const held = answer.body.filter((event) => {
      const sequence = BigInt(event.sequence_number);
      return sequence >= from && sequence <= from + BigInt(first.limit) - 1n;
    });
    if (held.length === first.limit) return { ...answer, body: held, param };
  }
  const answer = await fetchPage({ start: param.start, limit: param.limit });
  return { ...answer, param };
}

/** Resources scanned for event handles: the first 9999 (the node's largest page) at `version` (skipped without). */
export function eventHandleResourcesQuery(address: string, version: VersionKey | undefined) {
  return endpointQuery(ENDPOINTS.resources, {
    path: { address },
    query: { limit: MAX_RESOURCE_PAGE_SIZE },
    at: { version },
  });
}
