/**
 * Events as the node renders them (docs/node-behaviour.md, events): inside a transaction `{guid, sequence_number,
 * type, data}`; on the events endpoints the same with the transaction's `version` first. A module (v2) event has
 * the dummy guid `{"creation_number": "0", "account_address": "0x0"}` and sequence number 0.
 */
import * as v from 'valibot';
import { address, jsonObject, jsonValue, u64 } from './scalars.ts';

/** An event stream's identifier. */
export const eventGuid = jsonObject({ creation_number: u64, account_address: address });

/** One event inside a transaction's `events`. */
export const transactionEvent = jsonObject({
  guid: eventGuid,
  sequence_number: u64,
  type: v.string(),
  data: jsonValue,
});

/** One event of the events endpoints (a `VersionedEvent`). */
export const event = jsonObject({
  version: u64,
  guid: eventGuid,
  sequence_number: u64,
  type: v.string(),
  data: jsonValue,
});

/** An event inside a transaction. */
export type TransactionEvent = v.InferOutput<typeof transactionEvent>;
/** An event of the events endpoints. */
export type VersionedEvent = v.InferOutput<typeof event>;
