/**
 * Query options of what happened: one transaction (by version, or by hash resolved to it), a block (by height or by
 * a version inside it) and a balance at a version. A committed transaction and a finished block never change, so
 * their answers are kept for ever (`staleTime: Infinity`, the client default, renderer/app/query-client.ts); a
 * transaction found by hash while still pending is asked again until it is committed. Each is skipped (`skipToken`)
 * until its key is known. The answers are the reply schema's `Transaction` (shared/api/wire/transactions.ts):
 * committed kinds, the pending kind and a newer node's kind, which the page tells apart.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import type { ApiAnswer } from '../client.ts';
import { endpointBodyQuery, endpointQuery, reader } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';
import type { Transaction } from '../../../shared/api/wire-schemas.ts';

/** A transaction hash as the node takes it: `0x` and 64 hex digits. */
export const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/;

/** A little-endian u64 (the BCS of a balance); anything but 8 bytes is a malformed answer. */
export function littleEndianU64(bytes: Uint8Array): bigint {
  if (bytes.length !== 8) throw new Error(`expected the 8 bytes of a u64, got ${bytes.length}`);
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true);
}

/** A little-endian u64 answer (BCS) as a bigint. */
const U64 = reader('u64', async (fetch: () => Promise<ApiAnswer<Uint8Array>>): Promise<bigint> =>
  littleEndianU64((await fetch()).body),
);

/** How often a pending transaction found by hash is asked for again (a block takes well under a second). */
export const PENDING_POLL_MS = 1000;

/** `GET /v1/transactions/by_version/{v}`: the transaction at `version` (a decimal string). */
export function transactionQuery(version: string | undefined) {
  return endpointBodyQuery(ENDPOINTS.transactionByVersion, { path: { txn_version: version }, at: 'immutable' });
}

/**
 * `GET /v1/transactions/by_hash/{h}`: the transaction with that hash (pages then open it by version). A node answers
 * a transaction still in its mempool as `pending_transaction`: that answer is asked for again every
 * {@link PENDING_POLL_MS} until the node answers it committed (or forgets it: 404).
 */
export function transactionByHashQuery(hash: string | undefined) {
  return {
    ...endpointBodyQuery(ENDPOINTS.transactionByHash, { path: { txn_hash: hash?.toLowerCase() }, at: 'immutable' }),
    refetchInterval: (query: { readonly state: { readonly data: Transaction | undefined } }) =>
      query.state.data?.type === 'pending_transaction' ? PENDING_POLL_MS : false,
  };
}

/** `GET /v1/blocks/by_height/{h}`, with its transactions when asked (the node sends at most 10,000 of them). */
export function blockQuery(height: string | undefined, withTransactions: boolean) {
  return endpointBodyQuery(ENDPOINTS.blockByHeight, {
    path: { block_height: height },
    query: { with_transactions: withTransactions ? 'true' : 'false' },
    at: 'immutable',
  });
}

/** `GET /v1/blocks/by_version/{v}` without transactions: the block holding `version`. */
export function blockByVersionQuery(version: string | undefined) {
  return endpointBodyQuery(ENDPOINTS.blockByVersion, {
    path: { version },
    query: { with_transactions: 'false' },
    at: 'immutable',
  });
}

/**
 * `GET /v1/accounts/{a}/balance/{asset_type}` at `version`: a coin type or a fungible asset's metadata
 * address; the node sums the coin store and the paired primary fungible store. Base units as a bigint,
 * read as BCS (one little-endian u64): the JSON answer is a bare number, which loses digits past 2^53.
 */
export function balanceQuery(address: string | undefined, assetType: string, version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.accountBalance,
    { path: { address, asset_type: assetType }, accept: 'bcs', at: { version } },
    U64,
  );
}
