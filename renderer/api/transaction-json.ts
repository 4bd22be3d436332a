/**
 * The node's JSON of a committed transaction, field by field, as the transaction and block pages read
 * it (docs/read-api-notes.md; key order and kinds as electron/service/routes/transaction-json.ts
 * renders them). The registry's reply schema (shared/api/wire/transactions.ts) checks every known kind
 * field by field and a newer kind by its envelope. Changes and events are the schema's inferred types;
 * the transaction, payload and signature views below are still one flat shape read defensively (a kind's
 * fields optional), reached by the cast in `asCommittedTransaction` until the pages narrow by kind.
 */
import type { JsonValue, TransactionEvent, WriteSetChange } from '../../shared/api/wire-schemas.ts';
import { U64_MAX_TEXT } from '../../shared/ledger/u64.ts';

/** An event inside a transaction: a handle event has a real guid; a module event has `0x0`/`0` and sequence 0. */
export type TransactionEventJson = TransactionEvent;

/** The payload of a user transaction (`type` names the kind; entry functions are the common one). */
export interface PayloadJson {
  readonly type: string;
  readonly function?: string;
  readonly type_arguments?: readonly string[];
  readonly arguments?: readonly JsonValue[];
  readonly code?: { readonly bytecode: string; readonly abi?: JsonValue };
  readonly multisig_address?: string;
  readonly transaction_payload?: PayloadJson | null;
}

/** A user transaction's signature (`type` names the scheme); multi-agent and fee-payer ones name every signer. */
export interface SignatureJson {
  readonly type: string;
  readonly secondary_signer_addresses?: readonly string[];
  readonly fee_payer_address?: string;
  readonly [field: string]: JsonValue | undefined;
}

/** One entry of a transaction's `changes`, by kind (the wire schema's, shared/api/wire/changes.ts). */
export type WriteSetChangeJson = WriteSetChange;

/**
 * A committed transaction of any kind. The `TransactionInfo` fields come first in every kind; the
 * rest depend on `type`: `user_transaction`, `block_metadata_transaction`, `state_checkpoint_transaction`,
 * `block_epilogue_transaction`, `genesis_transaction`, `validator_transaction` (a node may add kinds).
 */
export interface CommittedTransactionJson {
  readonly type: string;
  readonly version: string;
  readonly hash: string;
  readonly state_change_hash?: string;
  readonly event_root_hash?: string;
  readonly state_checkpoint_hash?: string | null;
  readonly gas_used?: string;
  readonly success?: boolean;
  readonly vm_status?: string;
  readonly accumulator_root_hash?: string;
  readonly changes?: readonly WriteSetChangeJson[];
  /** User transactions. */
  readonly sender?: string;
  readonly sequence_number?: string;
  readonly max_gas_amount?: string;
  readonly gas_unit_price?: string;
  readonly expiration_timestamp_secs?: string;
  readonly payload?: PayloadJson;
  readonly signature?: SignatureJson;
  /** Set (a decimal string) on an orderless transaction, whose `sequence_number` is then u64::MAX. */
  readonly replay_protection_nonce?: string | null;
  readonly events?: readonly TransactionEventJson[];
  /** Microseconds; the block's time. Genesis has none. */
  readonly timestamp?: string;
  /** Block metadata transactions. */
  readonly id?: string;
  readonly epoch?: string;
  readonly round?: string;
  readonly proposer?: string;
  readonly failed_proposer_indices?: readonly number[];
  readonly previous_block_votes_bitvec?: readonly number[];
  /** Block epilogue transactions. */
  readonly block_end_info?: JsonValue;
}

/** The sequence number the node shows for an orderless (nonce-protected) transaction: u64::MAX. */
export const ORDERLESS_SEQUENCE_NUMBER = U64_MAX_TEXT;

/**
 * The detailed view of a transaction reply. The reply passed the registry's envelope check (version,
 * hash, type), and the service or node renders the rest by kind; the pages read each field defensively.
 */
export function asCommittedTransaction(body: {
  readonly type: string;
  readonly hash: string;
}): CommittedTransactionJson {
  return body as unknown as CommittedTransactionJson;
}
