/**
 * The account view's frame: the header (address, balances, sequence number, authentication key, an object's
 * owner, save to snapshot), the tabs (Resources, Assets, Activity, Tokens, Events, Modules, Compare; links that keep
 * the pinned version, so Compare opens with the pinned version as its "to") and the tab's panel. Activity took the
 * Transactions tab's place in the bar: it lists the same sent transactions with what they did (function, status,
 * fee, APT change); the summaries by version range (`/accounts/{a}/transactions`, orderless transactions
 * included) stay a deep link and a link from Activity, and show the Activity tab as current.
 */
import { Suspense, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useLedgerVersion, withVersion } from '../../app/use-ledger-version.ts';
import { EmptyView, LoadingView } from '../../components/status-views.tsx';
import { AccountHeader } from './account-header.tsx';
import { useAccountAddress } from '../../lib/use-account-address.ts';
import './account.css';

const TABS = [
  { path: 'resources', label: 'Resources' },
  { path: 'assets', label: 'Assets' },
  { path: 'activity', label: 'Activity' },
  { path: 'tokens', label: 'Tokens' },
  { path: 'events', label: 'Events' },
  { path: 'modules', label: 'Modules' },
  { path: 'compare', label: 'Compare' },
] as const;

/** The tab a pathname shows (the bare account path is the resources tab). */
function activeTab(pathname: string): string {
  const rest = pathname.split('/').slice(3)[0];
  if (rest === 'transactions') return 'activity';
  return rest === undefined || rest === '' ? 'resources' : rest;
}

/** A tab's path; Compare starts with the pinned version as its "to" version. */
function tabPath(address: string, tab: string, pinned: string | undefined): string {
  const path = `/accounts/${address}/${tab}`;
  return tab === 'compare' && pinned !== undefined ? `${path}?to=${pinned}` : path;
}

/** Header, tabs and the current tab's panel. */
export function AccountLayout(): ReactNode {
  const account = useAccountAddress();
  const { pinned } = useLedgerVersion();
  const { pathname, search } = useLocation();
  const { address: raw } = useParams();
  if (account.error !== undefined) return <EmptyView>{account.error}</EmptyView>;
  // URLs carry the node's short form: a long or upper-case address is replaced in place.
  if (raw !== undefined && raw !== account.address) {
    const rest = pathname.split('/').slice(3).join('/');
    return <Navigate replace to={`/accounts/${account.address}${rest === '' ? '' : `/${rest}`}${search}`} />;
  }
  const current = activeTab(pathname);
  return (
    <section className="account-view" aria-label={`Account ${account.address}`}>
      <AccountHeader address={account.address} />
      <nav className="account-tabs" aria-label="Account sections">
        {TABS.map((tab) => (
          <Link
            key={tab.path}
            to={withVersion(tabPath(account.address, tab.path, pinned), pinned)}
            {...(current === tab.path ? { className: 'active', 'aria-current': 'page' as const } : {})}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="account-panel">
        {/* The tabs are loaded on demand (renderer/app/lazy-routes.ts): the header and tab bar stay meanwhile. */}
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </div>
    </section>
  );
}
