/**
 * PLACEHOLDER owned by the transaction-changes branch (being replaced this session): the write set of
 * a transaction, one row per change. The page imports this component by this name and these props.
 */
import type { ReactNode } from 'react';
import type { CommittedTransactionJson } from '../../../api/transaction-json.ts';

/** Props of {@link TransactionChanges}. */
export interface TransactionChangesProps {
  /** The committed transaction whose `changes` are shown (its `version` is V; "before" is read at V − 1). */
  readonly transaction: CommittedTransactionJson;
}

/** The changes section of the transaction page. */
export function TransactionChanges({ transaction }: TransactionChangesProps): ReactNode {
  const changes = transaction.changes ?? [];
  return (
    <ul>
      {changes.map((change) => (
        <li
          key={`${change.type}:${change.state_key_hash}:${'data' in change && change.data !== null && 'type' in change.data ? change.data.type : ''}`}
        >
          {change.type}
        </li>
      ))}
    </ul>
  );
}
