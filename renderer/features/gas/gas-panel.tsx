/**
 * PLACEHOLDER (to be replaced by the tables helper): Gas estimates and recent blocks.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** Gas estimates and recent blocks. */
export function GasPanel(): ReactNode {
  return <EmptyView>Gas estimates and recent blocks: not built yet.</EmptyView>;
}
