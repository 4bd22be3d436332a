/**
 * PLACEHOLDER (to be replaced by the account helper): An account's modules and their ABIs.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** An account's modules and their ABIs. */
export function ModulesPanel(): ReactNode {
  return <EmptyView>An account's modules and their ABIs: not built yet.</EmptyView>;
}
