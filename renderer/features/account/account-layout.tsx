/**
 * PLACEHOLDER (to be replaced by the account helper): the account header and its tabs.
 */
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** The account view's frame: header (sequence number, authentication key) and tabs. */
export function AccountLayout(): ReactNode {
  return <Outlet />;
}
