/**
 * BCS of the node's `Transaction` enum (docs/api.md, "BCS of transactions"): what the `Transaction` hasher hashes
 * (a transaction's hash) and what `TransactionOnChainData.transaction` holds. Variants: UserTransaction 0
 * (SignedTransaction: RawTransaction ‖ authenticator), GenesisTransaction 1 (WriteSetPayload::Direct(ChangeSet)),
 * BlockMetadata 2, StateCheckpoint 3 (the block id), BlockEpilogue 6 (BlockEpiloguePayload::V0). A HashValue is its
 * 32 bytes without a length.
 */
import { parseAddress } from '../address.ts';
import { assertNever } from '../assert-never.ts';
import { hexToBytes } from '../hex.ts';
import { BcsWriter } from './bcs-writer.ts';
import { writeContractEvent, writeWriteSet, type LedgerEvent, type WriteSetEntry } from './ledger-bcs.ts';

/** Variant indices of the node's `Transaction` enum. */
export const TRANSACTION_VARIANT = {
  user: 0,
  genesis: 1,
  block_metadata: 2,
  state_checkpoint: 3,
  validator: 4,
  block_metadata_ext: 5,
  block_epilogue: 6,
} as const;

/** The fields of a block metadata transaction, as its `kind_fields` and block row hold them. */
export interface BlockMetadataFields {
  readonly id: Uint8Array;
  readonly epoch: bigint;
  readonly round: bigint;
  readonly proposer: Uint8Array;
  readonly previousBlockVotesBitvec: readonly number[];
  readonly failedProposerIndices: readonly number[];
  readonly timestampUsec: bigint;
}

/** A user transaction as a snapshot holds it (an orderless one has u64::MAX as its sequence number). */
export interface UserTransactionFields {
  readonly sender: Uint8Array;
  readonly sequenceNumber: bigint;
  readonly payloadBcs: Uint8Array;
  readonly maxGasAmount: bigint;
  readonly gasUnitPrice: bigint;
  readonly expirationTimestampSecs: bigint;
  readonly chainId: number;
  /** The node's `signature` JSON. */
  readonly signature: unknown;
}

/** `BlockEndInfo::V0` as the node's JSON `block_end_info` shows it. */
export interface BlockEndInfo {
  readonly blockGasLimitReached: boolean;
  readonly blockOutputLimitReached: boolean;
  readonly blockEffectiveBlockGasUnits: bigint;
  readonly blockApproxOutputSize: bigint;
}

/** A committed transaction, by kind, with what its `Transaction` BCS is made of. */
export type LedgerTransaction =
  | { readonly kind: 'user'; readonly fields: UserTransactionFields }
  | { readonly kind: 'genesis'; readonly writeSet: readonly WriteSetEntry[]; readonly events: readonly LedgerEvent[] }
  | { readonly kind: 'block_metadata'; readonly fields: BlockMetadataFields }
  | { readonly kind: 'state_checkpoint'; readonly blockId: Uint8Array }
  | { readonly kind: 'block_epilogue'; readonly blockId: Uint8Array; readonly blockEndInfo: BlockEndInfo };

interface Ed25519Json {
  readonly type: string;
  readonly public_key: string;
  readonly signature: string;
}

/** `AccountAuthenticator::Ed25519` (0) with length-prefixed key and signature; false for another scheme. */
function accountAuthenticator(writer: BcsWriter, json: unknown): boolean {
  const signer = json as Partial<Ed25519Json> | null;
  if (signer?.type !== 'ed25519_signature' || !signer.public_key || !signer.signature) return false;
  writer.variantIndex(0).bytes(hexToBytes(signer.public_key)).bytes(hexToBytes(signer.signature));
  return true;
}

function addresses(writer: BcsWriter, list: unknown): void {
  const items = Array.isArray(list) ? (list as string[]) : [];
  writer.uleb128(items.length);
  for (const item of items) writer.address(parseAddress(item));
}

function signers(writer: BcsWriter, list: unknown): boolean {
  const items = Array.isArray(list) ? (list as unknown[]) : [];
  writer.uleb128(items.length);
  return items.every((item) => accountAuthenticator(writer, item));
}

