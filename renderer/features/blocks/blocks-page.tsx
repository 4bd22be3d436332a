/**
 * `/blocks`: the blocks, newest first, paged as the list is scrolled (or by a button). The list starts
 * at the block holding the version the view reads at: the pinned version (`?ledger_version=N`: no
 * block after it is listed), else the newest when the view opened; or lower, at a height jumped to
 * (`?height=H`). It ends at the oldest block the source retains, and says so.
 */
import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { blockListQuery } from '../../api/queries/block-queries.ts';
import { ledgerQuery } from '../../api/queries/ledger-queries.ts';
import { blockByVersionQuery } from '../../api/queries/transaction-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';
import { BlocksTable } from './blocks-table.tsx';
import { ExportMenu } from '../../components/export-menu/export-menu.tsx';
import { JumpToHeight } from './jump-to-height.tsx';
import './blocks.css';
import { decimalU64 } from '../../../shared/ledger/u64.ts';

/** The URL parameter of the height jumped to. */
const HEIGHT_PARAM = 'height';

const digits = (value: string | null): string | undefined =>
  value === null ? undefined : decimalU64(value)?.toString();

/** The blocks list page (route component). */
export function BlocksPage(): ReactNode {
  const { effective, pinned } = useLedgerVersion();
  const [search, setSearch] = useSearchParams();
  const jumped = digits(search.get(HEIGHT_PARAM));
  const ledger = useQuery(ledgerQuery()).data?.body;
  const floor = ledger === undefined ? undefined : BigInt(ledger.oldest_block_height);
  // The block holding the version the view reads at: no later block is listed.
  const holding = useQuery(blockByVersionQuery(effective));
  const newest = holding.data?.block_height;
  const jumpedPruned = jumped !== undefined && floor !== undefined && BigInt(jumped) < floor;
  const top =
    newest === undefined || jumpedPruned
      ? undefined
      : jumped !== undefined && BigInt(jumped) < BigInt(newest)
        ? jumped
        : newest;
  const query = useInfiniteQuery(blockListQuery(top));
  const loaded = useMemo(() => query.data?.pages.flatMap((page) => page.blocks) ?? [], [query.data]);
  const blocks = useMemo(
    () => (floor === undefined ? loaded : loaded.filter((block) => BigInt(block.height) >= floor)),
    [loaded, floor],
  );
  const reachedFloor =
    query.data?.pages.some((page) => page.pruned) === true ||
    loaded.some((block) => floor !== undefined && BigInt(block.height) <= floor);
  const hasMore = query.hasNextPage && !reachedFloor;
  const { isFetchingNextPage, fetchNextPage } = query;
  const more = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const withoutGas = loaded.length > 0 && loaded.every((block) => block.gas === undefined);

  const jump = (height: string): void =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.set(HEIGHT_PARAM, height);
      return next;
    });

  return (
    <div className="blocks-page">
      <h1>Blocks</h1>
      <div className="blocks-toolbar">
        <JumpToHeight key={jumped ?? ''} current={jumped} onJump={jump} />
        {jumped !== undefined && <Link to={withVersion('/blocks', pinned)}>Newest blocks</Link>}
        <ExportMenu
          name={`blocks-${blocks[0]?.height ?? ''}-${blocks.at(-1)?.height ?? ''}`}
          rows={blocks}
          subject="blocks"
          unavailable={blocks.length === 0 ? 'no block is loaded' : undefined}
        />
        <span className="panel-count" role="status" aria-live="polite">
          {blocks.length === 0
            ? 'No blocks loaded'
            : `${blocks.length.toLocaleString('en-US')} ${plural(blocks.length, 'block')} loaded · heights ` +
              `${blocks[0]?.height ?? ''} to ${blocks.at(-1)?.height ?? ''}`}
        </span>
      </div>
      {pinned !== undefined && newest !== undefined && (
        <p className="panel-hint" role="note">
          The list starts at block {newest}, which holds the pinned version {pinned}; later blocks are not shown.
        </p>
      )}
      {jumped !== undefined && newest !== undefined && BigInt(jumped) > BigInt(newest) && (
        <p className="panel-hint" role="note">
          Block {jumped} is after block {newest}, the {pinned === undefined ? 'newest one' : 'pinned one'}: the list
          starts there.
        </p>
      )}
      {withoutGas && (
        <p className="panel-hint" role="note">
          This source has no explorer API (/explorer/v1): blocks are read one by one from the node, without their gas
          facts.
        </p>
      )}
      {holding.isError ? (
        <ErrorView error={holding.error} onRetry={() => void holding.refetch()} />
      ) : jumpedPruned ? (
        <EmptyView>
          Block {jumped} is pruned from this source: the oldest block it retains is {floor?.toString()}.
        </EmptyView>
      ) : query.isError && blocks.length === 0 ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingView label="Reading blocks…" />
      ) : blocks.length === 0 ? (
        <EmptyView>No blocks in this source.</EmptyView>
      ) : (
        <BlocksTable blocks={blocks} onNearEnd={hasMore ? more : undefined} />
      )}
      {query.isError && blocks.length > 0 && <ErrorView error={query.error} onRetry={more} />}
      <div className="blocks-footer">
        {hasMore && (
          <button type="button" disabled={isFetchingNextPage} onClick={more}>
            {isFetchingNextPage ? 'Reading older blocks…' : 'Load older blocks'}
          </button>
        )}
        {reachedFloor && floor !== undefined && floor > 0n && (
          <p className="panel-hint" role="note">
            Older blocks are pruned from this source: the oldest block it retains is {floor.toString()}.
          </p>
        )}
        {reachedFloor && floor === 0n && <p className="panel-hint">Block 0 is the first block of the chain.</p>}
      </div>
    </div>
  );
}
