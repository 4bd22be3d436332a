/**
 * PLACEHOLDER (to be replaced by the account helper): An account's event streams and events.
 */
import type { ReactNode } from 'react';
import { EmptyView } from '../../components/status-views.tsx';

/** An account's event streams and events. */
export function EventsPanel(): ReactNode {
  return <EmptyView>An account's event streams and events: not built yet.</EmptyView>;
}
