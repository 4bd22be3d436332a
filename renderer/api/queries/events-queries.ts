/**
 * Query options of the events domain. A stream is addressed either by creation number or by the
 * struct and field holding its handle (the node's two event endpoints). The first page is the
 * newest events (no `start`), or the events from a sequence number the user jumped to; older pages
 * are fetched with `start` = first shown − page size, so the list reads newest first; after a jump,
 * newer pages with `start` = last shown + 1.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { request, type ApiAnswer } from '../client.ts';
import { queryKeys, type VersionKey } from '../query-keys.ts';
import type { EventJson } from '../types.ts';
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

/** One page request: `start` undefined asks for the newest `limit` events. */
export interface EventsPageParam {
  readonly start: string | undefined;
  readonly limit: number;
}

/** A fetched page with the request that produced it (paging toward newer events needs both). */
export interface EventsPage extends ApiAnswer<readonly EventJson[]> {
  readonly param: EventsPageParam;
}

/** The page before (older than) a page whose first event is `firstSequence`, or undefined at 0. */
export function olderPageParam(firstSequence: bigint, pageSize: number): EventsPageParam | undefined {
  if (firstSequence <= 0n) return undefined;
  const start = firstSequence > BigInt(pageSize) ? firstSequence - BigInt(pageSize) : 0n;
  return { start: start.toString(), limit: Number(firstSequence - start) };
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
  return { start: (lastSequence + 1n).toString(), limit: pageSize };
}

/**
 * Events of a stream, newest first in pages. `anchor` is undefined for the newest page, or the
 * sequence number the user jumped to (that page starts there); older pages come next, newer ones
 * (after a jump) before. The endpoint takes no ledger version: `version` (the one the view reads
 * at) is in the key so "the newest events" are re-read when the view moves to a newer version;
 * skipped until that version is known.
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
            const query = { start: pageParam.start, limit: pageParam.limit };
            const answer =
              stream.kind === 'creation_number'
                ? await request(ENDPOINTS.eventsByCreationNumber, {
                    path: { address, creation_number: stream.creationNumber },
                    query,
                    signal,
                  })
                : await request(ENDPOINTS.eventsByHandle, {
                    path: { address, event_handle: stream.struct, field_name: stream.field },
                    query,
                    signal,
                  });
            return { ...answer, param: pageParam };
          },
    initialPageParam: { start: anchor, limit: pageSize } as EventsPageParam,
    getNextPageParam: (last) => {
      const first = last.body[0];
      return first ? olderPageParam(BigInt(first.sequence_number), pageSize) : undefined;
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
