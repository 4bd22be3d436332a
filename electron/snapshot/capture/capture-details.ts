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
import { U64_MAX_TEXT } from '../../../shared/ledger/u64.ts';

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
 * The summary row and details of a transaction from the node's JSON, recorded in block `blockHeight` with the
 * figures of its write set and events as kept; undefined when the JSON lacks its kind, hash or a hash of its info.
 */
export function capturedTransactionRows(
  json: Readonly<Record<string, unknown>>,
  blockHeight: bigint,
  kept: { readonly writeSetSize: number; readonly eventCount: number },
): { readonly row: TransactionRow; readonly details: TransactionDetailsRow } | undefined {
  const kind = typeof json.type === 'string' ? TRANSACTION_KINDS[json.type] : undefined;
  const hash = hash32(json.hash);
  const version = integer(json.version);
  if (kind === undefined || hash === null || version === null) return undefined;
  const stateChangeHash = hash32(json.state_change_hash);
  const eventRootHash = hash32(json.event_root_hash);
  const accumulatorRootHash = hash32(json.accumulator_root_hash);
  if (!stateChangeHash || !eventRootHash || !accumulatorRootHash) return undefined;
  const user = json.type === 'user_transaction';
  const signature = (json.signature ?? null) as Record<string, unknown> | null;
  const sequence = user && json.sequence_number !== U64_MAX_TEXT ? integer(json.sequence_number) : null;
  const nonce = user ? integer(json.replay_protection_nonce) : null;
  const payload = (json.payload ?? null) as Record<string, unknown> | null;
  const feePayer = typeof signature?.fee_payer_address === 'string' ? parseAddress(signature.fee_payer_address) : null;
  const secondary = Array.isArray(signature?.secondary_signer_addresses)
    ? (signature.secondary_signer_addresses as unknown[]).filter((a) => typeof a === 'string').map(parseAddress)
    : [];
  const row: TransactionRow = {
    version,
    blockHeight: Number(blockHeight),
    hash,
    kind,
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
    recorded: { stateChangeHash, eventRootHash, ...kept },
  };
  return { row, details };
}
