/**
 * Node API transaction and block reads (`/v1`, node-compatible; docs/api.md): committed transactions by version,
 * by hash and as pages, an account's transactions by sequence number, and blocks by height or version; BCS as the
 * node sends it (docs/api.md, "BCS of transactions").
 */
import * as v from 'valibot';
import { endpoint, type BcsReply } from '../endpoint.ts';
import * as wire from '../wire-schemas.ts';
import { limit } from './common-parameters.ts';

const BOTH = ['snapshot', 'remote'] as const;
const ONE: BcsReply = { doc: '`TransactionData::OnChain(TransactionOnChainData)`' };
const PAGE: BcsReply = { doc: '`Vec<TransactionOnChainData>`' };
const BLOCK: BcsReply = { doc: '`BcsBlock` (its transactions an `Option<Vec<TransactionOnChainData>>`)' };

/** `GET /v1/transactions/by_version/{txn_version}`. */
export const transactionByVersion = endpoint({
  method: 'GET',
  path: '/v1/transactions/by_version/:txn_version',
  params: { txn_version: 'u64' },
  query: {},
  body: undefined,
  reply: wire.transaction,
  bcs: ONE,
  errors: ['transaction_not_found', 'version_pruned'],
  sources: BOTH,
  doc: 'the committed transaction, every kind, with its changes and events',
});

/** `GET /v1/transactions/by_hash/{txn_hash}`. */
export const transactionByHash = endpoint({
  method: 'GET',
  path: '/v1/transactions/by_hash/:txn_hash',
  params: { txn_hash: 'hash' },
  query: {},
  body: undefined,
  reply: wire.transaction,
  bcs: ONE,
  errors: ['transaction_not_found'],
  sources: BOTH,
  doc: 'the committed transaction with that hash (a snapshot has no mempool)',
});

/** `GET /v1/transactions/wait_by_hash/{txn_hash}`. */
export const waitTransactionByHash = endpoint({
  method: 'GET',
  path: '/v1/transactions/wait_by_hash/:txn_hash',
  params: { txn_hash: 'hash' },
  query: {},
  body: undefined,
  reply: wire.transaction,
  bcs: ONE,
  errors: ['transaction_not_found'],
  sources: BOTH,
  doc: 'as `by_hash`, at once (a snapshot never changes, so there is nothing to wait for)',
});

/** `GET /v1/transactions?start&limit`. */
export const transactions = endpoint({
  method: 'GET',
  path: '/v1/transactions',
  params: {},
  query: {
    start: { kind: 'u64', doc: 'the first version (default: the page ending at the latest)' },
    limit: limit('page size (default 25, largest 100)', { default: 25, max: 100 }),
  },
  body: undefined,
  reply: v.array(wire.transaction),
  bcs: PAGE,
  errors: ['invalid_input', 'version_pruned'],
  sources: BOTH,
  doc: 'committed transactions ascending by version',
});

/** `GET /v1/accounts/{address}/transactions?start&limit`. */
export const accountTransactions = endpoint({
  method: 'GET',
  path: '/v1/accounts/:address/transactions',
  params: { address: 'address' },
  query: {
    start: { kind: 'u64', doc: "the first sequence number (default: the account's newest page)" },
    limit: limit('page size (default 25, largest 100)', { default: 25, max: 100 }),
  },
  body: undefined,
  reply: v.array(wire.transaction),
  bcs: PAGE,
  errors: ['invalid_input', 'version_pruned'],
  sources: BOTH,
  doc: "the account's sequence-number transactions ascending (orderless ones are not listed)",
});

/** `GET /v1/blocks/by_height/{block_height}?with_transactions`. */
export const blockByHeight = endpoint({
  method: 'GET',
  path: '/v1/blocks/by_height/:block_height',
  params: { block_height: 'u64' },
  query: { with_transactions: { kind: 'bool', doc: '`true`: include the transactions' } },
  body: undefined,
  reply: wire.block,
  bcs: BLOCK,
  errors: ['block_not_found', 'block_pruned'],
  sources: BOTH,
  doc: 'the block, its transactions only when asked',
});

/** `GET /v1/blocks/by_version/{version}?with_transactions`. */
export const blockByVersion = endpoint({
  method: 'GET',
  path: '/v1/blocks/by_version/:version',
  params: { version: 'u64' },
  query: { with_transactions: { kind: 'bool', doc: '`true`: include the transactions' } },
  body: undefined,
  reply: wire.block,
  bcs: BLOCK,
  errors: ['version_not_found', 'version_pruned', 'block_not_found'],
  sources: BOTH,
  doc: 'the block holding that version, its transactions only when asked',
});
