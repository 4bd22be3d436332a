/**
 * The parts of a node's BCS answer of one transaction (`/v1/transactions/by_version/{v}` as BCS:
 * `TransactionData::OnChain(TransactionOnChainData { version, transaction, info, events, accumulator_root_hash,
 * changes })`, docs/api.md "BCS of transactions") that prove the transaction's JSON: the `Transaction` bytes (their
 * hash is the transaction hash) and the write set (its bytes hash to `state_change_hash`).
 *
 * The `Transaction` enum has many variants and signature schemes a snapshot never decodes, so it is not parsed: the
 * info that follows it starts with the gas used, the status and then the three hashes the JSON shows
 * (`hash`, `event_root_hash`, `state_change_hash`), which anchor it. The bytes before the info are the transaction
 * only when they hash to the JSON's hash, which a wrong cut cannot. What follows the hashes (the optional checkpoint
 * and auxiliary hashes, the events, the accumulator root, the write set) is parsed strictly to the last byte.
 */
import { BcsReader } from '../../../shared/bcs/bcs-reader.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import { readTypeTag } from '../../../shared/type-tag-bcs.ts';
import { aptosHash } from '../ledger-hashes.ts';
import { opHasMetadata, opHasValue, type NodeWriteOp } from './node-write-set.ts';

/** What a capture checks and keeps of the node's BCS of one transaction. */
export interface NodeTransactionBcs {
  /** The `Transaction` enum's bytes (what the Transaction hasher hashes). */
  readonly transaction: Uint8Array;
  /** The write set's entries, in the node's (key) order. */
  readonly writeSet: readonly NodeWriteOp[];
}

/** What the JSON of the same transaction says, to find and check its parts. */
export interface NodeTransactionAnchors {
  readonly version: bigint;
  readonly hash: Uint8Array;
  readonly eventRootHash: Uint8Array;
  readonly stateChangeHash: Uint8Array;
  readonly gasUsed: bigint;
}

