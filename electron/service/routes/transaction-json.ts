/**
 * A committed transaction as the node renders it (docs/node-behaviour.md, transactions): the `TransactionInfo`
 * fields first (version … `changes`), then the kind's own fields in the node's order, and `type` last. Payloads
 * and signatures are served as the snapshot stored them (the node's own JSON); changes come from the version's
 * write set and events from its stored events, decoded with the layouts at that version.
 */
import type {
  BlockEpilogueTransaction,
  BlockMetadataTransaction,
  GenesisTransaction,
  CommittedTransaction,
  TransactionEvent,
  UserTransaction,
} from '../../../shared/api/wire-schemas.ts';
import { formatAddress } from '../../../shared/address.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { bytesToHex } from '../../../shared/hex.ts';
import type { AbiLookup } from '../../../shared/move/abi.ts';
import type { LedgerStore, StoredTransaction, StoredTransactionEvent } from '../../snapshot/ledger-store.ts';
import { storedEventType } from '../event-types.ts';
import { internalError } from '../http-errors.ts';
import { decodeStoredValue } from '../json-bodies.ts';
import { U64_MAX } from '../../../shared/ledger/u64.ts';
import { changesJson } from './write-set-json.ts';

/** A transaction's JSON, keys in the node's order; its shape is the wire schema's (shared/api/wire/transactions.ts). */
export type TransactionJson = CommittedTransaction;

/**
 * A field the snapshot stored as JSON (payload, signature, a block's metadata fields): the node's own rendering,
 * stored as it came (docs/snapshot-format.md), or the generator's in the same shape, so it has the wire schema's
 * shape by construction and is not parsed again on every reply (the capture checks what a node sends).
 */
function stored<T>(value: unknown): T {
  return value as T;
}

/** The dummy guid the node shows for a module (v2) event. */
const MODULE_EVENT_GUID = { creation_number: '0', account_address: '0x0' } as const;

/** One event inside a transaction: `{"guid", "sequence_number", "type", "data"}`. */
function eventJson(event: StoredTransactionEvent, lookup: AbiLookup): TransactionEvent {
  const stream = event.stream;
  const data = decodeStoredValue(event.data, storedEventType(event.typeTag), lookup, `event data of ${event.typeTag}`);
  return {
    guid:
      stream === undefined
        ? MODULE_EVENT_GUID
        : { creation_number: stream.creationNumber.toString(), account_address: formatAddress(stream.address) },
    sequence_number: stream === undefined ? '0' : stream.sequenceNumber.toString(),
    type: event.typeTag,
    data,
  };
}

function optionalHex(bytes: Uint8Array | undefined): string | null {
  return bytes === undefined ? null : bytesToHex(bytes);
}

/** The JSON of `transaction`; 500 when the snapshot holds only its summary or cannot tell its write set. */
export function transactionJson(store: LedgerStore, transaction: StoredTransaction): TransactionJson {
  const { version, details } = transaction;
  if (details === undefined)
    throw internalError(`This snapshot holds only the summary of transaction ${version} (format v1 or captured)`);
  const lookup = store.abiLookup(version);
  const changes = changesJson(store, version, lookup);
  if (changes === undefined) throw internalError(`This snapshot does not hold the write set of version ${version}`);
  const events = store.transactionEvents(version).map((event) => eventJson(event, lookup));
  const info = {
    version: version.toString(),
    hash: bytesToHex(transaction.hash),
    state_change_hash: bytesToHex(details.stateChangeHash),
    event_root_hash: bytesToHex(details.eventRootHash),
    state_checkpoint_hash: optionalHex(details.stateCheckpointHash),
    gas_used: transaction.gasUsed.toString(),
    success: transaction.success,
    vm_status: details.vmStatus,
    accumulator_root_hash: bytesToHex(details.accumulatorRootHash),
    changes,
  };
  const timestamp = transaction.timestampUsec.toString();
  const kindFields = details.kindFields ?? {};
  switch (transaction.kind) {
    case 'user': {
      const nonce = transaction.nonce;
      return {
        ...info,
        sender: formatAddress(transaction.sender ?? missingSender(version)),
        // An orderless transaction shows u64::MAX as its sequence number and its nonce beside it.
        sequence_number: (nonce === undefined ? (transaction.sequenceNumber ?? 0n) : U64_MAX).toString(),
        max_gas_amount: transaction.maxGasAmount.toString(),
        gas_unit_price: transaction.gasUnitPrice.toString(),
        expiration_timestamp_secs: (details.expirationTimestampSecs ?? 0n).toString(),
        payload: stored<UserTransaction['payload']>(details.payload),
        signature: stored<UserTransaction['signature']>(details.signature),
        replay_protection_nonce: nonce === undefined ? null : nonce.toString(),
        events,
        timestamp,
        type: 'user_transaction',
      };
    }
    case 'genesis':
      return {
        ...info,
        payload: genesisPayload(details.payload, changes, events),
        events,
        type: 'genesis_transaction',
      };
    case 'block_metadata': {
      const { id, epoch, round, previous_block_votes_bitvec, proposer, failed_proposer_indices, ...rest } =
        stored<Partial<BlockMetadataTransaction>>(kindFields);
      return {
        ...info,
        id: id!,
        epoch: epoch!,
        round: round!,
        events,
        previous_block_votes_bitvec: previous_block_votes_bitvec!,
        proposer: proposer!,
        failed_proposer_indices: failed_proposer_indices!,
        timestamp,
        ...rest,
        type: 'block_metadata_transaction',
      };
    }
    case 'state_checkpoint':
      return { ...info, timestamp, type: 'state_checkpoint_transaction' };
    case 'block_epilogue':
      return {
        ...info,
        timestamp,
        block_end_info:
          stored<BlockEpilogueTransaction['block_end_info'] | undefined>(kindFields.block_end_info) ?? null,
        type: 'block_epilogue_transaction',
      };
    default:
      return assertNever(transaction.kind);
  }
}

/**
 * The genesis payload: stored without its write set's changes and events (they are the version's own), which the
 * node repeats inside `payload.write_set`.
 */
function genesisPayload(
  storedPayload: unknown,
  changes: TransactionJson['changes'],
  events: GenesisTransaction['events'],
): GenesisTransaction['payload'] {
  const payload = stored<GenesisTransaction['payload']>(storedPayload);
  if (payload.write_set.type !== 'direct_write_set') return payload;
  return { ...payload, write_set: { ...payload.write_set, changes, events } };
}

/** A user transaction the snapshot holds without its sender: the snapshot is broken (a 500, not a null sender). */
function missingSender(version: bigint): never {
  throw internalError(`The snapshot holds user transaction ${version} without its sender`);
}
