/**
 * A strict decoder of the node's transaction BCS (TransactionData, TransactionOnChainData, BcsBlock), written from
 * aptos-core's type layouts independently of the encoders it checks: every variant is read field by field and any
 * unknown variant or trailing byte throws. It keeps what the tests compare with the JSON reply.
 */
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { formatAddress } from '../../shared/address.ts';
import { readTypeTag } from '../../shared/type-tag-bcs.ts';

/** What a decoded `TransactionOnChainData` holds. */
export interface DecodedOnChain {
  readonly version: bigint;
  /** The `Transaction` enum's bytes (what the Transaction hasher hashes). */
  readonly transactionBytes: Uint8Array;
  readonly variant: number;
  readonly sender: string | undefined;
  readonly authenticator: number | undefined;
  readonly gasUsed: bigint;
  readonly status: number;
  readonly transactionHash: Uint8Array;
  readonly eventRootHash: Uint8Array;
  readonly stateChangeHash: Uint8Array;
  readonly stateCheckpointHash: Uint8Array | undefined;
  readonly events: number;
  readonly accumulatorRootHash: Uint8Array;
  readonly writeOps: readonly { readonly key: Uint8Array; readonly op: number }[];
  /** The `WriteSet`'s bytes (what the WriteSet hasher hashes). */
  readonly writeSetBytes: Uint8Array;
}

function fail(what: string, variant: number): never {
  throw new Error(`unexpected ${what} variant ${variant}`);
}

function entryFunction(r: BcsReader): void {
  r.address();
  r.string();
  r.string();
  r.vector(readTypeTag);
  r.vector((rr) => rr.bytes());
}

function payload(r: BcsReader): void {
  const variant = r.variantIndex();
  if (variant === 2) return entryFunction(r);
  if (variant !== 4) fail('TransactionPayload', variant);
  if (r.variantIndex() !== 0) fail('TransactionPayloadInner', 1);
  const executable = r.variantIndex();
  if (executable === 1) entryFunction(r);
  else if (executable !== 2) fail('TransactionExecutable', executable);
  if (r.variantIndex() !== 0) fail('TransactionExtraConfig', 1);
  r.option((rr) => rr.address());
  r.option((rr) => rr.u64());
}

function ed25519(r: BcsReader): void {
  const key = r.bytes();
  const signature = r.bytes();
  if (key.length !== 32 || signature.length !== 64) throw new Error('an Ed25519 key or signature of the wrong size');
}

function accountAuthenticator(r: BcsReader): void {
  const variant = r.variantIndex();
  if (variant !== 0) fail('AccountAuthenticator', variant);
  ed25519(r);
}

function authenticator(r: BcsReader): number {
  const variant = r.variantIndex();
  if (variant === 0) ed25519(r);
  else if (variant === 2 || variant === 3) {
    accountAuthenticator(r);
    r.vector((rr) => rr.address());
    r.vector(accountAuthenticator);
    if (variant === 3) {
      r.address();
      accountAuthenticator(r);
    }
  } else fail('TransactionAuthenticator', variant);
  return variant;
}

function event(r: BcsReader): void {
  const variant = r.variantIndex();
  if (variant === 0) {
    r.u64();
    r.address();
    r.u64();
  } else if (variant !== 1) fail('ContractEvent', variant);
  readTypeTag(r);
  r.bytes();
}

function stateKey(r: BcsReader): void {
  const variant = r.variantIndex();
  if (variant === 0) {
    r.address();
    r.bytes();
  } else if (variant === 1) {
    r.address();
    r.bytes();
  } else if (variant === 2) r.bytes();
  else fail('StateKey', variant);
}

function writeSet(r: BcsReader): { key: Uint8Array; op: number }[] {
  if (r.variantIndex() !== 0) fail('WriteSet', 1);
  return r.vector((rr) => {
    const start = rr.offset;
    stateKey(rr);
    const key = rr.input.slice(start, rr.offset);
    const op = rr.variantIndex();
    if (op === 0 || op === 1) rr.bytes();
    else if (op !== 2) fail('WriteOp', op);
    return { key, op };
  });
}