/** A BCS answer that does not hold the transaction its JSON describes (the message says how). */
export class NodeBcsMismatch extends Error {
  override readonly name = 'NodeBcsMismatch';
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

function abortLocation(r: BcsReader): void {
  const variant = r.variantIndex();
  if (variant === 0) {
    r.address();
    r.string();
  } else if (variant !== 1) throw new Error(`AbortLocation variant ${variant}`);
}

/** Reads an `ExecutionStatus` (Success, OutOfGas, MoveAbort, ExecutionFailure, MiscellaneousError). */
function executionStatus(r: BcsReader): void {
  const variant = r.variantIndex();
  if (variant === 2) {
    abortLocation(r);
    r.u64();
    r.option((rr) => [rr.string(), rr.string()]);
  } else if (variant === 3) {
    abortLocation(r);
    r.u16();
    r.u16();
  } else if (variant === 4) r.option((rr) => rr.u64());
  else if (variant !== 0 && variant !== 1) throw new Error(`ExecutionStatus variant ${variant}`);
}

function contractEvent(r: BcsReader): void {
  const variant = r.variantIndex();
  if (variant === 0) {
    r.u64();
    r.address();
    r.u64();
  } else if (variant !== 1) throw new Error(`ContractEvent variant ${variant}`);
  readTypeTag(r);
  r.take(r.count('event data', 1), 'event data');
}

/** `PersistedStateValueMetadata` V0 {deposit, creation time} or V1 {slot deposit, bytes deposit, creation time}. */
function metadata(r: BcsReader): Uint8Array {
  const start = r.offset;
  const variant = r.variantIndex();
  if (variant > 1) throw new Error(`StateValueMetadata variant ${variant}`);
  r.take(variant === 0 ? 16 : 24, 'state value metadata');
  return r.input.slice(start, r.offset);
}

function stateKey(r: BcsReader): Uint8Array {
  const start = r.offset;
  const variant = r.variantIndex();
  if (variant === 0 || variant === 1) r.address();
  else if (variant !== 2) throw new Error(`StateKey variant ${variant}`);
  r.take(r.count('state key path', 1), 'state key path');
  return r.input.slice(start, r.offset);
}

function writeSet(r: BcsReader): NodeWriteOp[] {
  const variant = r.variantIndex();
  if (variant !== 0) throw new Error(`WriteSet variant ${variant}`);
  // Each entry takes at least a key variant, an address-less raw key length and an op: 3 bytes.
  const count = r.count('write set', 3);
  const entries: NodeWriteOp[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = stateKey(r);
    const op = r.variantIndex();
    if (op > 5) throw new Error(`WriteOp variant ${op}`);
    const value = opHasValue(op) ? r.bytes() : null;
    entries.push({ stateKey: key, value, op, metadata: opHasMetadata(op) ? metadata(r) : null });
  }
  return entries;
}

/** After the three hashes: the optional checkpoint hash, optionally the auxiliary info hash, events, root, changes. */
function afterHashes(body: Uint8Array, withAuxiliary: boolean): NodeWriteOp[] {
  const r = new BcsReader(body);
  r.option((rr) => rr.fixedBytes(32));
  if (withAuxiliary) r.option((rr) => rr.fixedBytes(32));
  const events = r.count('events', 2);
  for (let i = 0; i < events; i += 1) contractEvent(r);
  r.take(32, 'accumulator root hash');
  const entries = writeSet(r);
  r.assertFinished();
  return entries;
}

/** The status's bytes end where the anchor starts: the info begins `00 ‖ gas used ‖ status`. */
function transactionEnd(body: Uint8Array, anchor: number, gasUsed: Uint8Array, hash: Uint8Array): number | undefined {
  for (let end = anchor - 10; end >= 10; end -= 1) {
    if (body[end] !== 0 || !same(body.subarray(end + 1, end + 9), gasUsed)) continue;
    const status = new BcsReader(body.subarray(end + 9, anchor));
    try {
      executionStatus(status);
      status.assertFinished();
    } catch {
      continue;
    }
    if (same(aptosHash('Transaction', body.subarray(9, end)), hash)) return end;
  }
  return undefined;
}

/**
 * The transaction and write set of the node's BCS answer `body`, checked against its JSON: the same version, the
 * transaction bytes hashing to the JSON's hash, the info holding the JSON's hashes and gas, a well-formed tail.
 */
export function readNodeTransaction(body: Uint8Array, anchors: NodeTransactionAnchors): NodeTransactionBcs {
  const head = new BcsReader(body);
  if (head.variantIndex() !== 0 || head.offset !== 1) throw new NodeBcsMismatch('it is not TransactionData::OnChain');
  if (head.u64() !== anchors.version) throw new NodeBcsMismatch('its version is not the JSON one');
  const anchor = Buffer.concat([anchors.hash, anchors.eventRootHash, anchors.stateChangeHash]);
  const gas = new Uint8Array(8);
  new DataView(gas.buffer).setBigUint64(0, anchors.gasUsed, true);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let failure = 'it does not carry the hash, event_root_hash and state_change_hash of the JSON';
  for (let at = bytes.indexOf(anchor, 10); at >= 0; at = bytes.indexOf(anchor, at + 1)) {
    const end = transactionEnd(body, at, gas, anchors.hash);
    if (end === undefined) {
      failure = `its transaction bytes do not hash to its hash ${bytesToHex(anchors.hash)}`;
      continue;
    }
    const rest = body.subarray(at + 96);
    let writeSetEntries: NodeWriteOp[];
    try {
      writeSetEntries = afterHashes(rest, true);
    } catch (withAuxiliary) {
      try {
        // A node of before the auxiliary info hash: TransactionInfo::V0 ends with the checkpoint hash.
        writeSetEntries = afterHashes(rest, false);
      } catch {
        throw new NodeBcsMismatch(`its events and write set do not decode (${(withAuxiliary as Error).message})`);
      }
    }
    return { transaction: body.slice(9, end), writeSet: writeSetEntries };
  }
  throw new NodeBcsMismatch(failure);
}
