/** The page for a path no route serves. */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useLedgerVersion, withVersion } from './use-ledger-version.ts';

/** "Nothing here" with the path and a way home. */
export function NotFoundPage(): ReactNode {
  const location = useLocation();
  const { pinned } = useLedgerVersion();
  return (
    <div className="status-view empty" role="alert">
      <p>
        No view at <code>{location.pathname}</code>.
      </p>
      <Link to={withVersion('/', pinned)}>Go to the start page</Link>
    </div>
  );
}
