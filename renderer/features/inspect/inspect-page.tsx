/**
 * PLACEHOLDER (to be replaced by the tables helper): BCS inspector.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** BCS inspector. */
export function InspectPage(): ReactNode {
  return <EmptyView>BCS inspector: not built yet.</EmptyView>;
}
