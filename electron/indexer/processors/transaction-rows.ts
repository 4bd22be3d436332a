/**
 * `user_transactions`, `signatures`, `block_metadata_transactions` and `events`: one transaction's own rows, as the
 * hosted user-transaction, default and events processors derive them (aptos-indexer-processors-v2; our own code).
 */
import { formatAddressLong, parseAddress } from '../../../shared/address.ts';
import type { MoveJson } from '../../../shared/move/move-json.ts';
import { decodeMoveValue } from '../../../shared/move/decode.ts';
import { resolveLayout, type MoveLayout } from '../../../shared/move/layout.ts';
import type { AbiLookup } from '../../../shared/move/abi.ts';
import { parseTypeTag } from '../../../shared/type-tag.ts';
import {
  emit,
  indexerTimestamp,
  type IndexerRow,
  type IndexerRows,
  type IndexerState,
  type IndexerTransaction,
} from './processor-input.ts';

/** The address module (v2) events are filed under by the hosted processors: the node's dummy guid `0x0`. */
export const MODULE_EVENT_ADDRESS = formatAddressLong(new Uint8Array(32));
/** Hosted `events.indexed_type` is the type truncated to 300 characters (an index column). */
const INDEXED_TYPE_LENGTH = 300;

/** A node-JSON account signature: `{public_key, signature, type}` (Ed25519) or another scheme's fields. */
type SignatureJson = Readonly<Record<string, unknown>>;

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** The rows of one account's signature (several for a multi-Ed25519 key, one per signature). */
function accountSignatureRows(base: IndexerRow, signature: SignatureJson): IndexerRow[] {
  const type = text(signature['type']);
  if (type === 'multi_ed25519_signature') {
    const keys = Array.isArray(signature['public_keys']) ? (signature['public_keys'] as unknown[]) : [];
    const signatures = Array.isArray(signature['signatures']) ? (signature['signatures'] as unknown[]) : [];
    const threshold = Number(signature['threshold'] ?? 0);
    return signatures.map((sig, index) => ({
      ...base,
      type,
      public_key: text(keys[index]),
      signature: text(sig),
      threshold,
      public_key_indices: JSON.stringify(keys.map((_, i) => i)),
      multi_sig_index: index,
    }));
  }
  return [
    {
      ...base,
      type,
      public_key: text(signature['public_key']),
      signature: text(signature['signature']),
      threshold: 1,
      public_key_indices: '[]',
      multi_sig_index: 0,
    },
  ];
}

/**
 * The signature rows of a user transaction: the sender's, then each secondary signer's (`multi_agent_index` = its
 * position among them, as hosted). A fee payer's own signature has no row there (hosted), though its address is in
 * `account_transactions`.
 */
function signatureRows(input: IndexerTransaction, sender: string): IndexerRow[] {
  const { transaction } = input;
  const signature = transaction.details?.signature as SignatureJson | undefined;
  if (signature === undefined || signature === null) return [];
  const base = {
    transaction_version: transaction.version,
    transaction_block_height: transaction.blockHeight,
    any_signature_type: null,
    public_key_type: null,
    function_info: null,
  };
  const kind = text(signature['type']);
  if (kind !== 'multi_agent_signature' && kind !== 'fee_payer_signature')
    return accountSignatureRows({ ...base, signer: sender, is_sender_primary: true, multi_agent_index: 0 }, signature);
  const rows = accountSignatureRows(
    { ...base, signer: sender, is_sender_primary: true, multi_agent_index: 0 },
    (signature['sender'] ?? {}) as SignatureJson,
  );
  const addresses = (signature['secondary_signer_addresses'] ?? []) as unknown[];
  const signers = (signature['secondary_signers'] ?? []) as SignatureJson[];
  addresses.forEach((address, index) => {
    const signer = formatAddressLong(parseAddress(text(address)));
    rows.push(
      ...accountSignatureRows(
        { ...base, signer, is_sender_primary: false, multi_agent_index: index },
        signers[index] ?? {},
      ),
    );
  });
  return rows;
}

