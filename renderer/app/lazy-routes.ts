/**
 * The route views loaded on demand (`React.lazy`): each is its own chunk, so the first page loads the frame,
 * the landing page and the shared code only, and Vite's bundle stays under its chunk-size warning. The landing
 * page and the account layout (the two most opened first) stay in the entry chunk; everything a route needs
 * beyond them arrives with its first visit (the frame's and the account layout's `Suspense` show "Loading…").
 */
import { createContext, createElement, lazy, useContext, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Where the server-side render (renderer/ssr-entry.tsx) collects the names of the lazy views a page drew: the page
 * then preloads their code and the client loads them before it hydrates, so no view suspends during hydration.
 */
export const RenderedViews = createContext<Set<string> | undefined>(undefined);

/** The loaders of every lazy view by its export's name, for {@link preloadRouteViews} and {@link preloadRouteView}. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * `React.lazy` for a module's named export (the project has no default exports), which renders the view directly
 * once its module is loaded. A lazy component suspends on its first render even when its chunk is already here
 * (main.tsx asks for the opened page's chunk with the app's), and React then holds the loaded content back for its
 * Suspense reveal throttle (about 300 ms): the first rows of a page waited that long with their code and data in
 * hand. Each mounted instance keeps the form it first rendered in, so a view is never remounted by the switch.
 */
function lazyNamed<Module, Name extends keyof Module & string>(load: () => Promise<Module>, name: Name): ComponentType {
  let loaded: ComponentType | undefined;
  const loadAndKeep = async (): Promise<ComponentType> => {
    const view = (await load())[name] as ComponentType;
    loaded = view;
    return view;
  };
  loaders.set(name, loadAndKeep);
  const Lazy = lazy(async () => ({ default: await loadAndKeep() }));
  function RouteView(): ReactNode {
    useContext(RenderedViews)?.add(name);
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Lazy);
  }
  RouteView.displayName = `RouteView(${name})`;
  return RouteView;
}

/**
 * Starts loading the chunk of the view exported as `name` (route-prefetch.ts: the page the app opens on asks for
 * its code while the entry chunk still renders). The module loader keeps one load per chunk, so `React.lazy` then
 * finds it loaded or in flight. A failed load is left to the route's own attempt, which shows it; the promise
 * settles either way, once the attempt is over.
 */
export function preloadRouteView(name: string): Promise<void> {
  return (loaders.get(name)?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Loads every route view's module now (the component tests do, so a first render is not a module load, which on a
 * loaded machine outlasts their waits); the app itself loads each on its first visit.
 */
export async function preloadRouteViews(): Promise<void> {
  await Promise.all([...loaders.values()].map((load) => load()));
}

/** An account's Resources tab. */
export const ResourcesPanel = lazyNamed(() => import('../features/resources/resources-panel.tsx'), 'ResourcesPanel');
/** An account's Events tab. */
export const EventsPanel = lazyNamed(() => import('../features/events/events-panel.tsx'), 'EventsPanel');
/** An account's transaction summaries by version range. */
export const TransactionsPanel = lazyNamed(
  () => import('../features/transactions/transactions-panel.tsx'),
  'TransactionsPanel',
);
/** An account's Assets tab. */
export const AssetsPanel = lazyNamed(() => import('../features/assets/assets-panel.tsx'), 'AssetsPanel');
/** An account's Activity tab. */
export const ActivityPanel = lazyNamed(() => import('../features/activity/activity-panel.tsx'), 'ActivityPanel');
/** An account's Modules tab. */
export const ModulesPanel = lazyNamed(() => import('../features/modules/modules-panel.tsx'), 'ModulesPanel');
/** An account compared at two versions. */
export const ComparePage = lazyNamed(() => import('../features/compare/compare-page.tsx'), 'ComparePage');
/** A table's page. */
export const TablePanel = lazyNamed(() => import('../features/tables/table-panel.tsx'), 'TablePanel');
/** The gas panel. */
export const GasPanel = lazyNamed(() => import('../features/gas/gas-panel.tsx'), 'GasPanel');
/** The offline BCS inspector. */
export const InspectPage = lazyNamed(() => import('../features/inspect/inspect-page.tsx'), 'InspectPage');
/** The blocks list. */
export const BlocksPage = lazyNamed(() => import('../features/blocks/blocks-page.tsx'), 'BlocksPage');
/** One block. */
export const BlockPage = lazyNamed(() => import('../features/blocks/block-page.tsx'), 'BlockPage');
/** One transaction. */
export const TransactionPage = lazyNamed(
  () => import('../features/transaction/transaction-page.tsx'),
  'TransactionPage',
);
/** An account's Tokens tab. */
export const TokensPanel = lazyNamed(() => import('../features/tokens/tokens-panel.tsx'), 'TokensPanel');
/** A fungible asset's or coin's page. */
export const AssetPage = lazyNamed(() => import('../features/asset/asset-page.tsx'), 'AssetPage');
/** A token's page. */
export const TokenPage = lazyNamed(() => import('../features/token/token-page.tsx'), 'TokenPage');
