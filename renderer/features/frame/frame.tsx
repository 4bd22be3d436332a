/**
 * The application frame around every route: a header (navigation, search, time travel, theme,
 * and in the desktop app "Open snapshot…"), the routed view, and the status bar.
 */
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { NewerVersionNotice } from '../../app/ledger-anchor.tsx';
import { OpenSnapshotButton, useSourceChangeReset } from './desktop-actions.tsx';
import { SearchBox } from './search-box.tsx';
import { StatusBar } from './status-bar.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { TimeTravel } from './time-travel.tsx';
import '../../components/components.css';
import './frame.css';

/** The main navigation; links keep the pinned version. */
function Navigation(): ReactNode {
  const { pinned } = useLedgerVersion();
  return (
    <nav className="main-nav" aria-label="Main">
      <NavLink to={withVersion('/', pinned)} end>
        Home
      </NavLink>
      <NavLink to={withVersion('/gas', pinned)}>Gas</NavLink>
      <NavLink to={withVersion('/inspect', pinned)}>Inspect</NavLink>
    </nav>
  );
}

/** The application frame around every route. */
export function Frame(): ReactNode {
  useSourceChangeReset();
  return (
    <div className="app">
      <header className="app-header">
        <div className="header-row">
          <span className="brand">Ledger Explorer</span>
          <Navigation />
          <SearchBox />
          <OpenSnapshotButton />
          <ThemeToggle />
        </div>
        <div className="header-row">
          <TimeTravel />
          <NewerVersionNotice />
        </div>
      </header>
      <main className="app-main">
        <Outlet />
      </main>
      <StatusBar />
    </div>
  );
}
