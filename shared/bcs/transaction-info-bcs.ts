/**
 * BCS of a committed transaction as the node's BCS replies carry it (docs/api.md, "BCS of transactions"):
 * `TransactionOnChainData { version, transaction, info: TransactionInfo::V0 {…}, events, accumulator_root_hash,
 * changes }`, and the `ExecutionStatus` inside its info, recovered from the node's `vm_status` text.
 */
import { parseAddress } from '../address.ts';
import { assertNever } from '../assert-never.ts';
import { BcsWriter } from './bcs-writer.ts';
import { writeContractEvent, writeWriteSet, type LedgerEvent, type WriteSetEntry } from './ledger-bcs.ts';
import { writeTransaction, type LedgerTransaction } from './transaction-bcs.ts';

/** The node's `ExecutionStatus`, as far as its `vm_status` text tells it. */
export type ExecutionStatus =
  | { readonly kind: 'success' }
  | { readonly kind: 'out_of_gas' }
  | {
      readonly kind: 'move_abort';
      /** The aborting module (`AbortLocation::Module`). */
      readonly module: { readonly address: Uint8Array; readonly name: string };
      readonly code: bigint;
      readonly info: { readonly reasonName: string; readonly description: string } | undefined;
    }
  /** Any other failure: `MiscellaneousError(None)` (the text does not carry what the node would encode). */
  | { readonly kind: 'miscellaneous_error' };

const ABORT_WITH_INFO = /^Move abort in (0x[0-9a-fA-F]+)::(\w+): (\w+)\((0x[0-9a-fA-F]+)\): ([\s\S]*)$/;
const ABORT_CODE_ONLY = /^Move abort in (0x[0-9a-fA-F]+)::(\w+): (0x[0-9a-fA-F]+)$/;

/**
 * The status of a transaction from its `success` flag and the node's `vm_status` text: success, "Out of gas", a Move
 * abort in a module (with or without its reason), else a miscellaneous error.
 */
export function executionStatusOf(success: boolean, vmStatus: string): ExecutionStatus {
  if (success) return { kind: 'success' };
  if (vmStatus === 'Out of gas') return { kind: 'out_of_gas' };
  const full = ABORT_WITH_INFO.exec(vmStatus);
  if (full) {
    const [, address = '', name = '', reasonName = '', code = '', description = ''] = full;
    return {
      kind: 'move_abort',
      module: { address: parseAddress(address), name },
      code: BigInt(code),
      info: { reasonName, description },
    };
  }
  const bare = ABORT_CODE_ONLY.exec(vmStatus);
  if (bare) {
    const [, address = '', name = '', code = ''] = bare;
    return {
      kind: 'move_abort',
      module: { address: parseAddress(address), name },
      code: BigInt(code),
      info: undefined,
    };
  }
  return { kind: 'miscellaneous_error' };
}

/**
 * Writes `ExecutionStatus`: Success 0, OutOfGas 1, MoveAbort 2 {location: AbortLocation::Module (0) ModuleId,
 * code u64, info: Option<AbortInfo{reason_name, description}>}, MiscellaneousError 4 (Option<StatusCode>: None).
 */
export function writeExecutionStatus(writer: BcsWriter, status: ExecutionStatus): BcsWriter {
  switch (status.kind) {
    case 'success':
      return writer.variantIndex(0);
    case 'out_of_gas':
      return writer.variantIndex(1);
    case 'move_abort':
      writer.variantIndex(2).variantIndex(0).address(status.module.address).string(status.module.name);
      return writer
        .u64(status.code)
        .option(status.info, (w, info) => w.string(info.reasonName).string(info.description));
    case 'miscellaneous_error':
      return writer.variantIndex(4).u8(0);
    default:
      return assertNever(status);
  }
}

/** Everything `TransactionOnChainData` holds of one committed transaction. */
export interface OnChainTransaction {
  readonly version: bigint;
  readonly transaction: LedgerTransaction;
  readonly hash: Uint8Array;
  readonly gasUsed: bigint;
  readonly status: ExecutionStatus;
  readonly eventRootHash: Uint8Array;
  readonly stateChangeHash: Uint8Array;
  readonly stateCheckpointHash: Uint8Array | undefined;
  readonly accumulatorRootHash: Uint8Array;
  readonly events: readonly LedgerEvent[];
  readonly writeSet: readonly WriteSetEntry[];
}

/**
 * Writes `TransactionOnChainData`; its info is `TransactionInfo::V0 { gas_used, status, transaction_hash,
 * event_root_hash, state_change_hash, state_checkpoint_hash: Option, auxiliary_info_hash: Option (None) }`. False
 * when the transaction itself cannot be encoded (the writer is then partly written).
 */
export function writeTransactionOnChainData(writer: BcsWriter, data: OnChainTransaction): boolean {
  writer.u64(data.version);
  if (!writeTransaction(writer, data.transaction)) return false;
  writer.variantIndex(0).u64(data.gasUsed);
  writeExecutionStatus(writer, data.status);
  writer.fixedBytes(data.hash).fixedBytes(data.eventRootHash).fixedBytes(data.stateChangeHash);
  writer.option(data.stateCheckpointHash, (w, hash) => w.fixedBytes(hash)).u8(0);
  writer.vector(data.events, writeContractEvent).fixedBytes(data.accumulatorRootHash);
  writeWriteSet(writer, data.writeSet);
  return true;
}

/** BCS of one `TransactionOnChainData`, or undefined when the transaction cannot be encoded. */
export function transactionOnChainDataBcs(data: OnChainTransaction): Uint8Array | undefined {
  const writer = new BcsWriter(512);
  return writeTransactionOnChainData(writer, data) ? writer.toBytes() : undefined;
}
