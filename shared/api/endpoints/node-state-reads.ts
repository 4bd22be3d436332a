/**
 * Node API reads computed from state rather than stored as answers (`/v1`, node-compatible; docs/api.md):
 * an account's balance of a coin or fungible asset, and the read-only framework view functions explorers and
 * wallets call. Both read resources (resource-group members included) at the requested version.
 */
import * as v from 'valibot';
import { endpoint } from '../endpoint.ts';
import * as wire from '../wire-schemas.ts';
import { LEDGER_VERSION } from './common-parameters.ts';

const BOTH = ['snapshot', 'remote'] as const;
const VERSIONED = ['version_not_found', 'version_pruned'] as const;

/** `GET /v1/accounts/{address}/balance/{asset_type}`: a coin type or a fungible asset's metadata address. */
export const accountBalance = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/balance/:asset_type',
  params: { address: 'address', asset_type: 'text' },
  query: { ledger_version: LEDGER_VERSION },
  body: undefined,
  reply: v.number(),
  bcs: { doc: 'the balance as one little-endian u64' },
  errors: [...VERSIONED, 'invalid_input'],
  sources: BOTH,
  doc: 'the balance as a bare JSON number (coin store plus the paired primary fungible store)',
});

/** `POST /v1/view`: a read-only framework function's return values (docs/api.md, "View functions"). */
export const view = endpoint({
  method: 'POST',
  path: '/v1/view',
  params: {},
  query: { ledger_version: LEDGER_VERSION },
  body: v.looseObject({
    function: v.string(),
    type_arguments: v.optional(v.array(v.string())),
    arguments: v.optional(v.array(v.unknown())),
  }),
  reply: v.array(wire.jsonValue),
  bcs: { doc: 'ULEB128 count, then each return value in BCS' },
  errors: [...VERSIONED, 'invalid_input'],
  sources: BOTH,
  doc: 'the return values as Move JSON',
});
