/**
 * A captured transaction proves itself against the node's BCS of it (docs/remote.md, "What a capture proves"): its
 * `Transaction` bytes hash to the JSON's hash and say what its rows say (transaction-proof.ts); the write set the
 * node hashed — with its write ops and storage-fee metadata, which the JSON does not show — is the JSON's `changes`
 * entry for entry and hashes to its `state_change_hash`. (Its events were already held to `event_root_hash` when
 * they were encoded from the JSON: transaction-from-json.ts.) Anything else is {@link NotKept}, with the reason.
 */
import { bytesToHex } from '../../../shared/hex.ts';
import type { CapturedFullTransaction, JsonTransaction } from './capture-types.ts';
import { NodeBcsMismatch, readNodeTransaction } from './node-transaction-bcs.ts';
import { nodeStateChangeHash, PackedWriteSet, type NodeWriteOp } from './node-write-set.ts';
import { NotKept } from './not-kept.ts';
import { transactionDisagreement, userPayloadOf, type ProvableTransaction } from './transaction-proof.ts';

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** What the rows of a transaction read from JSON hold, for transaction-proof.ts. */
function provable(kept: JsonTransaction, chainId: number, payloadBcs: Uint8Array | null): ProvableTransaction {
  const { row, details } = kept;
  return {
    kind: row.kind,
    sender: row.sender,
    sequenceNumber: row.sequenceNumber === null ? null : BigInt(row.sequenceNumber),
    nonce: row.nonce === null ? null : BigInt(row.nonce),
    maxGasAmount: BigInt(row.maxGasAmount),
    gasUnitPrice: BigInt(row.gasUnitPrice),
    expirationTimestampSecs: details.expirationTimestampSecs === null ? null : BigInt(details.expirationTimestampSecs),
    chainId,
    signature: details.signature,
    payload: details.payload,
    payloadBcs,
    kindFields: details.kindFields,
    timestampUsec: row.timestampUsec,
  };
}

/** The node's write ops in the JSON's order, or why the JSON's `changes` are not the write set the node hashed. */
function writeSetInJsonOrder(kept: JsonTransaction, node: readonly NodeWriteOp[]): NodeWriteOp[] {
  if (node.length !== kept.writeSet.length)
    throw new NotKept(
      `its changes (${kept.writeSet.length} state keys) are not the write set the node hashed (${node.length})`,
    );
  const byKey = new Map(node.map((op) => [bytesToHex(op.stateKey), op]));
  return kept.writeSet.map((entry) => {
    const op = byKey.get(bytesToHex(entry.stateKey));
    const value = op?.value ?? null;
    if (
      op === undefined ||
      (value === null) !== (entry.value === null) ||
      (value && !same(value, entry.value ?? value))
    )
      throw new NotKept(
        `its change of state key ${bytesToHex(entry.stateKey).slice(0, 80)} is not the one of the write set ` +
          'the node hashed',
      );
    return op;
  });
}

/**
 * `kept` proved by `body` (the node's BCS of the same version) on chain `chainId`; `gasUsed` is the JSON's. Throws
 * NotKept with the reason when any part does not hold.
 */
export function proveTransaction(
  kept: JsonTransaction,
  body: Uint8Array,
  chainId: number,
  gasUsed: bigint,
): CapturedFullTransaction {
  const recorded = kept.details.recorded;
  if (recorded === undefined) throw new NotKept('its JSON lacks its hashes');
  let node;
  try {
    node = readNodeTransaction(body, {
      version: kept.version,
      hash: kept.row.hash,
      eventRootHash: recorded.eventRootHash,
      stateChangeHash: recorded.stateChangeHash,
      gasUsed,
    });
  } catch (error) {
    if (error instanceof NodeBcsMismatch) throw new NotKept(`the node's BCS of it: ${error.message}`);
    throw error;
  }
  let payloadBcs: Uint8Array | null = null;
  if (kept.row.kind === 'user') {
    const payload = userPayloadOf(provable(kept, chainId, null), node.transaction);
    if (typeof payload === 'string') throw new NotKept(payload);
    payloadBcs = payload;
  }
  const disagreement = transactionDisagreement(provable(kept, chainId, payloadBcs), node.transaction);
  if (disagreement !== undefined) throw new NotKept(disagreement);
  const writeSet = writeSetInJsonOrder(kept, node.writeSet);
  const hash = nodeStateChangeHash(writeSet);
  if (typeof hash === 'string') throw new NotKept(`its write set: ${hash}`);
  if (!same(hash, recorded.stateChangeHash))
    throw new NotKept(`its write set does not hash to its state_change_hash ${bytesToHex(recorded.stateChangeHash)}`);
  return {
    ...kept,
    details: { ...kept.details, payloadBcs },
    writeSet: new PackedWriteSet(writeSet),
    transactionBytes: node.transaction,
  };
}
