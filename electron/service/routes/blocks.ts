/**
 * Block endpoints (docs/api.md, "Transactions and blocks"): a block by height or by a version inside it, with its
 * transactions when `with_transactions=true` (the first 10,000, as the node caps a block's page); BCS as the node's
 * `BcsBlock` (transaction-bcs-bodies.ts).
 */
import { bytesToHex } from '../../../shared/hex.ts';
import type { BlockSummary } from '../../snapshot/ledger-store.ts';
import { ApiError, notFound } from '../http-errors.ts';
import type { ContextOf, RequestContext } from '../request-context.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { bcsReply, endpointReply } from '../responses.ts';
import type { ServiceReply } from '../service-reply.ts';
import { blockId, encodeBlock } from '../transaction-bcs-bodies.ts';
import { transactionJson } from './transaction-json.ts';
import { transactionRange, versionPruned } from './transactions.ts';

/** The most transactions the node puts in a block reply (its `max_block_transactions_page_size`). */
const BLOCK_TRANSACTIONS_MAX = 10_000n;

/**
 * The block's JSON (`transactions` null unless asked for) or `BcsBlock`; its hash is the id of its block metadata
 * transaction (zero for the genesis block, as the node shows it).
 */
function blockReply(context: RequestContext, block: BlockSummary, full: boolean): ServiceReply {
  const count = block.lastVersion - block.firstVersion + 1n;
  const last = block.firstVersion + (count > BLOCK_TRANSACTIONS_MAX ? BLOCK_TRANSACTIONS_MAX : count) - 1n;
  const hash = blockId(context.store, block.firstVersion);
  const transactions = full ? transactionRange(context, block.firstVersion, last) : undefined;
  if (context.output === 'bcs') {
    const fields = { ...block, hash };
    return bcsReply(encodeBlock(context.store, fields, transactions, context.ledger.chainId), context.ledger);
  }
  // By height and by version share the reply schema (shared/api/wire/blocks.ts).
  return endpointReply(
    ENDPOINTS.blockByHeight,
    {
      block_height: block.height.toString(),
      block_hash: bytesToHex(hash),
      block_timestamp: block.timestampUsec.toString(),
      first_version: block.firstVersion.toString(),
      last_version: block.lastVersion.toString(),
      transactions: transactions?.map((transaction) => transactionJson(context.store, transaction)) ?? null,
    },
    context.ledger,
  );
}

/** `GET /v1/blocks/by_height/{block_height}`: 410 `block_pruned` below the oldest, 404 above the latest. */
export function getBlockByHeight(context: ContextOf<'blockByHeight'>): ServiceReply {
  const height = context.params.block_height;
  // `with_transactions` is a bool as the node parses it (`true`/`false`); absent is false.
  const full = context.query.with_transactions === true;
  const { oldestBlockHeight, blockHeight } = context.ledger;
  if (height < oldestBlockHeight) {
    throw new ApiError(
      410,
      'block_pruned',
      `Block(${height}) has been pruned, oldest block height is ${oldestBlockHeight}`,
    );
  }
  const block = height > blockHeight ? undefined : context.store.blocksBefore(height, 1)[0];
  if (block === undefined || block.height !== height)
    throw notFound('block_not_found', `Block not found by Block height(${height})`);
  return blockReply(context, block, full);
}

/** `GET /v1/blocks/by_version/{version}`: 410 `version_pruned` below the oldest, 404 above the latest. */
export function getBlockByVersion(context: ContextOf<'blockByVersion'>): ServiceReply {
  const version = context.params.version;
  const full = context.query.with_transactions === true;
  if (version < context.ledger.oldestLedgerVersion) throw versionPruned(version, context.ledger);
  if (version > context.ledger.ledgerVersion)
    throw notFound('version_not_found', `Ledger version not found by Ledger version(${version})`);
  const block = context.store.blockOfVersion(version);
  if (block === undefined) throw notFound('block_not_found', `Block not found by Ledger version(${version})`);
  return blockReply(context, block, full);
}
