/**
 * Query options of the blocks pages: the list of blocks newest first from a given height, and the
 * transactions of a block past the node's 10,000 cap. A snapshot (or any source with the explorer
 * API) lists blocks with their gas facts in one request (`GET /explorer/v1/blocks?before&limit`); a
 * node without it is walked downward with `GET /v1/blocks/by_height/{h}`, a few heights at a time, until
 * the node answers 410 `block_pruned`. Blocks never change, so pages are kept (`staleTime: Infinity`).
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { ApiRequestError, request, type ApiAnswer } from '../client.ts';
import { endpointInfiniteQuery } from '../endpoint-query.ts';
import { committedOnly, type CommittedTransactionJson } from '../transaction-json.ts';
import type { BlockJson } from '../types.ts';
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import { isExplorerUnavailable } from './explorer-queries.ts';

/** Blocks asked of the explorer API per page. */
export const BLOCK_PAGE_SIZE = 100;

/** Heights read at once when walking a node (one request each, in parallel). */
export const NODE_WALK_SIZE = 20;

/** Transactions per `GET /v1/transactions` page (the node's largest). */
export const TRANSACTIONS_PAGE_SIZE = 100;

/** One block of the list, from either kind of source. */
export interface BlockRow {
  readonly height: string;
  readonly timestampUsec: string;
  readonly firstVersion: string;
  readonly lastVersion: string;
  /** The block's hash (known when walking a node; the explorer list does not carry it). */
  readonly hash: string | undefined;
  /** The gas facts the explorer API lists; undefined for a node walked by height. */
  readonly gas: BlockJson | undefined;
}

/** One page of the list. */
export interface BlocksPage {
  /** Newest first. */
  readonly blocks: readonly BlockRow[];
  /** The next (older) page's first height, or null when there is none. */
  readonly next: string | null;
  /** True when the walk met a pruned block (410): nothing older can be read. */
  readonly pruned: boolean;
}

function fromExplorer(block: BlockJson): BlockRow {
  return {
    height: block.height,
    timestampUsec: block.timestamp_usec,
    firstVersion: block.first_version,
    lastVersion: block.last_version,
    hash: undefined,
    gas: block,
  };
}

/** Reads heights `before`, `before - 1`, … (at most `count`) from the node, stopping at a pruned one. */
async function walkNode(before: bigint, count: number, signal: AbortSignal): Promise<BlocksPage> {
  const heights: bigint[] = [];
  for (let height = before; height >= 0n && heights.length < count; height -= 1n) heights.push(height);
  const answers = await Promise.allSettled(
    heights.map((height) =>
      request(ENDPOINTS.blockByHeight, {
        path: { block_height: height.toString() },
        query: { with_transactions: 'false' },
        signal,
      }),
    ),
  );
  const blocks: BlockRow[] = [];
  for (const answer of answers) {
    if (answer.status === 'rejected') {
      const error: unknown = answer.reason;
      // Older blocks than a pruned one are pruned too: the list ends here.
      if (error instanceof ApiRequestError && error.status === 410) return { blocks, next: null, pruned: true };
      throw error;
    }
    const block = answer.value.body;
    blocks.push({
      height: block.block_height,
      timestampUsec: block.block_timestamp,
      firstVersion: block.first_version,
      lastVersion: block.last_version,
      hash: block.block_hash,
      gas: undefined,
    });
  }
  const oldest = heights.at(-1);
  return { blocks, next: oldest !== undefined && oldest > 0n ? (oldest - 1n).toString() : null, pruned: false };
}

/** The explorer list's answer. */
type ExplorerBlocks = ApiAnswer<ReplyOf<typeof ENDPOINTS.explorerBlocks>>;

/**
 * One page of blocks from height `before` (inclusive) downward: the explorer list (`fetchList`), else a walk of
 * the node.
 */
export async function readBlocksPage(
  fetchList: () => Promise<ExplorerBlocks>,
  before: string,
  pageSize: number,
  signal: AbortSignal,
): Promise<BlocksPage> {
  try {
    const body = (await fetchList()).body;
    return { blocks: body.blocks.map(fromExplorer), next: body.next_before, pruned: false };
  } catch (error) {
    if (!isExplorerUnavailable(error)) throw error;
  }
  return walkNode(BigInt(before), Math.min(pageSize, NODE_WALK_SIZE), signal);
}

/**
 * The blocks from height `top` downward, newest first, paged (skipped until `top` is known). `top` is
 * the block holding the version the view reads at (or a height jumped to), so no block after a pinned
 * version is ever listed.
 */
export function blockListQuery(top: string | undefined, pageSize = BLOCK_PAGE_SIZE) {
  return endpointInfiniteQuery(
    ENDPOINTS.explorerBlocks,
    { query: { limit: pageSize }, at: 'immutable', enabled: top !== undefined },
    {
      shape: { top },
      page: (fetchPage, before: string, { signal }) =>
        readBlocksPage(() => fetchPage({ before }), before, pageSize, signal),
      initialPageParam: top ?? '0',
      getNextPageParam: (last: BlocksPage) => (last.pruned ? null : last.next),
    },
  );
}

/** One page of a block's transactions past the ones its block reply held. */
export interface BlockTransactionsPage {
  readonly transactions: readonly CommittedTransactionJson[];
  /** The next page's first version, or null at the block's last version. */
  readonly next: string | null;
}

/**
 * The transactions of block `height` from version `start` to `last` (inclusive), by
 * `GET /v1/transactions?start&limit` pages: what a block reply leaves out when the block holds more
 * than the node sends with it. Skipped while `start` is undefined (nothing was left out).
 */
export function blockRestQuery(height: string | undefined, start: string | undefined, last: string | undefined) {
  return endpointInfiniteQuery(
    ENDPOINTS.transactions,
    { query: { limit: TRANSACTIONS_PAGE_SIZE }, at: 'immutable', enabled: start !== undefined && last !== undefined },
    {
      shape: { height, first: start, last },
      page: async (fetchPage, pageStart: string): Promise<BlockTransactionsPage> => {
        const end = BigInt(last ?? '0');
        const body = (await fetchPage({ start: pageStart })).body;
        const transactions = committedOnly(body).filter((txn) => BigInt(txn.version) <= end);
        // A page holds consecutive versions from its start (a kind left out included).
        const reached = BigInt(pageStart) + BigInt(body.length) - 1n;
        const next = body.length === 0 || reached >= end ? null : (reached + 1n).toString();
        return { transactions, next };
      },
      initialPageParam: start ?? '0',
      getNextPageParam: (page: BlockTransactionsPage) => page.next,
    },
  );
}
