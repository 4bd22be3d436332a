/**
 * PLACEHOLDER (to be replaced by the tables helper): Table item lookup.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** Table item lookup. */
export function TablePanel(): ReactNode {
  return <EmptyView>Table item lookup: not built yet.</EmptyView>;
}
