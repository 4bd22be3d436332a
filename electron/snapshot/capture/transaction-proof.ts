/**
 * Whether a captured transaction's rows say what the node's `Transaction` bytes say (bytes whose hash is the
 * transaction's hash: node-transaction-bcs.ts at capture, `captured_transactions` in the file). The capture keeps a
 * transaction only when they agree, and `snapshot verify` asks again from the file (verify-capture-proofs.ts).
 *
 * What the rows are rebuilt from, by kind: a user transaction's `Transaction` from its sender, replay protector,
 * payload BCS, gas figures, expiration, the chain id and its `signature` JSON (Ed25519, multi-agent and fee-payer
 * signatures; another scheme cannot be rebuilt), its nonce from the payload, and its payload JSON's function, type
 * arguments and argument count from the payload BCS; a block metadata transaction from its kind fields and time (a
 * `BlockMetadataExt` — with randomness, which the node's JSON does not show — must hold the same fields); a block
 * epilogue's `block_end_info` from its kind fields. A state checkpoint holds only its block's id, which no row has.
 */
import { parseAddress } from '../../../shared/address.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { BcsWriter } from '../../../shared/bcs/bcs-writer.ts';
import {
  transactionBcs,
  TRANSACTION_VARIANT,
  writeBlockMetadata,
  type BlockMetadataFields,
} from '../../../shared/bcs/transaction-bcs.ts';
import { hexToBytes } from '../../../shared/hex.ts';
import { U64_MAX } from '../../../shared/ledger/u64.ts';
import type { CapturedTransaction } from './capture-types.ts';
import { decodePayloadBcs } from './payload-bcs.ts';

/** The node's `Transaction` bytes of a user transaction before its payload: variant, sender, sequence number. */
const USER_HEAD = 1 + 32 + 8;

