/**
 * The anchored "latest" version. When nothing is pinned, a view reads at the latest version seen
 * when it opened (a route change takes a new anchor), not at whatever `GET /v1` said five seconds
 * ago: on a moving node a re-keyed view would drop its loaded pages, its "Load all" progress and
 * its scroll on every ledger refresh. The frame says when a newer version exists and offers to move
 * the anchor there ({@link NewerVersionNotice}); a pinned view never moves.
 */
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { ledgerQuery } from '../api/queries/ledger-queries.ts';
import { pinnedOf } from './pinned-version.ts';
import './app.css';

/** What the anchor context offers. */
export interface LedgerAnchor {
  /** The version an unpinned view reads at; undefined while pinned or before the ledger loaded. */
  readonly anchor: string | undefined;
  /** The latest version the ledger query saw (moves with the source). */
  readonly latest: string | undefined;
  /** Moves the anchor of the current view to the latest version. */
  moveToLatest(): void;
}

const AnchorContext = createContext<LedgerAnchor | undefined>(undefined);

interface AnchorState {
  /** The view (pathname) the anchor belongs to. */
  readonly path: string;
  readonly version: string;
}

/** Holds the anchor of the current view; wraps the routes (inside the router). */
export function LedgerAnchorProvider({ children }: { readonly children: ReactNode }): ReactNode {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const pinned = pinnedOf(params);
  const latest = useQuery(ledgerQuery()).data?.body.ledger_version;
  const [state, setState] = useState<AnchorState | undefined>(undefined);

  // Derived during render (React's "adjust state when props change"): the anchor is dropped while a
  // version is pinned or the ledger is unknown (a source switch resets it), and taken anew on a new
  // view or when the latest went below it (another source: a ledger never moves backwards).
  let current = state;
  if (pinned !== undefined || latest === undefined) current = undefined;
  else if (current === undefined || current.path !== pathname || BigInt(latest) < BigInt(current.version))
    current = { path: pathname, version: latest };
  if (current !== state) setState(current);

  const moveToLatest = useCallback(() => {
    if (latest !== undefined) setState({ path: pathname, version: latest });
  }, [latest, pathname]);
  const anchor = current?.version;
  const value = useMemo(() => ({ anchor, latest, moveToLatest }), [anchor, latest, moveToLatest]);
  return <AnchorContext.Provider value={value}>{children}</AnchorContext.Provider>;
}

/** The anchor context (undefined outside {@link LedgerAnchorProvider}: then views follow the latest). */
export function useLedgerAnchor(): LedgerAnchor | undefined {
  return useContext(AnchorContext);
}

/** "Version N is available" with a button moving the anchor there; shown only when unpinned and behind. */
export function NewerVersionNotice(): ReactNode {
  const context = useLedgerAnchor();
  if (context?.anchor === undefined || context.latest === undefined || BigInt(context.latest) <= BigInt(context.anchor))
    return null;
  return (
    <div
      className="newer-version"
      role="status"
      title={`This view reads at version ${context.anchor}, the latest when it opened; the ledger has moved on.`}
    >
      <span>
        Newer version <span className="mono">{context.latest}</span> available
      </span>
      <button type="button" onClick={context.moveToLatest}>
        Show version {context.latest}
      </button>
    </div>
  );
}
