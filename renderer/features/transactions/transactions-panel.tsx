/**
 * PLACEHOLDER (to be replaced by the account helper): An account's transaction summaries.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** An account's transaction summaries. */
export function TransactionsPanel(): ReactNode {
  return <EmptyView>An account's transaction summaries: not built yet.</EmptyView>;
}
