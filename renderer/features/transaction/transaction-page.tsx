/**
 * The transaction page, `/txn/:id`: one committed transaction by its version — overview, payload,
 * events and changes. A hash in `:id` is looked up (`/v1/transactions/by_hash`) and the URL replaced by
 * `/txn/{version}`, so every transaction has one address and Back skips the hash. A hash the node still holds
 * in its mempool shows the pending transaction, asked for again until it is committed (then its page by
 * version opens); a kind this explorer does not know is shown as sent (pending-transaction.tsx). The page is not behind
 * the ledger-version gate: the transaction is read by its own version, and the API itself answers a
 * version after the latest with 404 `transaction_not_found` and a pruned one with 410 `version_pruned`,
 * shown as the error record like every panel does.
 */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { transactionByHashQuery, transactionQuery } from '../../api/queries/transaction-queries.ts';
import type { CommittedTransactionJson } from '../../api/transaction-json.ts';
import {
  eventsOf,
  isCommittedTransaction,
  isPendingTransaction,
  type Transaction,
} from '../../../shared/api/wire-schemas.ts';
import { PendingTransactionView, UnknownTransactionView } from './pending-transaction.tsx';
import { ErrorView, LoadingView } from '../../components/status-views.tsx';
import { transactionPath } from '../../components/version-link.tsx';
import { assertNever } from '../../../shared/assert-never.ts';
import { parseTransactionId } from './transaction-facts.ts';
import { TransactionHeader } from './transaction-header.tsx';
import { TransactionOverview } from './transaction-overview.tsx';
import { TransactionPayload } from './transaction-payload.tsx';
import { TransactionEvents } from './transaction-events.tsx';
import { TransactionChanges } from './changes/transaction-changes.tsx';
import './transaction.css';

/** A transaction found by hash: its page by version replaces the hash in the URL (query string kept). */
function HashRedirect({ hash }: { readonly hash: string }): ReactNode {
  const found = useQuery(transactionByHashQuery(hash));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const committed = found.data !== undefined && isCommittedTransaction(found.data) ? found.data : undefined;
  const version = committed?.version;
  useEffect(() => {
    if (committed === undefined || version === undefined) return;
    // The answer is the same transaction the version page would ask for: it needs no second request.
    queryClient.setQueryData(transactionQuery(version).queryKey, committed);
    void navigate(`${transactionPath(version)}${search}`, { replace: true });
  }, [committed, version, navigate, queryClient, search]);
  if (found.isError)
    return <TransactionError title={`Transaction ${hash}`} error={found.error} onRetry={() => void found.refetch()} />;
  if (found.data !== undefined && committed === undefined) return <NotCommittedView transaction={found.data} />;
  return <LoadingView label={`Looking up transaction ${hash}…`} />;
}

/** The page's heading and an error record in its place (not found, pruned, not an id). */
function TransactionError({
  title,
  error,
  onRetry,
}: {
  readonly title: string;
  readonly error: unknown;
  readonly onRetry?: () => void;
}): ReactNode {
  return (
    <article className="transaction-page">
      <h1 className="transaction-title">{title}</h1>
      <ErrorView error={error} onRetry={onRetry} />
    </article>
  );
}

/** A reply that is not a committed transaction of a known kind: pending, or a newer node's kind. */
function NotCommittedView({ transaction }: { readonly transaction: Transaction }): ReactNode {
  return isPendingTransaction(transaction) ? (
    <PendingTransactionView transaction={transaction} />
  ) : (
    <UnknownTransactionView transaction={transaction} />
  );
}

/** The sections of a loaded transaction. */
function TransactionView({ transaction }: { readonly transaction: CommittedTransactionJson }): ReactNode {
  return (
    <article className="transaction-page" aria-labelledby="transaction-title">
      <TransactionHeader transaction={transaction} />
      <TransactionOverview transaction={transaction} />
      {(transaction.type === 'user_transaction' || transaction.type === 'genesis_transaction') && (
        <TransactionPayload payload={transaction.payload} version={transaction.version} />
      )}
      <TransactionEvents events={eventsOf(transaction)} version={transaction.version} />
      {/* The section draws its own heading (with the count), summary line and filter. */}
      <TransactionChanges transaction={transaction} />
    </article>
  );
}

/** A transaction by version. */
function TransactionByVersion({ version }: { readonly version: string }): ReactNode {
  const query = useQuery(transactionQuery(version));
  if (query.isPending) return <LoadingView label={`Loading transaction ${version}…`} />;
  if (query.isError)
    return (
      <TransactionError title={`Transaction ${version}`} error={query.error} onRetry={() => void query.refetch()} />
    );
  if (!isCommittedTransaction(query.data)) return <NotCommittedView transaction={query.data} />;
  return <TransactionView transaction={query.data} />;
}

/** The route's entry: `/txn/:id`. */
export function TransactionPage(): ReactNode {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const parsed = parseTransactionId(id);
  switch (parsed.kind) {
    case 'version':
      // One address per transaction: `/txn/007` is `/txn/7`.
      if (parsed.version !== id) return <Navigate replace to={`${transactionPath(parsed.version)}${search}`} />;
      return <TransactionByVersion key={parsed.version} version={parsed.version} />;
    case 'hash':
      return <HashRedirect key={parsed.hash} hash={parsed.hash} />;
    case 'invalid':
      return (
        <TransactionError
          title="Transaction"
          error={`“${parsed.text}” is not a transaction version (a decimal number) or hash (0x and 64 hex digits).`}
        />
      );
    default:
      return assertNever(parsed);
  }
}
