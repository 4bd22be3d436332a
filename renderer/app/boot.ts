/**
 * The app's first step, imported first by renderer/main.tsx so it runs before anything else of the app is evaluated:
 * the app's QueryClient, and the page it opens on asking for its first data at once (route-prefetch.ts). Every
 * millisecond the app's chunk then spends loading, evaluating and rendering overlaps those reads.
 */
import { createQueryClient } from './query-client.ts';
import { prefetchRoute } from './route-prefetch.ts';

/** The app's one QueryClient (tests make their own and import nothing from here). */
export const appQueryClient = createQueryClient();

/** The lazy view of the page the app opens on (lazy-routes.ts), whose chunk main.tsx asks for; none for the rest. */
export const openedView = startOpenedRoute();

function startOpenedRoute(): string | undefined {
  try {
    return prefetchRoute(appQueryClient, window.location);
  } catch {
    // Only a head start: whatever the path holds (a malformed escape, say), the app still mounts and its views ask.
    return undefined;
  }
}
