/**
 * The node API's table and event endpoints (`/v1`, node-compatible; docs/api.md): table items by
 * decoded or raw key, and the event streams by creation number or by the field holding the handle.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint.ts';
import * as wire from '../wire-schemas.ts';
import { EVENT_START, LEDGER_VERSION, limit } from './common-parameters.ts';

const BOTH = ['snapshot', 'remote'] as const;
const VERSIONED = ['version_not_found', 'version_pruned'] as const;

/** `POST /v1/tables/{table_handle}/item`: the value under a key given as JSON. */
export const tableItem = endpoint({
  method: 'POST',
  path: '/v1/tables/:table_handle/item',
  params: { table_handle: 'address' },
  query: { ledger_version: LEDGER_VERSION },
  body: v.object({ key_type: v.string(), value_type: v.string(), key: v.unknown() }),
  reply: wire.jsonValue,
  bcs: { doc: 'stored bytes' },
  errors: [...VERSIONED, 'table_item_not_found', 'invalid_input'],
  sources: BOTH,
  doc: 'the decoded value',
});

/** `POST /v1/tables/{table_handle}/raw_item`: the stored bytes under a BCS key (BCS only). */
export const rawTableItem = endpoint({
  method: 'POST',
  path: '/v1/tables/:table_handle/raw_item',
  params: { table_handle: 'address' },
  query: { ledger_version: LEDGER_VERSION },
  body: v.object({ key: v.string() }),
  reply: v.never(),
  bcs: { doc: 'stored bytes' },
  errors: [...VERSIONED, 'table_item_not_found', 'api_disabled'],
  sources: BOTH,
  doc: '403 `api_disabled`',
});

const EVENT_QUERY = {
  start: EVENT_START,
  limit: limit('page size (default and largest: node settings)'),
} as const;

/** `GET /v1/accounts/{address}/events/{creation_number}`. */
export const eventsByCreationNumber = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/events/:creation_number',
  params: { address: 'address', creation_number: 'u64' },
  query: EVENT_QUERY,
  body: undefined,
  reply: v.array(wire.event),
  bcs: { doc: 'vector of (version, `ContractEvent::V1`)' },
  errors: ['invalid_input'],
  sources: BOTH,
  doc: 'events',
});

/** `GET /v1/accounts/{address}/events/{event_handle}/{field_name}`: the handle held in a resource field. */
export const eventsByHandle = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/events/:event_handle/:field_name',
  params: { address: 'address', event_handle: 'struct_tag', field_name: 'identifier' },
  query: EVENT_QUERY,
  body: undefined,
  reply: v.array(wire.event),
  bcs: { doc: 'same' },
  errors: ['resource_not_found', 'struct_field_not_found', 'invalid_input'],
  sources: BOTH,
  doc: 'events',
});
