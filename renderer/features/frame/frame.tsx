/**
 * PLACEHOLDER (to be replaced by the frame helper): header with search and time travel, status bar.
 */
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** The application frame around every route. */
export function Frame(): ReactNode {
  return (
    <div className="app">
      <main>
        <Outlet />
      </main>
    </div>
  );
}
