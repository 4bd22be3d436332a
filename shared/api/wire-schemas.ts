/**
 * valibot schemas of the JSON the API sends, shared by the endpoint declarations (one file per wire type under
 * `wire/`, re-exported here). Objects are loose
 * (a node may add fields); every field the UI reads is declared, so the remote proxy reports a node
 * answering another shape as a clear 503 naming the field, and the renderer's types are inferred
 * from the same schemas.
 */
import * as v from 'valibot';
import { address, hex, u64 } from './wire/scalars.ts';

export * from './wire/scalars.ts';
export * from './wire/modules.ts';
export * from './wire/events.ts';
export * from './wire/changes.ts';
export * from './wire/payloads.ts';
export * from './wire/signatures.ts';
export * from './wire/transactions.ts';
export * from './wire/blocks.ts';

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
