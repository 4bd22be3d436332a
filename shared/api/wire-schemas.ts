/**
 * valibot schemas of the JSON the API sends, shared by the endpoint declarations. Objects are loose
 * (a node may add fields); every field the UI reads is declared, so the remote proxy reports a node
 * answering another shape as a clear 503 naming the field, and the renderer's types are inferred
 * from the same schemas.
 */
import * as v from 'valibot';

/** Any JSON value, as Move values come out of the API. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A decimal u64 string. */
export const u64 = v.pipe(v.string(), v.regex(/^\d+$/, 'expected a decimal u64 string'));
/** `0x`-prefixed hex. */
export const hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex'));
/** An account address (`0x` and 1 to 64 hex digits). */
export const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected an address'));
/** A Move value rendered as JSON (not checked further: any JSON is one). */
export const jsonValue = v.custom<JsonValue>(() => true);
/** A Move struct rendered as JSON: an object of fields. */
export const moveObject = v.record(v.string(), jsonValue);

/** `GET /v1`. */
export const ledgerInfo = v.looseObject({
  chain_id: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  epoch: u64,
  ledger_version: u64,
  oldest_ledger_version: u64,
  ledger_timestamp: u64,
  node_role: v.string(),
  oldest_block_height: u64,
  block_height: u64,
  git_hash: v.optional(v.string()),
});

/** A resource: `{"type", "data"}`. */
export const moveResource = v.looseObject({ type: v.string(), data: moveObject });

/** A module's ABI (the fields the UI reads; real nodes send more). */
export const moduleAbi = v.looseObject({
  address,
  name: v.string(),
  friends: v.array(v.string()),
  exposed_functions: v.array(
    v.looseObject({
      name: v.string(),
      visibility: v.optional(v.string()),
      is_entry: v.optional(v.boolean()),
      is_view: v.optional(v.boolean()),
      generic_type_params: v.optional(v.array(v.unknown())),
      params: v.array(v.string()),
      return: v.array(v.string()),
    }),
  ),
  structs: v.array(
    v.looseObject({
      name: v.string(),
      is_native: v.optional(v.boolean()),
      abilities: v.array(v.string()),
      generic_type_params: v.optional(v.array(v.unknown())),
      fields: v.array(v.looseObject({ name: v.string(), type: v.string() })),
    }),
  ),
});

/** A module: `{"bytecode", "abi"}`. */
export const moveModule = v.looseObject({ bytecode: hex, abi: v.optional(moduleAbi) });

/** One event of the events endpoints. */
export const event = v.looseObject({
  version: u64,
  guid: v.looseObject({ creation_number: u64, account_address: address }),
  sequence_number: u64,
  type: v.string(),
  data: jsonValue,
});

/** Both object variants, and the bare decimal string some nodes send. */
export const replayProtector = v.union([
  u64,
  v.looseObject({ type: v.literal('sequence_number'), sequence_number: u64 }),
  v.looseObject({ type: v.literal('nonce'), nonce: u64 }),
]);

/** One transaction summary. */
export const transactionSummary = v.looseObject({
  sender: address,
  version: u64,
  transaction_hash: hex,
  replay_protector: replayProtector,
});

/** `GET /v1/estimate_gas_price` (some nodes leave out the two outer estimates). */
export const gasEstimate = v.looseObject({
  deprioritized_gas_estimate: v.optional(v.number()),
  gas_estimate: v.number(),
  prioritized_gas_estimate: v.optional(v.number()),
});

/** `GET /v1/accounts/{address}`. */
export const account = v.looseObject({ sequence_number: u64, authentication_key: hex });

/**
 * One transaction (any kind, `type` names it): a committed one has its version, status and changes; a node may also
 * answer a `pending_transaction` (by hash, from its mempool), which has none of them.
 */
export const transaction = v.looseObject({
  version: v.optional(u64),
  hash: hex,
  success: v.optional(v.boolean()),
  vm_status: v.optional(v.string()),
  changes: v.optional(v.array(jsonValue)),
  type: v.string(),
});

/**
 * `GET /v1/blocks/by_height/{h}` and `/by_version/{v}`; `transactions` is null unless asked for (left out by some
 * nodes).
 */
export const block = v.looseObject({
  block_height: u64,
  block_hash: hex,
  block_timestamp: u64,
  first_version: u64,
  last_version: u64,
  transactions: v.optional(v.nullable(v.array(transaction))),
});
