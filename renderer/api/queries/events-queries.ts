/**
 * Query options of the events domain. A stream is addressed either by creation number or by the
 * struct and field holding its handle (the node's two event endpoints). The list shows the stream as it
 * was at the version the view reads at: its first page ends at the newest event emitted at or below that
 * version (found once, `event-bound.ts`), or starts at a sequence number the user jumped to; older pages
 * are fetched with `start` = first shown − page size, so the list reads newest first; after a jump,
 * newer pages with `start` = last shown + 1, never past that newest event. So an export at a pinned
 * version never holds an event the state at that version does not know of.
 */
import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { requestJson, type ApiAnswer } from '../client.ts';
import { queryKeys, type VersionKey } from '../query-keys.ts';
import type { EventJson } from '../types.ts';
import { newestSequenceAt } from './event-bound.ts';
import { keepPreviousWhileSame } from './keep-previous.ts';
import { MAX_RESOURCE_PAGE_SIZE, resourcesPage } from './resource-pages.ts';

/** Page size of the events list (the node's maximum). */
export const EVENTS_PAGE_SIZE = 100;

/** Which stream: a creation number, or a struct tag and the field holding the handle. */
export type EventStream =
  | { readonly kind: 'creation_number'; readonly creationNumber: string }
  | { readonly kind: 'field'; readonly struct: string; readonly field: string };

/** The API path of a stream's events (struct tags percent-encoded as one segment). */
export function eventStreamPath(address: string, stream: EventStream): string {
  return stream.kind === 'creation_number'
    ? `/v1/accounts/${address}/events/${stream.creationNumber}`
    : `/v1/accounts/${address}/events/${encodeURIComponent(stream.struct)}/${stream.field}`;
}

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
  const streamKey = stream.kind === 'creation_number' ? stream.creationNumber : `${stream.struct}/${stream.field}`;
  const queryKey = queryKeys.events(address, streamKey, anchor, version, pageSize);
  return infiniteQueryOptions({
    queryKey,
    queryFn:
      version === undefined
        ? skipToken
        : async ({ pageParam, signal }): Promise<EventsPage> => {
            const path = eventStreamPath(address, stream);
            let param: EventsPageParam = pageParam;
            if (pageParam.bound === undefined) {
              const { bound, answer } = await newestSequenceAt(path, BigInt(version), signal);
              const first = firstPageParam(anchor, bound, pageSize);
              // Nothing at this version (or from the anchor on): an empty page that pages no further.
              if (first === undefined)
                return {
                  ...answer,
                  body: [],
                  param: { start: anchor ?? '0', limit: 0, bound: bound?.toString() ?? null },
                };
              param = first;
              // The search's first read (the newest page) often holds the whole first page already: no second read.
              const from = BigInt(first.start ?? '0');
              const held = answer.body.filter((event) => {
                const sequence = BigInt(event.sequence_number);
                return sequence >= from && sequence <= from + BigInt(first.limit) - 1n;
              });
              if (held.length === first.limit) return { ...answer, body: held, param };
            }
            const answer = await requestJson<readonly EventJson[]>(path, {
              query: { start: param.start, limit: param.limit },
              signal,
            });
            return { ...answer, param };
          },
    initialPageParam: { start: anchor, limit: pageSize } as EventsPageParam,
    getNextPageParam: (last) => {
      const first = last.body[0];
      return first ? olderPageParam(BigInt(first.sequence_number), pageSize, last.param.bound) : undefined;
    },
    getPreviousPageParam: (first) => {
      const last = first.body.at(-1);
      return newerPageParam(
        first.param,
        first.body.length,
        last === undefined ? undefined : BigInt(last.sequence_number),
        pageSize,
      );
    },
    // Only another page size keeps the rows; another stream, start or version never does.
    placeholderData: keepPreviousWhileSame(queryKey, ['address', 'stream', 'start', 'version']),
  });
}

/** Resources scanned for event handles: the first 9999 (the node's largest page) at `version` (skipped without). */
export function eventHandleResourcesQuery(address: string, version: VersionKey | undefined) {
  return queryOptions({
    queryKey: queryKeys.eventHandleResources(address, version),
    queryFn:
      version === undefined
        ? skipToken
        : ({ signal }) => resourcesPage(address, version, MAX_RESOURCE_PAGE_SIZE, undefined, signal),
  });
}