/** `user_transactions` and `signatures` of a user transaction. */
export function userTransactionRows(input: IndexerTransaction, rows: IndexerRows): void {
  const { transaction, epoch } = input;
  if (transaction.kind !== 'user' || transaction.sender === undefined) return;
  const sender = formatAddressLong(transaction.sender);
  const entry = transaction.entryFunction;
  const [address, module, name] = entry === undefined ? [] : entry.split('::');
  emit(rows, 'user_transactions', {
    version: transaction.version,
    block_height: transaction.blockHeight,
    parent_signature_type: transaction.details?.signatureKind ?? '',
    sender,
    // An orderless transaction has no sequence number (the node shows u64::MAX); hosted stores what it parses.
    sequence_number: transaction.sequenceNumber ?? null,
    max_gas_amount: transaction.maxGasAmount.toString(),
    expiration_timestamp_secs: indexerTimestamp((transaction.details?.expirationTimestampSecs ?? 0n) * 1_000_000n),
    gas_unit_price: transaction.gasUnitPrice.toString(),
    timestamp: indexerTimestamp(transaction.timestampUsec),
    entry_function_id_str: entry ?? '',
    entry_function_contract_address: address === undefined ? null : formatAddressLong(parseAddress(address)),
    entry_function_module_name: module ?? null,
    entry_function_function_name: name ?? null,
    epoch,
  });
  for (const row of signatureRows(input, sender)) emit(rows, 'signatures', row);
}

/** `block_metadata_transactions` of a block metadata transaction (fields from its stored `kind_fields`). */
export function blockMetadataRows(input: IndexerTransaction, rows: IndexerRows): void {
  const { transaction } = input;
  if (transaction.kind !== 'block_metadata') return;
  const fields = transaction.details?.kindFields ?? {};
  const proposer = fields['proposer'];
  emit(rows, 'block_metadata_transactions', {
    version: transaction.version,
    block_height: transaction.blockHeight,
    id: text(fields['id'] ?? ''),
    round: BigInt(text(fields['round'] ?? '0')),
    epoch: BigInt(text(fields['epoch'] ?? input.epoch.toString())),
    previous_block_votes_bitvec: JSON.stringify(fields['previous_block_votes_bitvec'] ?? []),
    proposer: typeof proposer === 'string' ? formatAddressLong(parseAddress(proposer)) : '',
    failed_proposer_indices: JSON.stringify(fields['failed_proposer_indices'] ?? []),
    timestamp: indexerTimestamp(transaction.timestampUsec),
  });
}

/** Layouts by ABI lookup (one per module set: the store hands out the same lookup) and type text. */
const layouts = new WeakMap<AbiLookup, Map<string, MoveLayout>>();

/** The layout of `type` under `lookup`, resolved once per module set. */
export function layoutOf(lookup: AbiLookup, type: string): MoveLayout {
  let byType = layouts.get(lookup);
  if (byType === undefined) layouts.set(lookup, (byType = new Map()));
  let layout = byType.get(type);
  if (layout === undefined) {
    layout = resolveLayout(parseTypeTag(type), lookup);
    byType.set(type, layout);
  }
  return layout;
}

/** An event's data as the node's JSON (decoded with the ABIs at its version); null when it does not decode. */
export function eventData(
  state: Pick<IndexerState, 'abiLookup'>,
  version: bigint,
  typeTag: string,
  data: Uint8Array,
): MoveJson | null {
  try {
    return decodeMoveValue(data, layoutOf(state.abiLookup(version), typeTag));
  } catch {
    // A capture may hold events whose module it did not capture: the row keeps the event, without its data.
    return null;
  }
}

/**
 * `events`: every event with its decoded data. Module events are filed as the node shows them (account `0x0`,
 * creation and sequence number 0), as hosted.
 */
export function eventRows(input: IndexerTransaction, state: IndexerState, rows: IndexerRows): void {
  const { transaction } = input;
  for (const event of input.events) {
    emit(rows, 'events', {
      sequence_number: event.stream?.sequenceNumber ?? 0n,
      creation_number: event.stream?.creationNumber ?? 0n,
      account_address: event.stream === undefined ? MODULE_EVENT_ADDRESS : formatAddressLong(event.stream.address),
      transaction_version: transaction.version,
      transaction_block_height: transaction.blockHeight,
      type: event.typeTag,
      data: JSON.stringify(eventData(state, transaction.version, event.typeTag, event.data)),
      event_index: event.index,
      indexed_type: event.typeTag.slice(0, INDEXED_TYPE_LENGTH),
    });
  }
}
