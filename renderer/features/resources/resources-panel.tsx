/**
 * PLACEHOLDER (to be replaced by the account helper): An account's resources at the pinned version.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** An account's resources at the pinned version. */
export function ResourcesPanel(): ReactNode {
  return <EmptyView>An account's resources at the pinned version: not built yet.</EmptyView>;
}
