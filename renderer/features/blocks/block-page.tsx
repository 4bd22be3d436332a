/**
 * `/blocks/{height}`: one block's facts, links to the blocks before and after it (never past the
 * oldest retained block, nor past the newest one — or, when a version is pinned, the block holding it),
 * and its transactions with a kind filter (`?hide=` in the URL: the block producer's own transactions
 * can be hidden). A block the source does not hold shows the API's record (404 `block_not_found`,
 * 410 `block_pruned`).
 */
import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ledgerQuery } from '../../api/queries/ledger-queries.ts';
import { blockByVersionQuery } from '../../api/queries/transaction-queries.ts';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, ErrorView, LoadingView } from '../../components/status-views.tsx';
import { plural } from '../../lib/plural.ts';
import type { ExportRow } from '../../lib/to-csv.ts';
import { entryFunctionName, userTransactionOf, type CommittedTransactionJson } from '../../api/transaction-json.ts';
import { ExportMenu } from '../../components/export-menu/export-menu.tsx';
import { BlockFacts } from './block-facts.tsx';
import { BlockTransactionsTable } from './block-transactions-table.tsx';
import { KindFilter, hiddenKindsOf, HIDE_PARAM } from './kind-filter.tsx';
import { useBlockTransactions } from './use-block-transactions.ts';
import './blocks.css';
import { decimalU64 } from '../../../shared/ledger/u64.ts';

const count = (value: number): string => value.toLocaleString('en-US');

/** "N transactions", "S of N transactions shown", and how many the block holds beyond those read. */
function countText(shown: number, read: number, total: number): string {
  const main =
    shown === read
      ? `${count(read)} ${plural(read, 'transaction')}`
      : `${count(shown)} of ${count(read)} transactions shown`;
  return read < total ? `${main} · ${count(total - read)} not read yet` : main;
}

/** A link to the block before or after, or the reason there is none. */
function Neighbour({
  height,
  label,
  missing,
}: {
  readonly height: bigint;
  readonly label: string;
  readonly missing: string | undefined;
}): ReactNode {
  const { pinned } = useLedgerVersion();
  if (missing !== undefined)
    return (
      <span className="block-neighbour disabled" title={missing}>
        {label} <span className="muted">({missing})</span>
      </span>
    );
  return (
    <Link className="block-neighbour" to={withVersion(`/blocks/${height}`, pinned)}>
      {label}
    </Link>
  );
}

/** One exported row of a block's transaction list (the columns the table shows, in full). */
function blockTransactionRow(transaction: CommittedTransactionJson): ExportRow {
  return {
    version: transaction.version,
    hash: transaction.hash,
    type: transaction.type,
    sender: userTransactionOf(transaction)?.sender ?? null,
    function: entryFunctionName(transaction) ?? null,
    success: transaction.success,
    vm_status: transaction.vm_status,
    gas_used: transaction.gas_used,
  };
}

/** The block page (route component). */
export function BlockPage(): ReactNode {
  const { height } = useParams();
  const { pinned } = useLedgerVersion();
  const [search, setSearch] = useSearchParams();
  const valid = height !== undefined && decimalU64(height) !== undefined;
  const { block, rest, transactions, total } = useBlockTransactions(valid ? height : undefined);
  const ledger = useQuery(ledgerQuery()).data?.body;
  const pinnedBlock = useQuery(blockByVersionQuery(pinned)).data;
  const hidden = hiddenKindsOf(search);
  const shown = useMemo(() => transactions.filter((txn) => !hidden.has(txn.type)), [transactions, hidden]);
  const setHidden = (next: ReadonlySet<string>): void =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next.size === 0) params.delete(HIDE_PARAM);
        else params.set(HIDE_PARAM, [...next].sort().join(','));
        return params;
      },
      { replace: true },
    );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rest;
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const current = valid ? BigInt(height) : 0n;
  const oldest = ledger === undefined ? undefined : BigInt(ledger.oldest_block_height);
  const newest = pinnedBlock !== undefined ? BigInt(pinnedBlock.block_height) : ledger && BigInt(ledger.block_height);
  const newestWhy = pinnedBlock !== undefined ? `the pinned version ${pinned ?? ''} is in this block` : 'newest block';
  const body = block.data;
  const afterPin = pinned !== undefined && body !== undefined && BigInt(body.first_version) > BigInt(pinned);

  return (
    <div className="block-page">
      <h1>Block {height}</h1>
      <nav className="block-nav" aria-label="Blocks">
        <Neighbour
          height={current - 1n}
          label="← Previous block"
          missing={
            current === 0n
              ? 'first block'
              : oldest !== undefined && current - 1n < oldest
                ? `older blocks are pruned`
                : undefined
          }
        />
        <Neighbour
          height={current + 1n}
          label="Next block →"
          missing={newest !== undefined && current >= newest ? newestWhy : undefined}
        />
        <Link to={withVersion('/blocks', pinned)}>All blocks</Link>
      </nav>
      {afterPin && (
        <p className="panel-hint" role="note">
          This block comes after the pinned version {pinned}: it was committed later than the state shown elsewhere.
        </p>
      )}
      {block.isPending && valid ? (
        <LoadingView label="Reading the block…" />
      ) : block.isError ? (
        <ErrorView error={block.error} onRetry={() => void block.refetch()} />
      ) : body === undefined ? (
        <ErrorView error={new Error(`“${height ?? ''}” is not a block height (a decimal number)`)} />
      ) : (
        <>
          <BlockFacts block={body} first={transactions[0]} />
          <h2>Transactions</h2>
          <div className="blocks-toolbar">
            <KindFilter transactions={transactions} hidden={hidden} onChange={setHidden} />
            <span className="panel-count" role="status" aria-live="polite">
              {countText(shown.length, transactions.length, total)}
            </span>
            {rest.hasNextPage && (
              <button type="button" disabled={rest.isFetchingNextPage} onClick={more}>
                Read more transactions
              </button>
            )}
            <ExportMenu
              name={`block-${height ?? ''}-transactions`}
              rows={shown.map(blockTransactionRow)}
              subject={`block ${height ?? ''}, transactions`}
            />
          </div>
          {rest.isError && <ErrorView error={rest.error} onRetry={() => void rest.refetch()} />}
          {shown.length === 0 ? (
            <EmptyView>Every transaction of this block is of a hidden kind.</EmptyView>
          ) : (
            <BlockTransactionsTable transactions={shown} onNearEnd={rest.hasNextPage ? more : undefined} />
          )}
        </>
      )}
    </div>
  );
}
