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

/** The lazy view of the page the app opens on (lazy-routes.ts), whose chunk main.tsx asks for; none for the rest. */
export const openedView = startOpenedRoute();

function takeServerState(): boolean {
  const block = document.getElementById(SSR_STATE_ID);
  const state = block === null ? undefined : decodeSsrState(block.textContent);
  if (state === undefined) return false;
  hydrate(appQueryClient, state);
  return true;
}

function startOpenedRoute(): string | undefined {
  try {
    return serverRendered ? routeViewOf(window.location) : prefetchRoute(appQueryClient, window.location);
  } catch {
    // Only a head start: whatever the path holds (a malformed escape, say), the app still mounts and its views ask.
    return undefined;
  }
}
