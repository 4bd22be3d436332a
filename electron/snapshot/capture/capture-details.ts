/**
 * A captured transaction in full (format v2): its summary row and details from the node's JSON
 * (`/transactions/by_version/{v}`), keeping the node's hashes (its `state_change_hash` cannot be recomputed: the
 * node's JSON does not tell a creation from a modification).
 */
import { parseAddress } from '../../../shared/address.ts';
import { hexToBytes } from '../../../shared/hex.ts';
import type { TransactionRow } from '../snapshot-writer.ts';
import type { TransactionDetailsRow } from '../transaction-details.ts';
import type { CapturedTransaction } from './capture-types.ts';
import {
  entryFunctionOf,
  feePayerOf,
  secondarySignerAddresses,
  type CommittedTransaction,
  type TransactionSignature,
} from '../../../shared/api/wire-schemas.ts';
import { U64_MAX_TEXT } from '../../../shared/ledger/u64.ts';

const hash32 = (value: string | null): Uint8Array | null =>
  value !== null && /^0x[0-9a-f]{64}$/i.test(value) ? hexToBytes(value) : null;
/** A decimal the schema checked, as a number when it has at most 15 digits (exact as a double); else null. */
const integer = (value: string | null | undefined): number | null =>
  value !== null && value !== undefined && value.length <= 15 ? Number(value) : null;
const jsonOf = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** Fields only one kind has, in the node's order (block metadata and epilogue). */
function kindFields(transaction: CommittedTransaction): string | null {
  if (transaction.type === 'block_metadata_transaction')
    return JSON.stringify({
      id: transaction.id,
      epoch: transaction.epoch,
      round: transaction.round,
      previous_block_votes_bitvec: transaction.previous_block_votes_bitvec,
      proposer: transaction.proposer,
      failed_proposer_indices: transaction.failed_proposer_indices,
    });
  if (transaction.type === 'block_epilogue_transaction')
    return JSON.stringify({ block_end_info: transaction.block_end_info });
  return null;
}

/** The node's transaction `type` → the snapshot's `kind`. */
export const TRANSACTION_KINDS: Readonly<Record<string, CapturedTransaction['kind']>> = {
  genesis_transaction: 'genesis',
  block_metadata_transaction: 'block_metadata',
  block_metadata_ext_transaction: 'block_metadata',
  user_transaction: 'user',
  state_checkpoint_transaction: 'state_checkpoint',
  block_epilogue_transaction: 'block_epilogue',
};

/**
 * The node's JSON of a transaction's payload and signature as it sent them: stored as text in the node's key order
 * (the schema's parsed output lists a loose object's declared fields first).
 */
export interface SentJson {
  readonly payload: unknown;
  readonly signature: unknown;
}

/**
 * The summary row and details of a transaction parsed with the wire schema (shared/api/wire/transactions.ts),
 * recorded in block `blockHeight` with the figures of its write set and events as kept; undefined for a kind a
 * snapshot does not keep, or a hash or version it cannot hold.
 */
export function capturedTransactionRows(
  transaction: CommittedTransaction,
  sent: SentJson,
  blockHeight: bigint,
  kept: { readonly writeSetSize: number; readonly eventCount: number },
): { readonly row: TransactionRow; readonly details: TransactionDetailsRow } | undefined {
  const kind = TRANSACTION_KINDS[transaction.type];
  const hash = hash32(transaction.hash);
  const version = integer(transaction.version);
  if (kind === undefined || hash === null || version === null) return undefined;
  const stateChangeHash = hash32(transaction.state_change_hash);
  const eventRootHash = hash32(transaction.event_root_hash);
  const accumulatorRootHash = hash32(transaction.accumulator_root_hash);
  if (!stateChangeHash || !eventRootHash || !accumulatorRootHash) return undefined;
  const user = transaction.type === 'user_transaction' ? transaction : undefined;
  const signature = user?.signature;
  const payload = user?.payload ?? (transaction.type === 'genesis_transaction' ? transaction.payload : undefined);
  const call = user === undefined ? undefined : entryFunctionOf(user.payload);
  const row: TransactionRow = {
    version,
    blockHeight: Number(blockHeight),
    hash,
    kind,
    sender: user === undefined ? null : parseAddress(user.sender),
    sequenceNumber: user !== undefined && user.sequence_number !== U64_MAX_TEXT ? integer(user.sequence_number) : null,
    nonce: integer(user?.replay_protection_nonce),
    // The payload's own function (a multisig's inner call is not the transaction's entry function).
    entryFunction: call !== undefined && user?.payload === call ? call.function : null,
    gasUnitPrice: integer(user?.gas_unit_price) ?? 0,
    maxGasAmount: integer(user?.max_gas_amount) ?? 0,
    gasUsed: integer(transaction.gas_used) ?? 0,
    success: transaction.success,
    timestampUsec: transaction.type === 'genesis_transaction' ? 0n : BigInt(transaction.timestamp),
  };
  const details: TransactionDetailsRow = {
    vmStatus: transaction.vm_status,
    expirationTimestampSecs: integer(user?.expiration_timestamp_secs),
    payload: payload === undefined ? null : jsonOf(sent.payload),
    payloadBcs: null,
    signature: signature === undefined ? null : jsonOf(sent.signature),
    signatureKind: signature?.type ?? null,
    secondarySigners: signature === undefined ? [] : secondarySignerAddresses(signature).map(parseAddress),
    feePayer: signature === undefined ? null : (parseFeePayer(signature) ?? null),
    kindFields: kindFields(transaction),
    stateCheckpointHash: hash32(transaction.state_checkpoint_hash),
    accumulatorRootHash,
    recorded: { stateChangeHash, eventRootHash, ...kept },
  };
  return { row, details };
}

function parseFeePayer(signature: TransactionSignature): Uint8Array | undefined {
  const payer = feePayerOf(signature);
  return payer === undefined ? undefined : parseAddress(payer);
}
