/**
 * Format v2's full record of a transaction (`transaction_details`, docs/snapshot-format.md): what the node shows
 * beyond the summary row, with the payload and signature kept as the node renders them (JSON text, key order
 * included) and the payload's BCS, so the transaction endpoints can serve both forms without re-deriving them.
 */
import type {
  EntryFunctionPayload,
  JsonValue,
  KnownTransactionSignature,
  TransactionSignature,
} from '../../shared/api/wire-schemas.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { parseAddress } from '../../shared/address.ts';
import { parseTypeTag, writeTypeTag } from '../../shared/type-tag.ts';

/** What the writer stores for a transaction besides its summary row (the figures of its writes and events it adds). */
export interface TransactionDetailsRow {
  readonly vmStatus: string;
  readonly expirationTimestampSecs: number | null;
  /** JSON of the node's `payload` (user and genesis transactions), else null. */
  readonly payload: string | null;
  /** BCS of the payload (`TransactionPayload`), else null. */
  readonly payloadBcs: Uint8Array | null;
  /** JSON of the node's `signature` (user transactions), else null. */
  readonly signature: string | null;
  /** The signature's `type`, e.g. `ed25519_signature`, `fee_payer_signature`, `multi_agent_signature`. */
  readonly signatureKind: string | null;
  readonly secondarySigners: readonly Uint8Array[];
  readonly feePayer: Uint8Array | null;
  /**
   * JSON of the fields only one kind has, in the node's order: block metadata `{id, epoch, round,
   * previous_block_votes_bitvec, proposer, failed_proposer_indices}`, block epilogue `{block_end_info}`.
   */
  readonly kindFields: string | null;
  readonly stateCheckpointHash: Uint8Array | null;
  readonly accumulatorRootHash: Uint8Array;
  /**
   * The node's own figures, for a captured transaction whose write set and events the file does not hold as rows of
   * its version; otherwise the writer takes them from the rows written at the version.
   */
  readonly recorded?: VersionFiguresRecord | undefined;
}

/** A transaction's write-set and event figures as the node reported them. */
export interface VersionFiguresRecord {
  readonly writeSetSize: number;
  readonly stateChangeHash: Uint8Array;
  readonly eventCount: number;
  readonly eventRootHash: Uint8Array;
}

/** The node's `vm_status` of a successful transaction. */
export const VM_STATUS_SUCCESS = 'Executed successfully';

/** An entry function call: what its payload JSON and BCS are made from. */
export interface EntryCall {
  /** `address::module::function`. */
  readonly function: string;
  readonly typeArguments: readonly string[];
  /** Arguments as the node renders them (JSON values by the function's parameter types). */
  readonly arguments: readonly JsonValue[];
  /** BCS of each argument. */
  readonly argumentBytes: readonly Uint8Array[];
}

/** JSON text of an `entry_function_payload` (keys in the node's order, `type` last). */
export function entryPayloadJson(call: EntryCall): string {
  const payload: EntryFunctionPayload = {
    function: call.function,
    type_arguments: call.typeArguments,
    arguments: call.arguments,
    type: 'entry_function_payload',
  };
  return JSON.stringify(payload);
}

/**
 * BCS of the payload: `TransactionPayload::EntryFunction` (variant 2: module address, module name, function name,
 * type arguments, argument bytes); with a `nonce` (an orderless transaction) the newer `TransactionPayload::Payload`
 * (variant 4) `V1 { executable: EntryFunction, extra_config: V1 { multisig_address: None, replay_protection_nonce } }`,
 * the form a mainnet transaction's hash confirms.
 */
export function entryPayloadBcs(call: EntryCall, nonce?: bigint): Uint8Array {
  const [address = '0x0', module = '', name = ''] = call.function.split('::');
  const writer = new BcsWriter();
  if (nonce === undefined) writer.variantIndex(2);
  else writer.variantIndex(4).variantIndex(0).variantIndex(1);
  writer.address(parseAddress(address)).string(module).string(name);
  writer.uleb128(call.typeArguments.length);
  for (const type of call.typeArguments) writeTypeTag(writer, parseTypeTag(type));
  writer.uleb128(call.argumentBytes.length);
  for (const bytes of call.argumentBytes) writer.bytes(bytes);
  if (nonce !== undefined) writer.variantIndex(0).u8(0).u8(1).u64(nonce);
  return writer.toBytes();
}

/** One account's Ed25519 signature as the node renders it. */
export interface Ed25519Signer {
  readonly publicKey: string;
  readonly signature: string;
}

function ed25519(signer: Ed25519Signer): Ed25519Signature {
  return { public_key: signer.publicKey, signature: signer.signature, type: 'ed25519_signature' };
}

/** The single-signer Ed25519 signature (a transaction's own, or one signer's inside another scheme). */
type Ed25519Signature = Extract<KnownTransactionSignature, { type: 'ed25519_signature' }>;

/** Who signed a user transaction: the sender alone, with secondary signers, and/or with a fee payer. */
export interface Signers {
  readonly sender: Ed25519Signer;
  readonly secondary: readonly { readonly address: string; readonly signer: Ed25519Signer }[];
  readonly feePayer?: { readonly address: string; readonly signer: Ed25519Signer } | undefined;
}

/** The node's `signature` JSON text and its kind for `signers`. */
export function signatureJson(signers: Signers): { readonly json: string; readonly kind: string } {
  const secondary = {
    secondary_signer_addresses: signers.secondary.map((s) => s.address),
    secondary_signers: signers.secondary.map((s) => ed25519(s.signer)),
  };
  if (signers.feePayer) {
    const kind = 'fee_payer_signature';
    const json: TransactionSignature = {
      sender: ed25519(signers.sender),
      ...secondary,
      fee_payer_address: signers.feePayer.address,
      fee_payer_signer: ed25519(signers.feePayer.signer),
      type: kind,
    };
    return { json: JSON.stringify(json), kind };
  }
  if (signers.secondary.length > 0) {
    const kind = 'multi_agent_signature';
    const json: TransactionSignature = { sender: ed25519(signers.sender), ...secondary, type: kind };
    return { json: JSON.stringify(json), kind };
  }
  const json: TransactionSignature = ed25519(signers.sender);
  return { json: JSON.stringify(json), kind: 'ed25519_signature' };
}
