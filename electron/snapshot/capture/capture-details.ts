/**
 * The captured transaction at V in full (format v2): its summary row and details from the node's JSON
 * (`/transactions/by_version/V`), keeping the node's hashes and counts — a capture holds the state read at V, not the
 * write set that produced it, so these cannot be recomputed from its rows.
 */
import { parseAddress } from '../../../shared/address.ts';
import { hexToBytes } from '../../../shared/hex.ts';
import type { TransactionRow } from '../snapshot-writer.ts';
import type { TransactionDetailsRow } from '../transaction-details.ts';
import type { CapturedBlock, CapturedTransaction } from './capture-types.ts';

const U64_MAX = '18446744073709551615';
const hash32 = (value: unknown): Uint8Array | null =>
  typeof value === 'string' && /^0x[0-9a-f]{64}$/i.test(value) ? hexToBytes(value) : null;
const integer = (value: unknown): number | null =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;
const jsonOf = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** Fields only one kind has, in the node's order (block metadata and epilogue). */
function kindFields(json: Readonly<Record<string, unknown>>): string | null {
  if (json.type === 'block_metadata_transaction')
    return JSON.stringify({
      id: json.id,
      epoch: json.epoch,
      round: json.round,
      previous_block_votes_bitvec: json.previous_block_votes_bitvec,
      proposer: json.proposer,
      failed_proposer_indices: json.failed_proposer_indices,
    });
  if (json.type === 'block_epilogue_transaction')
    return JSON.stringify({ block_end_info: json.block_end_info ?? null });
  return null;
}

/** The summary row and details of the captured transaction, or undefined when the node's JSON is missing or odd. */
export function capturedTransactionRows(
  transaction: CapturedTransaction,
  version: number,
  block: CapturedBlock,
): { readonly row: TransactionRow; readonly details: TransactionDetailsRow } | undefined {
  const json = transaction.json;
  if (!json) return undefined;
  const stateChangeHash = hash32(json.state_change_hash);
  const eventRootHash = hash32(json.event_root_hash);
  const accumulatorRootHash = hash32(json.accumulator_root_hash);
  if (!stateChangeHash || !eventRootHash || !accumulatorRootHash) return undefined;
  const user = json.type === 'user_transaction';
  const signature = (json.signature ?? null) as Record<string, unknown> | null;
  const sequence = user && json.sequence_number !== U64_MAX ? integer(json.sequence_number) : null;
  const nonce = user ? integer(json.replay_protection_nonce) : null;
  const payload = (json.payload ?? null) as Record<string, unknown> | null;
  const feePayer = typeof signature?.fee_payer_address === 'string' ? parseAddress(signature.fee_payer_address) : null;
  const secondary = Array.isArray(signature?.secondary_signer_addresses)
    ? (signature.secondary_signer_addresses as unknown[]).filter((a) => typeof a === 'string').map(parseAddress)
    : [];
  const row: TransactionRow = {
    version,
    blockHeight: Number(block.height),
    hash: transaction.hash,
    kind: transaction.kind,
    sender: user && typeof json.sender === 'string' ? parseAddress(json.sender) : null,
    sequenceNumber: sequence,
    nonce,
    entryFunction: typeof payload?.function === 'string' ? payload.function : null,
    gasUnitPrice: integer(json.gas_unit_price) ?? 0,
    maxGasAmount: integer(json.max_gas_amount) ?? 0,
    gasUsed: integer(json.gas_used) ?? 0,
    success: json.success !== false,
    timestampUsec: typeof json.timestamp === 'string' && /^\d+$/.test(json.timestamp) ? BigInt(json.timestamp) : 0n,
  };
  const details: TransactionDetailsRow = {
    vmStatus: typeof json.vm_status === 'string' ? json.vm_status : '',
    expirationTimestampSecs: integer(json.expiration_timestamp_secs),
    payload: jsonOf(payload),
    payloadBcs: null,
    signature: jsonOf(signature),
    signatureKind: typeof signature?.type === 'string' ? signature.type : null,
    secondarySigners: secondary,
    feePayer,
    kindFields: kindFields(json),
    stateCheckpointHash: hash32(json.state_checkpoint_hash),
    accumulatorRootHash,
    recorded: {
      stateChangeHash,
      eventRootHash,
      writeSetSize: Array.isArray(json.changes) ? json.changes.length : 0,
      eventCount: Array.isArray(json.events) ? json.events.length : 0,
    },
  };
  return { row, details };
}
