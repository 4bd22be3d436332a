/**
 * The transaction pages' names for the wire schema's inferred types (shared/api/wire/), so the pages read exactly
 * what the registry's reply schema checked: a committed transaction is a union by `type` (user, genesis, block
 * metadata, state checkpoint, block epilogue, validator), a payload and a signature unions by kind with a newer
 * node's kind as its own member. Nothing here is cast: a page narrows by kind (`isCommittedTransaction`,
 * `isKnownPayload`, `userTransactionOf`) before it reads a kind's fields.
 */
import {
  isCommittedTransaction,
  isKnownPayload,
  type CommittedTransaction,
  type Transaction,
  type UserTransaction,
  type TransactionEvent,
  type TransactionSignature,
  type UserPayload,
  type WriteSetChange,
} from '../../shared/api/wire-schemas.ts';
import { U64_MAX_TEXT } from '../../shared/ledger/u64.ts';

/** An event inside a transaction: a handle event has a real guid; a module event has `0x0`/`0` and sequence 0. */
export type TransactionEventJson = TransactionEvent;

/** The payload of a user transaction (the wire schema's, by kind). */
export type PayloadJson = UserPayload;

/** A user transaction's signature (the wire schema's, by scheme). */
export type SignatureJson = TransactionSignature;

/** One entry of a transaction's `changes`, by kind (the wire schema's, shared/api/wire/changes.ts). */
export type WriteSetChangeJson = WriteSetChange;

/** A committed transaction of a known kind (the wire schema's, by `type`). */
export type CommittedTransactionJson = CommittedTransaction;

/** The sequence number the node shows for an orderless (nonce-protected) transaction: u64::MAX. */
export const ORDERLESS_SEQUENCE_NUMBER = U64_MAX_TEXT;

/** A user transaction's signed fields, or undefined for the other kinds. */
export function userTransactionOf(transaction: CommittedTransaction): UserTransaction | undefined {
  return transaction.type === 'user_transaction' ? transaction : undefined;
}

/** The function a user transaction's entry function payload calls (not a multisig's inner one), or undefined. */
export function entryFunctionName(transaction: CommittedTransaction): string | undefined {
  const payload = userTransactionOf(transaction)?.payload;
  return payload !== undefined && isKnownPayload(payload) && payload.type === 'entry_function_payload'
    ? payload.function
    : undefined;
}

/**
 * The committed transactions of a list reply, in order. A list holds only committed transactions; a kind this
 * schema does not know (a newer node's) is left out, as the lists draw columns by kind.
 */
export function committedOnly(transactions: readonly Transaction[]): CommittedTransaction[] {
  return transactions.filter(isCommittedTransaction);
}
