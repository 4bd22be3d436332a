/**
 * Transaction hashes a snapshot can recompute from its own rows: the `Transaction` hasher over BCS of the
 * `Transaction` enum (shared/bcs/transaction-bcs.ts, the bytes the read service sends) — block metadata from its
 * fields, and user transactions with Ed25519, multi-agent or fee-payer signatures. Other signature schemes are not
 * recomputed.
 */
import {
  transactionBcs,
  type BlockMetadataFields,
  type UserTransactionFields,
} from '../../shared/bcs/transaction-bcs.ts';
import { aptosHash } from './ledger-hashes.ts';

/** Hash of `Transaction::BlockMetadata`. */
export function blockMetadataHash(fields: BlockMetadataFields): Uint8Array {
  return aptosHash('Transaction', transactionBcs({ kind: 'block_metadata', fields }) ?? new Uint8Array(0));
}

/** Hash of `Transaction::UserTransaction`, or undefined when the signature is of a kind not recomputed here. */
export function userTransactionHash(fields: UserTransactionFields): Uint8Array | undefined {
  const bytes = transactionBcs({ kind: 'user', fields });
  return bytes === undefined ? undefined : aptosHash('Transaction', bytes);
}
