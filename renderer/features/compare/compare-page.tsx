/**
 * PLACEHOLDER (to be replaced by the tables helper): Compare an account at two versions.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** Compare an account at two versions. */
export function ComparePage(): ReactNode {
  return <EmptyView>Compare an account at two versions: not built yet.</EmptyView>;
}
