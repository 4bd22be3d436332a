/**
 * Data requested with the route: when the app starts, the page it opens on asks for its code chunk and its first
 * data at once, before React has rendered the frame, loaded the route's lazy chunk and mounted the panel that would
 * ask (each of those a step the requests would otherwise wait behind). The queries are the panels' own options
 * (same keys), so the panels find them in the cache or in flight and ask nothing twice. Only the first page of the
 * session is prefetched: later navigations render from a warm app.
 */
import type { QueryClient } from '@tanstack/react-query';
import { normalizeAddress } from '../../shared/address.ts';
import { ENDPOINTS } from '../../shared/api/registry.ts';
import { isCommittedTransaction } from '../../shared/api/wire-schemas.ts';
import { request } from '../api/client.ts';
import { resourcesQuery } from '../api/queries/account-queries.ts';
import { assetActivitiesQuery, assetHoldersQuery, assetMetadataQuery } from '../api/queries/asset-page-queries.ts';
import { accountHistoryQuery, APT_ASSET_TYPES, lastBalanceChangeQuery } from '../api/queries/history-queries.ts';
import { ledgerQuery, sourceQuery } from '../api/queries/ledger-queries.ts';
import { resourceAtQuery, transactionChangesQuery } from '../api/queries/change-queries.ts';
import { transactionQuery } from '../api/queries/transaction-queries.ts';
import { pinnedOf } from './pinned-version.ts';
import { isU64Text } from '../../shared/ledger/u64.ts';

/** The resources tab's first page size (renderer/features/resources/resources-panel.tsx). */
const FIRST_RESOURCES_PAGE = 100;

