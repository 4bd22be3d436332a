/**
 * The application frame around every route: a "Skip to content" link (the first Tab stop), a header
 * (navigation, search, time travel, theme, in the desktop app "Open snapshot…", and the pinned-version banner),
 * the routed view (its heading focused after each navigation), and the status bar.
 */
import type { MouseEvent, ReactNode } from 'react';
import { Suspense, useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { NewerVersionNotice } from '../../app/ledger-anchor.tsx';
import { OpenSnapshotButton, useSourceChangeReset } from './desktop-actions.tsx';
import { PinnedBanner } from './pinned-banner.tsx';
import { SearchBox } from './search-box.tsx';
import { StatusBar } from './status-bar.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { TimeTravel } from './time-travel.tsx';
import { useRouteFocus } from './use-route-focus.ts';
import { useScrollPadding } from './use-scroll-padding.ts';
import { LoadingView } from '../../components/status-views.tsx';
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
      <NavLink to={withVersion('/blocks', pinned)}>Blocks</NavLink>
      <NavLink to={withVersion('/gas', pinned)}>Gas</NavLink>
      <NavLink to={withVersion('/inspect', pinned)}>Inspect</NavLink>
    </nav>
  );
}

/** The id of the routed view: the skip link's target. */
const MAIN_ID = 'main-content';

/** The application frame around every route. */
export function Frame(): ReactNode {
  useSourceChangeReset();
  const mainRef = useRef<HTMLElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  useRouteFocus(mainRef);
  useScrollPadding(frameRef);
  // Focused by script, not by following `#main-content`: a hash in the URL means "open this resource" to the
  // resources tab, and a fragment navigation would add a history entry.
  const skip = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    mainRef.current?.focus();
  };
  return (
    <div className="app" ref={frameRef}>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
        Skip to content
      </a>
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
        <PinnedBanner />
      </header>
      <main className="app-main" id={MAIN_ID} ref={mainRef} tabIndex={-1}>
        {/* Route views are loaded on demand (renderer/app/lazy-routes.ts). */}
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </main>
      <StatusBar />
    </div>
  );
}