/**
 * Writes `SignedTransaction` (RawTransaction, then the TransactionAuthenticator: Ed25519 0, MultiAgent 2, FeePayer 3,
 * each signer Ed25519); false when the signature is of a scheme a snapshot does not encode (the writer is then
 * partly written and must be dropped).
 */
export function writeSignedTransaction(writer: BcsWriter, fields: UserTransactionFields): boolean {
  writer
    .address(fields.sender)
    .u64(fields.sequenceNumber)
    .fixedBytes(fields.payloadBcs)
    .u64(fields.maxGasAmount)
    .u64(fields.gasUnitPrice)
    .u64(fields.expirationTimestampSecs)
    .u8(fields.chainId);
  const signature = fields.signature as Record<string, unknown> | null;
  switch (signature?.type) {
    case 'ed25519_signature':
      writer.variantIndex(0);
      writer.bytes(hexToBytes(String(signature.public_key))).bytes(hexToBytes(String(signature.signature)));
      return true;
    case 'multi_agent_signature':
      writer.variantIndex(2);
      if (!accountAuthenticator(writer, signature.sender)) return false;
      addresses(writer, signature.secondary_signer_addresses);
      return signers(writer, signature.secondary_signers);
    case 'fee_payer_signature':
      writer.variantIndex(3);
      if (!accountAuthenticator(writer, signature.sender)) return false;
      addresses(writer, signature.secondary_signer_addresses);
      if (!signers(writer, signature.secondary_signers)) return false;
      writer.address(parseAddress(String(signature.fee_payer_address)));
      return accountAuthenticator(writer, signature.fee_payer_signer);
    default:
      return false;
  }
}

/** Writes `BlockMetadata` {id, epoch, round, proposer, previous_block_votes_bitvec, failed_proposer_indices, time}. */
export function writeBlockMetadata(writer: BcsWriter, fields: BlockMetadataFields): BcsWriter {
  writer
    .fixedBytes(fields.id)
    .u64(fields.epoch)
    .u64(fields.round)
    .address(fields.proposer)
    .bytes(Uint8Array.from(fields.previousBlockVotesBitvec))
    .uleb128(fields.failedProposerIndices.length);
  for (const index of fields.failedProposerIndices) writer.u32(index);
  return writer.u64(fields.timestampUsec);
}

/**
 * Writes the `Transaction` enum of `transaction`; false when it cannot be encoded (a signature scheme a snapshot does
 * not encode), the writer then partly written.
 */
export function writeTransaction(writer: BcsWriter, transaction: LedgerTransaction): boolean {
  writer.variantIndex(TRANSACTION_VARIANT[transaction.kind]);
  switch (transaction.kind) {
    case 'user':
      return writeSignedTransaction(writer, transaction.fields);
    case 'genesis':
      // WriteSetPayload::Direct (0) of ChangeSet { write_set, events }.
      writeWriteSet(writer.variantIndex(0), transaction.writeSet);
      writer.vector(transaction.events, writeContractEvent);
      return true;
    case 'block_metadata':
      writeBlockMetadata(writer, transaction.fields);
      return true;
    case 'state_checkpoint':
      writer.fixedBytes(transaction.blockId);
      return true;
    case 'block_epilogue': {
      const info = transaction.blockEndInfo;
      // BlockEpiloguePayload::V0 { block_id, block_end_info: BlockEndInfo::V0 {…} }.
      writer.variantIndex(0).fixedBytes(transaction.blockId).variantIndex(0);
      writer.bool(info.blockGasLimitReached).bool(info.blockOutputLimitReached);
      writer.u64(info.blockEffectiveBlockGasUnits).u64(info.blockApproxOutputSize);
      return true;
    }
    default:
      return assertNever(transaction);
  }
}

/** BCS of the `Transaction` enum of `transaction`, or undefined when it cannot be encoded. */
export function transactionBcs(transaction: LedgerTransaction): Uint8Array | undefined {
  const writer = new BcsWriter(512);
  return writeTransaction(writer, transaction) ? writer.toBytes() : undefined;
}