/** What a transaction's rows hold that its `Transaction` bytes also carry. */
export interface ProvableTransaction {
  readonly kind: CapturedTransaction['kind'];
  readonly sender: Uint8Array | null;
  readonly sequenceNumber: bigint | null;
  readonly nonce: bigint | null;
  readonly maxGasAmount: bigint;
  readonly gasUnitPrice: bigint;
  readonly expirationTimestampSecs: bigint | null;
  readonly chainId: number;
  /** The `signature` JSON text. */
  readonly signature: string | null;
  /** The `payload` JSON text. */
  readonly payload: string | null;
  readonly payloadBcs: Uint8Array | null;
  /** The `kind_fields` JSON text. */
  readonly kindFields: string | null;
  readonly timestampUsec: bigint;
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;
const bigintOf = (value: unknown): bigint => BigInt(typeof value === 'number' ? value : String(value));

function userFields(t: ProvableTransaction, payloadBcs: Uint8Array) {
  if (t.sender === null || t.expirationTimestampSecs === null) return undefined;
  return {
    sender: t.sender,
    sequenceNumber: t.nonce !== null ? U64_MAX : (t.sequenceNumber ?? U64_MAX),
    payloadBcs,
    maxGasAmount: t.maxGasAmount,
    gasUnitPrice: t.gasUnitPrice,
    expirationTimestampSecs: t.expirationTimestampSecs,
    chainId: t.chainId,
    signature: JSON.parse(t.signature ?? 'null') as unknown,
  };
}

/**
 * The payload BCS inside a user transaction's node bytes: what lies between the head and the tail the rows rebuild
 * (gas, expiration, chain id, authenticator). A reason when the rows cannot rebuild them or they do not frame `bytes`.
 */
export function userPayloadOf(t: ProvableTransaction, bytes: Uint8Array): Uint8Array | string {
  const fields = userFields(t, new Uint8Array(0));
  if (fields === undefined) return 'a user transaction without sender or expiration';
  const framed = transactionBcs({ kind: 'user', fields });
  if (framed === undefined) return `its ${signatureKind(t)} signature is not one a snapshot encodes`;
  const tail = framed.subarray(USER_HEAD);
  if (bytes.length < framed.length || !same(bytes.subarray(0, USER_HEAD), framed.subarray(0, USER_HEAD)))
    return "its sender or sequence number is not the one of the node's transaction bytes";
  if (!same(bytes.subarray(bytes.length - tail.length), tail))
    return "its gas figures, expiration, chain id or signature are not those of the node's transaction bytes";
  return bytes.slice(USER_HEAD, bytes.length - tail.length);
}

function signatureKind(t: ProvableTransaction): string {
  const json = JSON.parse(t.signature ?? 'null') as { type?: unknown } | null;
  return typeof json?.type === 'string' ? json.type : 'missing';
}

function blockMetadataFields(t: ProvableTransaction): BlockMetadataFields {
  const fields = JSON.parse(t.kindFields ?? '{}') as Record<string, unknown>;
  return {
    id: hexToBytes(String(fields.id)),
    epoch: bigintOf(fields.epoch),
    round: bigintOf(fields.round),
    proposer: parseAddress(String(fields.proposer)),
    previousBlockVotesBitvec: fields.previous_block_votes_bitvec as number[],
    failedProposerIndices: fields.failed_proposer_indices as number[],
    timestampUsec: t.timestampUsec,
  };
}

/** Why the payload JSON does not say what the payload BCS says (function, type arguments, count, nonce). */
function payloadDisagreement(t: ProvableTransaction, payloadBcs: Uint8Array): string | undefined {
  let decoded;
  try {
    decoded = decodePayloadBcs(payloadBcs);
  } catch (error) {
    return `its payload BCS does not decode (${(error as Error).message})`;
  }
  if ((decoded.nonce ?? null) !== t.nonce) return 'its replay protection nonce is not the payload BCS one';
  const json = JSON.parse(t.payload ?? 'null') as Record<string, unknown> | null;
  const call = decoded.entryFunction;
  if (json?.type !== 'entry_function_payload')
    return call ? 'its payload JSON is not the entry function call' : undefined;
  if (call === undefined) return 'its payload JSON shows an entry function the payload BCS does not call';
  if (json.function !== call.function)
    return `its payload JSON calls ${String(json.function)}, the BCS ${call.function}`;
  if (JSON.stringify(json.type_arguments) !== JSON.stringify(call.typeArguments))
    return 'its payload JSON type arguments are not those of the payload BCS';
  if (!Array.isArray(json.arguments) || json.arguments.length !== call.arguments.length)
    return 'its payload JSON arguments are not as many as the payload BCS ones';
  return undefined;
}

function blockEndInfoBytes(kindFields: string | null): Uint8Array {
  const info = ((JSON.parse(kindFields ?? '{}') as Record<string, unknown>).block_end_info ?? {}) as Record<
    string,
    unknown
  >;
  const writer = new BcsWriter().variantIndex(0);
  writer.bool(info.block_gas_limit_reached === true).bool(info.block_output_limit_reached === true);
  return writer
    .u64(bigintOf(info.block_effective_block_gas_units ?? 0))
    .u64(bigintOf(info.block_approx_output_size ?? 0))
    .toBytes();
}

/** Why the rows of `t` do not say what its node bytes `bytes` say; undefined when they agree. */
export function transactionDisagreement(t: ProvableTransaction, bytes: Uint8Array): string | undefined {
  const variant = bytes[0];
  try {
    switch (t.kind) {
      case 'user': {
        if (variant !== TRANSACTION_VARIANT.user) return `its node bytes are a transaction of variant ${variant}`;
        if (t.payloadBcs === null) return 'it has no payload BCS';
        const fields = userFields(t, t.payloadBcs);
        const rebuilt = fields && transactionBcs({ kind: 'user', fields });
        if (rebuilt === undefined) return `its ${signatureKind(t)} signature is not one a snapshot encodes`;
        if (!same(rebuilt, bytes)) return "its fields and signature do not rebuild the node's transaction bytes";
        return payloadDisagreement(t, t.payloadBcs);
      }
      case 'block_metadata': {
        const body = writeBlockMetadata(new BcsWriter(), blockMetadataFields(t)).toBytes();
        if (
          variant === TRANSACTION_VARIANT.block_metadata &&
          bytes.length === body.length + 1 &&
          same(bytes.subarray(1), body)
        )
          return undefined;
        // BlockMetadataExt::V0: the same fields, then the randomness (an Option).
        const ext = variant === TRANSACTION_VARIANT.block_metadata_ext && bytes[1] === 0;
        if (ext && same(bytes.subarray(2, 2 + body.length), body) && (bytes[2 + body.length] ?? 2) <= 1)
          return undefined;
        return "its block fields (id, epoch, round, proposer, votes, failed proposers, time) are not the node's";
      }
      case 'state_checkpoint':
        return variant === TRANSACTION_VARIANT.state_checkpoint && bytes.length === 33
          ? undefined
          : 'its node bytes are not a state checkpoint';
      case 'block_epilogue': {
        const info = blockEndInfoBytes(t.kindFields);
        // BlockEpiloguePayload V0 {block_id, block_end_info} or V1 {…, fee_distribution}.
        if (variant !== TRANSACTION_VARIANT.block_epilogue || (bytes[1] ?? 2) > 1)
          return 'its node bytes are not a block epilogue';
        return same(bytes.subarray(34, 34 + info.length), info) ? undefined : "its block_end_info is not the node's";
      }
      case 'genesis':
        return variant === TRANSACTION_VARIANT.genesis ? undefined : 'its node bytes are not a genesis transaction';
      default:
        return assertNever(t.kind);
    }
  } catch (error) {
    return `its rows cannot be encoded (${(error as Error).message})`;
  }
}
