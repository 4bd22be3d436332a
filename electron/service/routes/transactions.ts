/**
 * Transaction endpoints (docs/api.md, "Transactions and blocks"): one committed transaction by version or by hash,
 * and pages of them by version. BCS as the node sends it: one transaction as `TransactionData::OnChain`, a page as
 * `Vec<TransactionOnChainData>` (transaction-bcs-bodies.ts; docs/api.md, "BCS of transactions").
 */
import { bytesToHex } from '../../../shared/hex.ts';
import type { LedgerInfo, StoredTransaction } from '../../snapshot/ledger-store.ts';
import { ApiError, invalidInput, notFound } from '../http-errors.ts';
import type { ContextOf, RequestContext } from '../request-context.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { bcsReply, endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { encodeTransactionData, encodeTransactionList } from '../transaction-bcs-bodies.ts';
import { transactionJson } from './transaction-json.ts';

/** 410 `version_pruned` for a version below the oldest retained one. */
export function versionPruned(version: bigint, ledger: LedgerInfo): ApiError {
  return new ApiError(
    410,
    'version_pruned',
    `Ledger version(${version}) has been pruned, oldest ledger version is ${ledger.oldestLedgerVersion}`,
  );
}

/** One transaction's reply: its JSON, or as BCS `TransactionData::OnChain(TransactionOnChainData)`. */
function transactionReply(context: RequestContext, transaction: StoredTransaction): ServiceReply {
  if (context.output === 'bcs')
    return bcsReply(encodeTransactionData(context.store, transaction, context.ledger.chainId), context.ledger);
  // By version and by hash share the reply schema (shared/api/wire/transactions.ts).
  return endpointReply(ENDPOINTS.transactionByVersion, transactionJson(context.store, transaction), context.ledger);
}

/** A page's reply: the transactions' JSON, or as BCS `Vec<TransactionOnChainData>`. */
export function transactionsReply(context: RequestContext, transactions: readonly StoredTransaction[]): ServiceReply {
  if (context.output === 'bcs')
    return bcsReply(encodeTransactionList(context.store, transactions, context.ledger.chainId), context.ledger);
  // A page and an account's transactions share the reply schema (a list of transactions).
  return endpointReply(
    ENDPOINTS.transactions,
    transactions.map((transaction) => transactionJson(context.store, transaction)),
    context.ledger,
  );
}

/** The committed transaction at `version`: 404 above the latest, 410 below the oldest. */
/**
 * Whether `transaction`, below the oldest retained version, is still answered: a capture keeps the transactions of
 * its captured window in full (docs/snapshot-format.md, "Captured snapshots"); every other one is pruned.
 */
function keptBelowOldest(context: RequestContext, transaction: StoredTransaction | undefined): boolean {
  return context.store.captured && transaction?.details !== undefined;
}

/** The committed transaction at `version`: 404 above the latest, 410 below the oldest (but a capture's kept ones). */
function transactionAt(context: RequestContext, version: bigint): StoredTransaction {
  if (version < context.ledger.oldestLedgerVersion) {
    const kept = context.store.captured ? context.store.transaction(version) : undefined;
    if (kept !== undefined && keptBelowOldest(context, kept)) return kept;
    // Anything else below the oldest version is pruned, as on the node.
    throw versionPruned(version, context.ledger);
  }
  const transaction = version > context.ledger.ledgerVersion ? undefined : context.store.transaction(version);
  if (transaction === undefined)
    throw notFound('transaction_not_found', `Transaction not found by Ledger version(${version})`);
  return transaction;
}

/** `GET /v1/transactions/by_version/{txn_version}`. */
export function getTransactionByVersion(context: ContextOf<'transactionByVersion'>): ServiceReply {
  return transactionReply(context, transactionAt(context, context.params.txn_version));
}

/** Looks a transaction up by its hash (a path parameter, parsed by the declaration): 404 when unknown. */
function transactionByHash(context: RequestContext, hash: Uint8Array): ServiceReply {
  const transaction = context.store.transactionByHash(hash);
  // A snapshot's committed transactions stop at its latest version; a hash beyond it is as unknown as any.
  if (transaction === undefined || transaction.version > context.ledger.ledgerVersion) {
    throw notFound('transaction_not_found', `Transaction not found by Transaction hash(${bytesToHex(hash)})`);
  }
  if (transaction.version < context.ledger.oldestLedgerVersion && !keptBelowOldest(context, transaction))
    throw versionPruned(transaction.version, context.ledger);
  return transactionReply(context, transaction);
}

/** `GET /v1/transactions/by_hash/{txn_hash}`. */
export function getTransactionByHash(context: ContextOf<'transactionByHash'>): ServiceReply {
  return transactionByHash(context, context.params.txn_hash);
}

/**
 * `GET /v1/transactions/wait_by_hash/{txn_hash}`: a snapshot never gains transactions and has no mempool, so the
 * node's long poll would end the same way at once.
 */
export function waitTransactionByHash(context: ContextOf<'waitTransactionByHash'>): ServiceReply {
  return transactionByHash(context, context.params.txn_hash);
}

/** The transactions from `start` to `end` (inclusive), ascending. */
export function transactionRange(context: RequestContext, start: bigint, end: bigint): StoredTransaction[] {
  const page: StoredTransaction[] = [];
  for (let version = start; version <= end; version += 1n) page.push(transactionAt(context, version));
  return page;
}

/**
 * `GET /v1/transactions?start&limit`: without `start`, the page ending at the latest version; a `start` past the
 * latest is 400 `invalid_input` as on the node.
 */
export function getTransactions(context: ContextOf<'transactions'>): ServiceReply {
  const { start, limit } = context.query;
  const { ledgerVersion, oldestLedgerVersion } = context.ledger;
  if (start !== undefined && start > ledgerVersion) {
    throw invalidInput(
      `Given start value (${start}) is higher than the current ledger version, it must be < ${ledgerVersion}`,
    );
  }
  const lastPage = ledgerVersion - BigInt(limit - 1);
  // The default page never reaches below the oldest retained version (a young ledger's first page is short).
  const first = start ?? (lastPage < oldestLedgerVersion ? oldestLedgerVersion : lastPage);
  if (first < oldestLedgerVersion) throw versionPruned(first, context.ledger);
  const last = first + BigInt(limit - 1) > ledgerVersion ? ledgerVersion : first + BigInt(limit - 1);
  return transactionsReply(context, transactionRange(context, first, last));
}

/**
 * `GET /v1/accounts/{address}/transactions?start&limit`: `start` is a sequence number; without it, the account's
 * newest `limit` sequence-number transactions. Orderless (nonce) transactions are not listed, as on the node.
 * Pruned transactions are left out rather than refused: the node walks its by-account index over the sequence
 * numbers [start, start + limit), and its pruner removes the index entries of pruned versions with the
 * transactions, so a page reaching below the oldest version holds only the retained ones (200; possibly `[]`).
 */
export function getAccountTransactions(context: ContextOf<'accountTransactions'>): ServiceReply {
  const sender = context.params.address;
  const { start, limit } = context.query;
  const { ledgerVersion, oldestLedgerVersion } = context.ledger;
  const transactions = context.store
    .accountTransactionVersions(sender, start, limit)
    .filter((version) => version <= ledgerVersion)
    .flatMap((version) => {
      if (version >= oldestLedgerVersion) return [transactionAt(context, version)];
      const kept = context.store.captured ? context.store.transaction(version) : undefined;
      return kept !== undefined && keptBelowOldest(context, kept) ? [kept] : [];
    });
  return transactionsReply(context, transactions);
}
