/**
 * PLACEHOLDER (to be replaced by the frame helper): Landing page: accounts, tables and busy event streams.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** Landing page: accounts, tables and busy event streams. */
export function LandingPage(): ReactNode {
  return <EmptyView>Landing page: accounts, tables and busy event streams: not built yet.</EmptyView>;
}
