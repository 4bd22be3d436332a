/**
 * The BCS bodies of the transaction and block endpoints (docs/api.md, "BCS of transactions"): a stored transaction
 * as the node's `TransactionOnChainData`, a single one wrapped in `TransactionData::OnChain`, pages as
 * `Vec<TransactionOnChainData>`, a block as `BcsBlock`. The encoders are shared/bcs/ (the snapshot hashes the same
 * bytes); this module gathers what they need from the store: the write set (with each key's prior existence), the
 * events, the kind's own fields.
 */
import { parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import type { LedgerEvent, WriteSetEntry } from '../../shared/bcs/ledger-bcs.ts';
import type { BlockEndInfo, LedgerTransaction } from '../../shared/bcs/transaction-bcs.ts';
import {
  executionStatusOf,
  writeTransactionOnChainData,
  type OnChainTransaction,
} from '../../shared/bcs/transaction-info-bcs.ts';
import { assertNever } from '../../shared/assert-never.ts';
import { hexToBytes } from '../../shared/hex.ts';
import type { LedgerStore, StoredTransaction, StoredTransactionDetails } from '../snapshot/ledger-store.ts';
import { internalError } from './http-errors.ts';
import { U64_MAX } from '../../shared/ledger/u64.ts';

/** Variant index of `TransactionData::OnChain` (a single transaction's BCS reply). */
const TRANSACTION_DATA_ON_CHAIN = 0;

/** The block id a block's transactions refer to: the id of its block metadata transaction (zero for genesis). */
export function blockId(store: LedgerStore, firstVersion: bigint): Uint8Array {
  const first = store.transaction(firstVersion);
  const id = first?.kind === 'block_metadata' ? first.details?.kindFields?.id : undefined;
  return typeof id === 'string' ? hexToBytes(id) : new Uint8Array(32);
}

function blockIdOf(store: LedgerStore, transaction: StoredTransaction): Uint8Array {
  const block = store.blockOfVersion(transaction.version);
  return block === undefined ? new Uint8Array(32) : blockId(store, block.firstVersion);
}

const bigintOf = (value: unknown): bigint => BigInt(typeof value === 'number' ? value : String(value ?? 0));

function blockEndInfo(fields: Readonly<Record<string, unknown>> | undefined): BlockEndInfo {
  const info = (fields?.block_end_info ?? {}) as Readonly<Record<string, unknown>>;
  return {
    blockGasLimitReached: info.block_gas_limit_reached === true,
    blockOutputLimitReached: info.block_output_limit_reached === true,
    blockEffectiveBlockGasUnits: bigintOf(info.block_effective_block_gas_units),
    blockApproxOutputSize: bigintOf(info.block_approx_output_size),
  };
}

/** The `Transaction` enum's content of a stored transaction. */
function ledgerTransaction(
  store: LedgerStore,
  transaction: StoredTransaction,
  details: StoredTransactionDetails,
  chainId: number,
  writeSet: readonly WriteSetEntry[],
  events: readonly LedgerEvent[],
): LedgerTransaction {
  const version = transaction.version;
  switch (transaction.kind) {
    case 'user': {
      if (transaction.sender === undefined || details.payloadBcs === undefined)
        throw internalError(`This snapshot does not hold the payload BCS of transaction ${version}`);
      const sequenceNumber = transaction.nonce === undefined ? (transaction.sequenceNumber ?? 0n) : U64_MAX;
      return {
        kind: 'user',
        fields: {
          sender: transaction.sender,
          sequenceNumber,
          payloadBcs: details.payloadBcs,
          maxGasAmount: transaction.maxGasAmount,
          gasUnitPrice: transaction.gasUnitPrice,
          expirationTimestampSecs: details.expirationTimestampSecs ?? 0n,
          chainId,
          signature: details.signature,
        },
      };
    }
    case 'genesis':
      return { kind: 'genesis', writeSet, events };
    case 'block_metadata': {
      const fields = details.kindFields ?? {};
      return {
        kind: 'block_metadata',
        fields: {
          id: hexToBytes(String(fields.id)),
          epoch: bigintOf(fields.epoch),
          round: bigintOf(fields.round),
          proposer: parseAddress(String(fields.proposer)),
          previousBlockVotesBitvec: (fields.previous_block_votes_bitvec ?? []) as number[],
          failedProposerIndices: (fields.failed_proposer_indices ?? []) as number[],
          timestampUsec: transaction.timestampUsec,
        },
      };
    }
    case 'state_checkpoint':
      return { kind: 'state_checkpoint', blockId: blockIdOf(store, transaction) };
    case 'block_epilogue':
      return {
        kind: 'block_epilogue',
        blockId: blockIdOf(store, transaction),
        blockEndInfo: blockEndInfo(details.kindFields),
      };
    default:
      return assertNever(transaction.kind);
  }
}

/** What `TransactionOnChainData` holds of `transaction`; 500 when the snapshot cannot tell it. */
export function onChainTransaction(
  store: LedgerStore,
  transaction: StoredTransaction,
  chainId: number,
): OnChainTransaction {
  const { version, details } = transaction;
  if (details === undefined)
    throw internalError(`This snapshot holds only the summary of transaction ${version} (format v1 or captured)`);
  const ops = store.writeSet(version);
  if (ops === undefined) throw internalError(`This snapshot does not hold the write set of version ${version}`);
  const writeSet = ops.map((op) => ({ stateKey: op.stateKey, value: op.value ?? null, existed: op.existed }));
  const events = store
    .transactionEvents(version)
    .map((event): LedgerEvent =>
      event.stream === undefined
        ? { address: null, typeTag: event.typeTag, data: event.data }
        : { ...event.stream, typeTag: event.typeTag, data: event.data },
    );
  return {
    version,
    transaction: ledgerTransaction(store, transaction, details, chainId, writeSet, events),
    hash: transaction.hash,
    gasUsed: transaction.gasUsed,
    status: executionStatusOf(transaction.success, details.vmStatus),
    eventRootHash: details.eventRootHash,
    stateChangeHash: details.stateChangeHash,
    stateCheckpointHash: details.stateCheckpointHash,
    accumulatorRootHash: details.accumulatorRootHash,
    events,
    writeSet,
  };
}

function writeOne(writer: BcsWriter, store: LedgerStore, transaction: StoredTransaction, chainId: number): void {
  if (!writeTransactionOnChainData(writer, onChainTransaction(store, transaction, chainId))) {
    const kind = String(transaction.details?.signatureKind ?? 'its');
    throw internalError(`Transaction ${transaction.version} cannot be encoded as BCS: ${kind} signature scheme`);
  }
}

/** `TransactionData::OnChain(TransactionOnChainData)`: a single transaction's BCS body. */
export function encodeTransactionData(store: LedgerStore, transaction: StoredTransaction, chainId: number): Uint8Array {
  const writer = new BcsWriter().variantIndex(TRANSACTION_DATA_ON_CHAIN);
  writeOne(writer, store, transaction, chainId);
  return writer.toBytes();
}

/** `Vec<TransactionOnChainData>`: a page's BCS body. */
export function encodeTransactionList(
  store: LedgerStore,
  transactions: readonly StoredTransaction[],
  chainId: number,
): Uint8Array {
  const writer = new BcsWriter().uleb128(transactions.length);
  for (const transaction of transactions) writeOne(writer, store, transaction, chainId);
  return writer.toBytes();
}

/** A block's fields as `BcsBlock` holds them. */
export interface BcsBlockFields {
  readonly height: bigint;
  readonly hash: Uint8Array;
  readonly timestampUsec: bigint;
  readonly firstVersion: bigint;
  readonly lastVersion: bigint;
}

/**
 * `BcsBlock { block_height, block_hash, block_timestamp, first_version, last_version, transactions:
 * Option<Vec<TransactionOnChainData>> }`.
 */
export function encodeBlock(
  store: LedgerStore,
  block: BcsBlockFields,
  transactions: readonly StoredTransaction[] | undefined,
  chainId: number,
): Uint8Array {
  const writer = new BcsWriter().u64(block.height).fixedBytes(block.hash).u64(block.timestampUsec);
  writer.u64(block.firstVersion).u64(block.lastVersion);
  writer.option(transactions, (w, list) => {
    w.uleb128(list.length);
    for (const transaction of list) writeOne(w, store, transaction, chainId);
  });
  return writer.toBytes();
}
