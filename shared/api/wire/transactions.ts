/**
 * Transactions as the node renders them (docs/node-behaviour.md, transactions): the `TransactionInfo` fields first
 * in every committed kind, then the kind's own, `type` naming it. `transaction` is what the transaction endpoints
 * answer: a committed kind, a node's `pending_transaction` (by hash, from its mempool), or a kind a newer node adds
 * (only its envelope checked); a known kind must have all its fields, so a node sending another shape is refused
 * naming the field.
 */
import * as v from 'valibot';
import { writeSetChange } from './changes.ts';
import { transactionEvent, type TransactionEvent } from './events.ts';
import { assertNever } from '../../assert-never.ts';
import { genesisPayload, userPayload } from './payloads.ts';
import { address, hex, list, otherKind, smallInt, u64 } from './scalars.ts';
import { transactionSignature } from './signatures.ts';

/** The `TransactionInfo` every committed kind starts with. */
const info = {
  version: u64,
  hash: hex,
  state_change_hash: hex,
  event_root_hash: hex,
  state_checkpoint_hash: v.nullable(hex),
  gas_used: u64,
  success: v.boolean(),
  vm_status: v.string(),
  accumulator_root_hash: hex,
  changes: list(writeSetChange),
};

/** What a user transaction's sender signed (shared with the pending kind). */
const userRequest = {
  sender: address,
  sequence_number: u64,
  max_gas_amount: u64,
  gas_unit_price: u64,
  expiration_timestamp_secs: u64,
  payload: userPayload,
  signature: transactionSignature,
  // Null for a sequence-number transaction, the nonce of an orderless one; older nodes leave it out.
  replay_protection_nonce: v.optional(v.nullable(u64)),
};

/** A user's signed transaction, committed. */
export const userTransaction = v.looseObject({
  ...info,
  ...userRequest,
  events: list(transactionEvent),
  timestamp: u64,
  type: v.literal('user_transaction'),
});

/** The chain's first transaction: a write set, no timestamp. */
export const genesisTransaction = v.looseObject({
  ...info,
  payload: genesisPayload,
  events: list(transactionEvent),
  type: v.literal('genesis_transaction'),
});

/** A block's first transaction; BlockMetadataExt ones add `block_metadata_extension`. */
export const blockMetadataTransaction = v.looseObject({
  ...info,
  id: hex,
  epoch: u64,
  round: u64,
  events: list(transactionEvent),
  previous_block_votes_bitvec: list(smallInt),
  proposer: address,
  failed_proposer_indices: list(smallInt),
  timestamp: u64,
  block_metadata_extension: v.optional(
    v.variant('type', [
      v.looseObject({ randomness: v.nullable(hex), type: v.literal('v1') }),
      v.looseObject({ type: v.literal('v0') }),
    ]),
  ),
  type: v.literal('block_metadata_transaction'),
});

/** The state checkpoint closing an older block. */
export const stateCheckpointTransaction = v.looseObject({
  ...info,
  timestamp: u64,
  type: v.literal('state_checkpoint_transaction'),
});

/** The epilogue closing a newer block, with why the block ended (null when the node did not record it). */
export const blockEpilogueTransaction = v.looseObject({
  ...info,
  timestamp: u64,
  block_end_info: v.nullable(
    v.looseObject({
      block_gas_limit_reached: v.boolean(),
      block_output_limit_reached: v.boolean(),
      block_effective_block_gas_units: v.number(),
      block_approx_output_size: v.number(),
    }),
  ),
  type: v.literal('block_epilogue_transaction'),
});

/** A validator transaction (a JWK update or a DKG result; its inner shape was never seen from a real node). */
export const validatorTransaction = v.looseObject({
  ...info,
  events: list(transactionEvent),
  timestamp: u64,
  quorum_certified_update: v.optional(v.unknown()),
  dkg_transcript: v.optional(v.unknown()),
  type: v.literal('validator_transaction'),
});

/** Every committed kind, by `type`. */
export const committedTransaction = v.variant('type', [
  userTransaction,
  genesisTransaction,
  blockMetadataTransaction,
  stateCheckpointTransaction,
  blockEpilogueTransaction,
  validatorTransaction,
]);

/** The committed kinds' `type`s. */
export const COMMITTED_KINDS = [
  'user_transaction',
  'genesis_transaction',
  'block_metadata_transaction',
  'state_checkpoint_transaction',
  'block_epilogue_transaction',
  'validator_transaction',
] as const;

/** A node's mempool transaction (by hash): what was signed, no version, outcome or changes. */
export const pendingTransaction = v.looseObject({
  hash: hex,
  ...userRequest,
  type: v.literal('pending_transaction'),
});

/** A kind this schema does not know, checked only for its envelope. */
export const otherTransaction = v.looseObject({
  version: v.optional(u64),
  hash: hex,
  type: otherKind([...COMMITTED_KINDS, 'pending_transaction']),
});

/** What the transaction endpoints answer. */
export const transaction = v.variant('type', [committedTransaction, pendingTransaction, otherTransaction]);

/** A committed transaction of a known kind. */
export type CommittedTransaction = v.InferOutput<typeof committedTransaction>;
/** Any transaction reply. */
export type Transaction = v.InferOutput<typeof transaction>;
/** A committed user transaction. */
export type UserTransaction = v.InferOutput<typeof userTransaction>;
/** A block metadata transaction. */
export type BlockMetadataTransaction = v.InferOutput<typeof blockMetadataTransaction>;

/** Whether `transaction` is a committed one of a kind this schema knows (its fields were checked by kind). */
export function isCommittedTransaction(transaction: Transaction): transaction is CommittedTransaction {
  return (COMMITTED_KINDS as readonly string[]).includes(transaction.type);
}
/** The genesis transaction. */
export type GenesisTransaction = v.InferOutput<typeof genesisTransaction>;
/** A block epilogue transaction. */
export type BlockEpilogueTransaction = v.InferOutput<typeof blockEpilogueTransaction>;

/** The events of `transaction` (the kinds without an `events` field emit none). */
export function eventsOf(transaction: CommittedTransaction): readonly TransactionEvent[] {
  switch (transaction.type) {
    case 'user_transaction':
    case 'genesis_transaction':
    case 'block_metadata_transaction':
    case 'validator_transaction':
      return transaction.events;
    case 'state_checkpoint_transaction':
    case 'block_epilogue_transaction':
      return [];
    default:
      return assertNever(transaction);
  }
}

/** Whether `transaction` is a committed user transaction (`type` alone cannot narrow past a newer kind's). */
export function isUserTransaction(transaction: Transaction): transaction is UserTransaction {
  return isCommittedTransaction(transaction) && transaction.type === 'user_transaction';
}

/** A transaction waiting in a node's mempool. */
export type PendingTransaction = v.InferOutput<typeof pendingTransaction>;

/** Whether `transaction` is a pending one (`type` alone cannot narrow past a newer kind's). */
export function isPendingTransaction(transaction: Transaction): transaction is PendingTransaction {
  return transaction.type === 'pending_transaction';
}
