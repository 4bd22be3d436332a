/**
 * The node API's ledger, gas and account endpoints (`/v1`, node-compatible; docs/api.md): ledger
 * info, gas estimate, the account, its transaction summaries, resources and modules.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint.ts';
import * as wire from '../wire-schemas.ts';
import { LEDGER_VERSION, limit } from './common-parameters.ts';

const BOTH = ['snapshot', 'remote'] as const;
const VERSIONED = ['version_not_found', 'version_pruned'] as const;

/** `GET /v1`: the latest ledger info. */
export const ledgerInfo = endpoint({
  method: 'GET',
  path: '/v1',
  params: {},
  query: {},
  body: undefined,
  reply: wire.ledgerInfo,
  bcs: { doc: '`IndexResponse` (below)' },
  errors: [],
  sources: BOTH,
  doc: 'ledger info (below)',
});

/** `GET /v1/estimate_gas_price`. */
export const gasEstimate = endpoint({
  method: 'GET',
  path: '/v1/estimate_gas_price',
  params: {},
  query: {},
  body: undefined,
  reply: wire.gasEstimate,
  bcs: { doc: '`gas_estimate` as one little-endian u64' },
  errors: [],
  sources: BOTH,
  doc: 'the three estimates as JSON numbers',
});

/** `GET /v1/accounts/{address}`: sequence number and authentication key. */
export const account = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address',
  params: { address: 'address' },
  query: { ledger_version: LEDGER_VERSION },
  body: undefined,
  reply: wire.account,
  bcs: { doc: 'the stored `Account` resource' },
  errors: ['account_not_found', ...VERSIONED],
  sources: BOTH,
  doc: '`{"sequence_number", "authentication_key"}`',
});

/** `GET /v1/accounts/{address}/transaction_summaries`. */
export const transactionSummaries = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/transaction_summaries',
  params: { address: 'address' },
  query: {
    start_version: { kind: 'u64', doc: 'the first version (inclusive)' },
    end_version: { kind: 'u64', doc: 'the last version (inclusive, clamped to the latest)' },
    limit: { kind: 'u16', doc: 'page size (`0`: an empty page; default and largest: node settings)' },
  },
  body: undefined,
  reply: v.array(wire.transactionSummary),
  bcs: { doc: 'vector of `IndexedTransactionSummary::V1`' },
  errors: [],
  sources: BOTH,
  doc: 'summaries',
});

/** `GET /v1/accounts/{address}/resources`, paged by `X-Aptos-Cursor`. */
export const resources = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/resources',
  params: { address: 'address' },
  query: {
    ledger_version: LEDGER_VERSION,
    start: { kind: 'cursor', doc: 'the cursor of the previous page (`X-Aptos-Cursor`)' },
    limit: limit('page size (default and largest: node settings)'),
  },
  body: undefined,
  reply: v.array(wire.moveResource),
  bcs: { doc: 'BCS map StructTag → bytes (group members under their own tags)' },
  errors: [...VERSIONED, 'invalid_input'],
  sources: BOTH,
  doc: '`[{"type", "data"}]`; a resource group\'s key expands in place into its members (limit counts keys)',
});

/** `GET /v1/accounts/{address}/resource/{resource_type}`. */
export const resource = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/resource/:resource_type',
  params: { address: 'address', resource_type: 'struct_tag' },
  query: { ledger_version: LEDGER_VERSION },
  body: undefined,
  reply: wire.moveResource,
  bcs: { doc: "the resource's bytes" },
  errors: [...VERSIONED, 'resource_not_found', 'invalid_input'],
  sources: BOTH,
  doc: '`{"type", "data"}`; a group member is read from its group, a group\'s own tag is 404',
});

/** `GET /v1/accounts/{address}/modules`, paged by `X-Aptos-Cursor` as resources are. */
export const modules = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/modules',
  params: { address: 'address' },
  query: {
    ledger_version: LEDGER_VERSION,
    start: { kind: 'cursor', doc: 'the cursor of the previous page (`X-Aptos-Cursor`)' },
    limit: limit('page size (default and largest: 9999, the node default)', { default: 9999, max: 9999 }),
  },
  body: undefined,
  reply: v.array(wire.moveModule),
  bcs: { doc: 'BCS map module id (address, name) → bytecode, sorted by id' },
  errors: [...VERSIONED, 'invalid_input'],
  sources: BOTH,
  doc: '`[{"bytecode", "abi"}]`',
});

/** `GET /v1/accounts/{address}/module/{module_name}`. */
export const accountModule = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/module/:module_name',
  params: { address: 'address', module_name: 'identifier' },
  query: { ledger_version: LEDGER_VERSION },
  body: undefined,
  reply: wire.moveModule,
  bcs: { doc: 'the bytecode' },
  errors: [...VERSIONED, 'module_not_found'],
  sources: BOTH,
  doc: '`{"bytecode": "0x..", "abi": {...}}`',
});
