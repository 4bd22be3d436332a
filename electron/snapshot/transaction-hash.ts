/**
 * Transaction hashes a snapshot can recompute from its own rows: the `Transaction` hasher over BCS of the
 * `Transaction` enum — block metadata (variant 2) from its fields, and sequence-number user transactions (variant 0,
 * a SignedTransaction: RawTransaction ‖ authenticator) with Ed25519, multi-agent or fee-payer signatures. Other
 * shapes (orderless payloads, other signature schemes) are not recomputed.
 */
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { parseAddress } from '../../shared/address.ts';
import { hexToBytes } from '../../shared/hex.ts';
import { aptosHash } from './ledger-hashes.ts';

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

/** Hash of `Transaction::BlockMetadata`. */
export function blockMetadataHash(fields: BlockMetadataFields): Uint8Array {
  const writer = new BcsWriter()
    .variantIndex(2)
    .fixedBytes(fields.id)
    .u64(fields.epoch)
    .u64(fields.round)
    .address(fields.proposer)
    .bytes(Uint8Array.from(fields.previousBlockVotesBitvec))
    .uleb128(fields.failedProposerIndices.length);
  for (const index of fields.failedProposerIndices) writer.u32(index);
  return aptosHash('Transaction', writer.u64(fields.timestampUsec).toBytes());
}

/** A sequence-number user transaction as a snapshot holds it. */
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

interface Ed25519Json {
  readonly type: string;
  readonly public_key: string;
  readonly signature: string;
}

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
 * Hash of `Transaction::UserTransaction`, or undefined when the signature is of a kind not recomputed here.
 * TransactionAuthenticator variants: Ed25519 0, MultiAgent 2, FeePayer 3.
 */
export function userTransactionHash(fields: UserTransactionFields): Uint8Array | undefined {
  const writer = new BcsWriter()
    .variantIndex(0)
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
      break;
    case 'multi_agent_signature':
      writer.variantIndex(2);
      if (!accountAuthenticator(writer, signature.sender)) return undefined;
      addresses(writer, signature.secondary_signer_addresses);
      if (!signers(writer, signature.secondary_signers)) return undefined;
      break;
    case 'fee_payer_signature':
      writer.variantIndex(3);
      if (!accountAuthenticator(writer, signature.sender)) return undefined;
      addresses(writer, signature.secondary_signer_addresses);
      if (!signers(writer, signature.secondary_signers)) return undefined;
      writer.address(parseAddress(String(signature.fee_payer_address)));
      if (!accountAuthenticator(writer, signature.fee_payer_signer)) return undefined;
      break;
    default:
      return undefined;
  }
  return aptosHash('Transaction', writer.toBytes());
}
