/**
 * `account_transactions`: every account a transaction touched, as the hosted processor counts them — its signers
 * (sender, secondary signers; and, beyond hosted, the fee payer), the accounts of its handle events, the accounts
 * whose resources it wrote or deleted and the owners of the objects it wrote. Module events belong to no account:
 * the hosted processor files them under `0x0`, which we leave out (their stores and objects are in the write set).
 */
import { formatAddressLong } from '../../../shared/address.ts';
import { emit, type IndexerRows, type IndexerState, type IndexerTransaction } from './processor-input.ts';
import { decodeObjectCore, isObjectGroup, objectMembers, OBJECT_CORE, type WrittenKey } from './written-state.ts';

/** The accounts `input` touched, in first-seen order (long addresses). */
export function touchedAccounts(
  input: IndexerTransaction,
  written: readonly WrittenKey[],
  state: IndexerState,
): string[] {
  const { transaction } = input;
  const accounts = new Set<string>();
  if (transaction.kind === 'user' && transaction.sender !== undefined) {
    accounts.add(formatAddressLong(transaction.sender));
    for (const signer of transaction.details?.secondarySigners ?? []) accounts.add(formatAddressLong(signer));
    const feePayer = transaction.details?.feePayer;
    if (feePayer !== undefined) accounts.add(formatAddressLong(feePayer));
  }
  for (const event of input.events) if (event.stream) accounts.add(formatAddressLong(event.stream.address));
  for (const key of written) {
    if (key.kind === 'table_item') continue;
    accounts.add(formatAddressLong(key.address));
    if (isObjectGroup(key) && key.op.value !== undefined) {
      const core = objectMembers(state, key.address, transaction.version)?.get(OBJECT_CORE);
      if (core !== undefined) accounts.add(formatAddressLong(decodeObjectCore(core).owner));
    }
  }
  return [...accounts];
}

/** The `account_transactions` rows of one transaction. */
export function accountTransactionRows(
  input: IndexerTransaction,
  written: readonly WrittenKey[],
  state: IndexerState,
  rows: IndexerRows,
): void {
  for (const account of touchedAccounts(input, written, state))
    emit(rows, 'account_transactions', { account_address: account, transaction_version: input.transaction.version });
}
