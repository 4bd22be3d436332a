/**
 * The app's first step, imported first by renderer/main.tsx so it runs before anything else of the app is evaluated:
 * the app's QueryClient, and the page it opens on asking for its first data at once (route-prefetch.ts). Every
 * millisecond the app's chunk then spends loading, evaluating and rendering overlaps those reads. A page the server
 * rendered (renderer/ssr-entry.tsx) brings its data along (ssr-state.ts): the cache starts with it and nothing is
 * asked again; the app then hydrates the markup instead of drawing it.
 */
import { hydrate } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';
import { prefetchRoute, routeViewOf } from './route-prefetch.ts';
import { decodeSsrState, SSR_STATE_ID } from './ssr-state.ts';

/** The app's one QueryClient (tests make their own and import nothing from here). */
export const appQueryClient = createQueryClient();

/** Whether the page came rendered from the server with its data (then the app hydrates it: app/mount.tsx). */
export const serverRendered = takeServerState();

/**
 * The lazy views of the page the app opens on (lazy-routes.ts), whose chunks main.tsx asks for before it mounts: those
 * a page the server rendered drew (named on its #root by electron/service/ssr-page.ts, so none suspends while it
 * hydrates), else the one route-prefetch.ts names for the path (none for the rest).
 */
export const openedViews = startOpenedRoute();

function takeServerState(): boolean {
  const block = document.getElementById(SSR_STATE_ID);
  const state = block === null ? undefined : decodeSsrState(block.textContent);
  if (state === undefined) return false;
  hydrate(appQueryClient, state);
  return true;
}

function startOpenedRoute(): readonly string[] {
  try {
    if (serverRendered) {
      const drawn = document.getElementById('root')?.dataset.views?.split(' ') ?? [];
      const named = routeViewOf(window.location);
      return [...new Set([...drawn.filter((view) => view !== ''), ...(named === undefined ? [] : [named])])];
    }
    const named = prefetchRoute(appQueryClient, window.location);
    return named === undefined ? [] : [named];
  } catch {
    // Only a head start: whatever the path holds (a malformed escape, say), the app still mounts and its views ask.
    return [];
  }
}
