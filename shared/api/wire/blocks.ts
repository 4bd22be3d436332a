/** Blocks as the node renders them (docs/node-behaviour.md, blocks). */
import * as v from 'valibot';
import { hex, list, u64 } from './scalars.ts';
import { transaction } from './transactions.ts';

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
  transactions: v.optional(v.nullable(list(transaction))),
});

/** A block. */
export type Block = v.InferOutput<typeof block>;
