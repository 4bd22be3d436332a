/**
 * The JSON shapes of the node answers the UI renders, checked with valibot before an answer is
 * passed on: a node that answers something else (another API version, a captive portal, a bug) is
 * reported as a clear 503 naming the field, instead of being rendered as garbage. Objects are
 * loose (a node may add fields); every field the UI reads is checked.
 */
import * as v from 'valibot';

const u64 = v.pipe(v.string(), v.regex(/^\d+$/, 'expected a decimal u64 string'));
const hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex'));
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected an address'));
const moveObject = v.record(v.string(), v.unknown());

const ledgerInfo = v.looseObject({
  chain_id: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  epoch: u64,
  ledger_version: u64,
  oldest_ledger_version: u64,
  ledger_timestamp: u64,
  node_role: v.string(),
  oldest_block_height: u64,
  block_height: u64,
});

const resource = v.looseObject({ type: v.string(), data: moveObject });

const moduleAbi = v.looseObject({
  address,
  name: v.string(),
  friends: v.array(v.string()),
  exposed_functions: v.array(
    v.looseObject({ name: v.string(), params: v.array(v.string()), return: v.array(v.string()) }),
  ),
  structs: v.array(
    v.looseObject({
      name: v.string(),
      abilities: v.array(v.string()),
      fields: v.array(v.looseObject({ name: v.string(), type: v.string() })),
    }),
  ),
});

const moveModule = v.looseObject({ bytecode: hex, abi: v.optional(moduleAbi) });

const event = v.looseObject({
  version: u64,
  guid: v.looseObject({ creation_number: u64, account_address: address }),
  sequence_number: u64,
  type: v.string(),
  data: v.unknown(),
});

/** Both object variants, and the bare decimal string some nodes send (node-behaviour.md §6). */
const replayProtector = v.union([
  u64,
  v.looseObject({ type: v.literal('sequence_number'), sequence_number: u64 }),
  v.looseObject({ type: v.literal('nonce'), nonce: u64 }),
]);

const summary = v.looseObject({
  sender: address,
  version: u64,
  transaction_hash: hex,
  replay_protector: replayProtector,
});

const gasEstimate = v.looseObject({
  deprioritized_gas_estimate: v.optional(v.number()),
  gas_estimate: v.number(),
  prioritized_gas_estimate: v.optional(v.number()),
});

/** The error record; `vm_error_code` may be missing or a number on some nodes. */
export const ERROR_RECORD_SHAPE = v.looseObject({
  message: v.string(),
  error_code: v.string(),
  vm_error_code: v.optional(v.nullable(v.number())),
});

/** The shape of a 200 JSON answer, by route pattern (router.ts); patterns not listed are not checked. */
export const REPLY_SHAPES: Readonly<Record<string, v.GenericSchema>> = {
  '/v1': ledgerInfo,
  '/v1/estimate_gas_price': gasEstimate,
  '/v1/accounts/:address': v.looseObject({ sequence_number: u64, authentication_key: hex }),
  '/v1/accounts/:address/events/:creation_number': v.array(event),
  '/v1/accounts/:address/events/:event_handle/:field_name': v.array(event),
  '/v1/accounts/:address/transaction_summaries': v.array(summary),
  '/v1/accounts/:address/resources': v.array(resource),
  '/v1/accounts/:address/resource/:resource_type': resource,
  '/v1/accounts/:address/modules': v.array(moveModule),
  '/v1/accounts/:address/module/:module_name': moveModule,
};

/** Checks `json` against `schema`; the first problem as `path: message`, or undefined when it fits. */
export function shapeProblem(schema: v.GenericSchema, json: unknown): string | undefined {
  const result = v.safeParse(schema, json, { abortEarly: true });
  if (result.success) return undefined;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  return `${path === null || path === '' ? 'body' : path}: ${issue.message}`;
}
