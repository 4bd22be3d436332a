/**
 * Query options of the events domain. A stream is addressed either by creation number or by the
 * struct and field holding its handle (the node's two event endpoints). The first page is the
 * newest events (no `start`), or the events from a sequence number the user jumped to; older pages
 * are fetched with `start` = first shown − page size, so the list reads newest first.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { requestJson, type ApiAnswer } from '../client.ts';
import { queryKeys } from '../query-keys.ts';
import type { EventJson, MoveResourceJson } from '../types.ts';

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

/** The page before (older than) a page whose first event is `firstSequence`, or undefined at 0. */
export function olderPageParam(firstSequence: bigint, pageSize: number): EventsPageParam | undefined {
  if (firstSequence <= 0n) return undefined;
  const start = firstSequence > BigInt(pageSize) ? firstSequence - BigInt(pageSize) : 0n;
  return { start: start.toString(), limit: Number(firstSequence - start) };
}

/**
 * Events of a stream, newest first in pages. `anchor` is undefined for the newest page, or the
 * sequence number the user jumped to (that page starts there).
 */
export function eventsQuery(address: string, stream: EventStream, anchor: string | undefined, pageSize = EVENTS_PAGE_SIZE) {
  const streamKey = stream.kind === 'creation_number' ? stream.creationNumber : `${stream.struct}/${stream.field}`;
  return infiniteQueryOptions({
    queryKey: queryKeys.events(address, streamKey, anchor, pageSize),
    queryFn: ({ pageParam, signal }): Promise<ApiAnswer<readonly EventJson[]>> =>
      requestJson<readonly EventJson[]>(eventStreamPath(address, stream), { query: { start: pageParam.start, limit: pageParam.limit }, signal }),
    initialPageParam: { start: anchor, limit: pageSize } as EventsPageParam,
    getNextPageParam: (last) => {
      const first = last.body[0];
      return first ? olderPageParam(BigInt(first.sequence_number), pageSize) : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** Resources scanned for event handles: the first 9999 (the node's largest page) at `version`. */
export function eventHandleResourcesQuery(address: string, version: string) {
  return queryOptions({
    queryKey: queryKeys.eventHandleResources(address, version),
    queryFn: ({ signal }) => requestJson<readonly MoveResourceJson[]>(`/v1/accounts/${address}/resources`, { query: { ledger_version: version, limit: 9999 }, signal }),
  });
}
