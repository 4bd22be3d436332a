/**
 * A block with every one of its transactions: the block reply (`with_transactions=true`) holds at most
 * the node's cap (10,000); the rest, when the block has more, are read by `GET /v1/transactions` pages
 * on demand (the page asks for the next one when the list is scrolled to its end, or by a button).
 */
import { useMemo } from 'react';
import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import type { ENDPOINTS } from '../../../shared/api/registry.ts';
import { blockRestQuery, type BlockTransactionsPage } from '../../api/queries/block-queries.ts';
import { blockQuery } from '../../api/queries/transaction-queries.ts';
import { committedOnly, type CommittedTransactionJson } from '../../api/transaction-json.ts';

/** The node's block reply. */
export type BlockReply = ReplyOf<typeof ENDPOINTS.blockByHeight>;

/** What {@link useBlockTransactions} returns. */
export interface BlockTransactions {
  /** The block query (its error is the page's error). */
  readonly block: UseQueryResult<BlockReply>;
  /** The pages past the block reply's cap (idle when nothing was left out). */
  readonly rest: UseInfiniteQueryResult<InfiniteData<BlockTransactionsPage>>;
  /** The transactions read so far, ascending by version. */
  readonly transactions: readonly CommittedTransactionJson[];
  /** How many transactions the block holds (last − first + 1), 0 until it is read. */
  readonly total: number;
}

/** The block at `height` and its transactions (see the file comment). */
export function useBlockTransactions(height: string | undefined): BlockTransactions {
  const block = useQuery(blockQuery(height, true));
  const body = block.data;
  const held = body?.transactions?.length ?? 0;
  const total = body === undefined ? 0 : Number(BigInt(body.last_version) - BigInt(body.first_version) + 1n);
  const restStart =
    body !== undefined && held < total ? (BigInt(body.first_version) + BigInt(held)).toString() : undefined;
  const rest = useInfiniteQuery(blockRestQuery(height, restStart, body?.last_version));
  const transactions = useMemo(
    () => [
      ...committedOnly(body?.transactions ?? []),
      ...(rest.data?.pages.flatMap((page) => page.transactions) ?? []),
    ],
    [body, rest.data],
  );
  return { block, rest, transactions, total };
}