function executionStatus(r: BcsReader): number {
  const variant = r.variantIndex();
  if (variant === 2) {
    if (r.variantIndex() !== 0) fail('AbortLocation', 1);
    r.address();
    r.string();
    r.u64();
    r.option((rr) => [rr.string(), rr.string()]);
  } else if (variant === 4) r.option((rr) => rr.u64());
  else if (variant !== 0 && variant !== 1) fail('ExecutionStatus', variant);
  return variant;
}

/** Reads one `TransactionOnChainData`. */
export function readOnChain(r: BcsReader): DecodedOnChain {
  const version = r.u64();
  const start = r.offset;
  const variant = r.variantIndex();
  let sender: string | undefined;
  let authenticatorVariant: number | undefined;
  switch (variant) {
    case 0:
      sender = formatAddress(r.address());
      r.u64();
      payload(r);
      r.u64();
      r.u64();
      r.u64();
      r.u8();
      authenticatorVariant = authenticator(r);
      break;
    case 1:
      if (r.variantIndex() !== 0) fail('WriteSetPayload', 1);
      writeSet(r);
      r.vector(event);
      break;
    case 2:
      r.fixedBytes(32);
      r.u64();
      r.u64();
      r.address();
      r.bytes();
      r.vector((rr) => rr.u32());
      r.u64();
      break;
    case 3:
      r.fixedBytes(32);
      break;
    case 6:
      if (r.variantIndex() !== 0) fail('BlockEpiloguePayload', 1);
      r.fixedBytes(32);
      if (r.variantIndex() !== 0) fail('BlockEndInfo', 1);
      r.bool();
      r.bool();
      r.u64();
      r.u64();
      break;
    default:
      fail('Transaction', variant);
  }
  const transactionBytes = r.input.slice(start, r.offset);
  if (r.variantIndex() !== 0) fail('TransactionInfo', 1);
  const gasUsed = r.u64();
  const status = executionStatus(r);
  const transactionHash = r.fixedBytes(32);
  const eventRootHash = r.fixedBytes(32);
  const stateChangeHash = r.fixedBytes(32);
  const stateCheckpointHash = r.option((rr) => rr.fixedBytes(32));
  r.option((rr) => rr.fixedBytes(32));
  const events = r.vector(event).length;
  const accumulatorRootHash = r.fixedBytes(32);
  const writeSetStart = r.offset;
  const writeOps = writeSet(r);
  return {
    writeSetBytes: r.input.slice(writeSetStart, r.offset),
    version,
    transactionBytes,
    variant,
    sender,
    authenticator: authenticatorVariant,
    gasUsed,
    status,
    transactionHash,
    eventRootHash,
    stateChangeHash,
    stateCheckpointHash,
    events,
    accumulatorRootHash,
    writeOps,
  };
}

/** Decodes a whole body with `read`, refusing trailing bytes. */
export function decodeAll<T>(bytes: Uint8Array, read: (r: BcsReader) => T): T {
  const reader = new BcsReader(bytes);
  const value = read(reader);
  reader.assertFinished();
  return value;
}

/** `TransactionData::OnChain(TransactionOnChainData)`. */
export function readTransactionData(r: BcsReader): DecodedOnChain {
  const variant = r.variantIndex();
  if (variant !== 0) fail('TransactionData', variant);
  return readOnChain(r);
}

/** `BcsBlock`. */
export function readBlock(r: BcsReader): {
  height: bigint;
  hash: Uint8Array;
  timestamp: bigint;
  firstVersion: bigint;
  lastVersion: bigint;
  transactions: DecodedOnChain[] | undefined;
} {
  return {
    height: r.u64(),
    hash: r.fixedBytes(32),
    timestamp: r.u64(),
    firstVersion: r.u64(),
    lastVersion: r.u64(),
    transactions: r.option((rr) => rr.vector(readOnChain)),
  };
}
