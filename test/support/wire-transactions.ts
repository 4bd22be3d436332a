/**
 * Transactions as the tests read them from the API: parsed with the wire schema (shared/api/wire/transactions.ts),
 * so a test reads a kind's fields typed by the same schema the renderer reads, and a reply of another shape fails
 * the test where it is read.
 */
import * as v from 'valibot';
import * as wire from '../../shared/api/wire-schemas.ts';
import mainnet from './mainnet-user-transaction-3556737308.json' with { type: 'json' };

/** `json` as a committed user transaction. */
export function userTransaction(json: unknown): wire.UserTransaction {
  return v.parse(wire.userTransaction, json);
}

/** `json` as a committed transaction of a known kind. */
export function committedTransaction(json: unknown): wire.CommittedTransaction {
  return v.parse(wire.committedTransaction, json);
}

/** `json` as a list of committed transactions of known kinds. */
export function committedTransactions(json: unknown): wire.CommittedTransaction[] {
  return v.parse(v.array(wire.committedTransaction), json);
}

/** `json` as a block metadata transaction. */
export function blockMetadataTransaction(json: unknown): wire.BlockMetadataTransaction {
  return v.parse(wire.blockMetadataTransaction, json);
}

/** The entry function a user transaction calls (a multisig's inner one too); throws for a script. */
export function callOf(transaction: wire.UserTransaction): wire.EntryFunctionPayload {
  const call = wire.entryFunctionOf(transaction.payload);
  if (call === undefined) throw new Error(`transaction ${transaction.version} calls no entry function`);
  return call;
}

/** A real mainnet user transaction (version 3556737308, a fee-payer entry function call), parsed. */
export function mainnetUserTransaction(): wire.UserTransaction {
  return userTransaction(mainnet);
}