/** The address of an account path segment in the short form the views key by, or undefined when it is none. */
function addressOf(segment: string): string | undefined {
  try {
    return normalizeAddress(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** The version state views read at: the pinned one, else the latest (what the anchor takes on first render). */
async function viewVersion(client: QueryClient, search: string): Promise<string | undefined> {
  const pinned = pinnedOf(new URLSearchParams(search));
  if (pinned !== undefined) return pinned;
  try {
    return (await client.fetchQuery(ledgerQuery())).body.ledger_version;
  } catch {
    return undefined;
  }
}

/** Prefetches for the state views: the view's version first, then `read` with it. */
function atVersion(client: QueryClient, search: string, read: (version: string) => Promise<unknown>): void {
  void viewVersion(client, search).then((version) => (version === undefined ? undefined : read(version)));
}

/**
 * The resources tab's first page. Unpinned, it is read at once at the latest version beside `GET /v1` (one round
 * trip instead of two in a row): the answer's `X-Aptos-Ledger-Version` says which version it is, and when that is
 * the version the view reads at (a snapshot's always is) it is the page; otherwise (the node moved between the
 * two reads) the page is read again at the view's version.
 */
function prefetchFirstResources(client: QueryClient, address: string, search: string): void {
  const pinned = pinnedOf(new URLSearchParams(search)) !== undefined;
  const early = pinned
    ? undefined
    : request(ENDPOINTS.resources, { path: { address }, query: { limit: FIRST_RESOURCES_PAGE } }).catch(
        () => undefined,
      );
  atVersion(client, search, (version) => {
    const options = resourcesQuery(address, version, FIRST_RESOURCES_PAGE);
    const read = options.queryFn;
    if (typeof read !== 'function') return Promise.resolve();
    return client.prefetchInfiniteQuery({
      ...options,
      queryFn: async (context) => {
        const answer = await early;
        if (answer !== undefined && answer.ledger.ledgerVersion === BigInt(version)) return { ...answer, version };
        return read(context);
      },
    });
  });
}

/**
 * A transaction and its changes' befores, requested with the route: the explorer's one read of the write set
 * (change-facts.ts), or where the source has no explorer API, once the transaction is here, each written resource at
 * V − 1 (resource-change.tsx; nothing for genesis or when V − 1 is below the oldest retained version, which would be
 * 410).
 */
function prefetchTransaction(client: QueryClient, version: string): void {
  const before = BigInt(version) - 1n;
  // Failing like the transaction itself would (unknown or pruned version): the page says so, nothing is walked.
  const facts = client.fetchQuery(transactionChangesQuery(version)).catch(() => undefined);
  void Promise.all([client.fetchQuery(transactionQuery(version)), client.fetchQuery(ledgerQuery()), facts])
    .then(([transaction, ledger, told]) => {
      if (told !== null) return;
      if (before < 0n || before < BigInt(ledger.body.oldest_ledger_version)) return;
      for (const change of isCommittedTransaction(transaction) ? transaction.changes : []) {
        if (change.type !== 'write_resource') continue;
        const address = addressOf(change.address);
        if (address !== undefined)
          void client.prefetchQuery(resourceAtQuery(address, change.data.type, before.toString()));
      }
    })
    .catch(() => undefined);
}

/**
 * Starts the first reads for `location` (the page the app opens on) and returns the name of its lazy view
 * (lazy-routes.ts), whose chunk the caller asks for once the reads are sent and the app's own chunk is asked for
 * (renderer/main.tsx): the browser opens at most six connections to the server, and a read or React DOM queued behind
 * a route's dozen or more files would wait for them. Failures are left to the panels: a prefetch that fails caches
 * nothing they would not ask again.
 */
export function prefetchRoute(client: QueryClient, location: { pathname: string; search: string }): string | undefined {
  void client.prefetchQuery(ledgerQuery());
  const parts = location.pathname.split('/').filter((part) => part !== '');
  const [first, id, tab] = parts;
  if (first === 'txn' && id !== undefined && parts.length === 2) {
    if (isU64Text(id) && String(BigInt(id)) === id) prefetchTransaction(client, id);
    return 'TransactionPage';
  }
  if (first === 'assets' && id !== undefined && parts.length === 2) {
    let asset: string;
    try {
      asset = decodeURIComponent(id);
    } catch {
      return 'AssetPage'; // Not an asset the page could name either: it says so itself.
    }
    void client.prefetchQuery(sourceQuery());
    atVersion(client, location.search, (version) =>
      Promise.all([
        client.prefetchQuery(assetMetadataQuery(asset, version)),
        client.prefetchQuery(assetHoldersQuery(asset, 0, version)),
        client.prefetchQuery(assetActivitiesQuery(asset, version)),
      ]),
    );
    return 'AssetPage';
  }
  if (first !== 'accounts' || id === undefined || parts.length > 3) return undefined;
  const address = addressOf(id);
  // A long or upper-case address is first replaced by its short form (account-layout.tsx): the next page asks.
  if (address === undefined || address !== id) return undefined;
  if (tab === undefined || tab === 'resources') {
    prefetchFirstResources(client, address, location.search);
    return 'ResourcesPanel';
  }
  if (tab === 'activity') {
    void client.prefetchQuery(sourceQuery());
    // A filtered list (history-filters.tsx: `asset`, `direction`, `fn` in the URL) is left to the panel.
    const params = new URLSearchParams(location.search);
    if (['asset', 'direction', 'fn'].some((name) => params.has(name))) return 'ActivityPanel';
    atVersion(client, location.search, (version) =>
      Promise.all([
        client.prefetchInfiniteQuery(accountHistoryQuery(address, {}, version)),
        // The tab's probe and the header's "last changed at" (activity-panel.tsx, apt-balance.tsx).
        client.prefetchQuery(lastBalanceChangeQuery(address, APT_ASSET_TYPES, version)),
      ]),
    );
    return 'ActivityPanel';
  }
  return undefined;
}

/**
 * The name of the lazy view of `location` that {@link prefetchRoute} names, without asking for any data: a page the
 * server rendered brings its data along (app/boot.ts), only its view's code is still to load.
 */
export function routeViewOf(location: { pathname: string }): string | undefined {
  const parts = location.pathname.split('/').filter((part) => part !== '');
  const [first, id, tab] = parts;
  if (first === 'txn' && id !== undefined && parts.length === 2) return 'TransactionPage';
  if (first === 'assets' && id !== undefined && parts.length === 2) return 'AssetPage';
  if (first !== 'accounts' || id === undefined || parts.length > 3 || addressOf(id) !== id) return undefined;
  if (tab === undefined || tab === 'resources') return 'ResourcesPanel';
  return tab === 'activity' ? 'ActivityPanel' : undefined;
}
