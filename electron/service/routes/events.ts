/**
 * The two event endpoints (docs/node-behaviour.md §2): by creation number, and by the event handle
 * stored in a field of a resource (read at the latest version).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { formatAddress } from '../../../shared/address.ts';
import { eventHandleOf, isEventHandleLayout } from '../../../shared/move/event-handle.ts';
import { resolveLayout, type MoveLayout } from '../../../shared/move/layout.ts';
import { isMoveJsonObject } from '../../../shared/move/move-json.ts';
import { formatStructTag } from '../../../shared/type-tag.ts';
import type { StoredEvent } from '../../snapshot/ledger-store.ts';
import { encodeEvents } from '../bcs-bodies.ts';
import { ApiError, describeError, internalError, invalidInput, notFound } from '../http-errors.ts';
import { storedEventType } from '../event-types.ts';
import { decodeStoredValue, eventGuidJson, eventJson, structTypeTag } from '../json-bodies.ts';
import { pageSize } from '../params.ts';
import type { ContextOf, RequestContext } from '../request-context.ts';
import { bcsReply, endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';

/** The `start` and `limit` query parameters of the event endpoints. */
interface EventPage {
  readonly start: bigint | undefined;
  readonly limit: number;
}

/** `start` and `limit` (parsed before the handler runs, so a query that does not parse is always 400). */
function eventPage(context: ContextOf<'eventsByCreationNumber'> | ContextOf<'eventsByHandle'>): EventPage {
  const settings = context.store.settings;
  return {
    start: context.query.start,
    limit: pageSize(context.query.limit, settings.eventsDefaultLimit, settings.eventsMaxLimit),
  };
}

/** Lists the events of stream (address, creation number) and renders them. */
function listEvents(
  context: RequestContext,
  address: Uint8Array,
  creationNumber: bigint,
  page: EventPage,
): ServiceReply {
  const { start, limit } = page;
  const events = context.store.events(address, creationNumber, start, limit);
  if (context.output === 'bcs') return bcsReply(encodeEvents(events), context.ledger);
  const lookup = context.store.abiLookup(context.ledger.ledgerVersion);
  // Every event of the page is of the stream asked for (the store reads by it): one guid for all.
  const guid = eventGuidJson(address, creationNumber);
  const body = events.map((event: StoredEvent) =>
    eventJson(
      event,
      decodeStoredValue(event.data, storedEventType(event.typeTag), lookup, `event data of type ${event.typeTag}`),
      guid,
    ),
  );
  // Both event endpoints declare the same reply.
  return endpointReply(ENDPOINTS.eventsByCreationNumber, body, context.ledger);
}

/** `GET /v1/accounts/{address}/events/{creation_number}`. */
export function getEventsByCreationNumber(context: ContextOf<'eventsByCreationNumber'>): ServiceReply {
  const { address, creation_number: creationNumber } = context.params;
  return listEvents(context, address, creationNumber, eventPage(context));
}

/** `GET /v1/accounts/{address}/events/{event_handle}/{field_name}`. */
export function getEventsByHandle(context: ContextOf<'eventsByHandle'>): ServiceReply {
  const { address, event_handle: tag, field_name: fieldName } = context.params;
  const page = eventPage(context);
  const version = context.ledger.ledgerVersion;
  const shown = `Address(${formatAddress(address)}), Struct tag(${formatStructTag(tag)})`;

  const bytes = context.store.resource(address, tag, version);
  if (bytes === undefined)
    throw notFound('resource_not_found', `Resource not found by ${shown} and Ledger version(${version})`);
  const lookup = context.store.abiLookup(version);
  let layout: MoveLayout;
  try {
    layout = resolveLayout(structTypeTag(tag), lookup);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw internalError(`Failed to resolve the layout of ${formatStructTag(tag)}: ${describeError(error)}`);
  }
  const field = layout.kind === 'struct' ? layout.fields.find((candidate) => candidate.name === fieldName) : undefined;
  if (field === undefined) {
    throw notFound(
      'struct_field_not_found',
      `Struct field not found by ${shown}, Field name(${fieldName}) and Ledger version(${version})`,
    );
  }
  if (!isEventHandleLayout(field.layout)) {
    throw invalidInput(
      `Field ${fieldName} of ${formatStructTag(tag)} is not an event handle (0x1::event::EventHandle<T>)`,
    );
  }
  const value = decodeStoredValue(bytes, structTypeTag(tag), lookup, `resource ${formatStructTag(tag)}`);
  const handle = eventHandleOf(isMoveJsonObject(value) ? value[fieldName] : undefined);
  if (handle === undefined) throw internalError('Malformed event handle in stored resource');
  return listEvents(context, handle.address, handle.creationNumber, page);
}
