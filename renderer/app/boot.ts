/**
 * The app's first step, imported first by renderer/main.tsx so it runs before React DOM and the views are
 * evaluated: the app's QueryClient, and the page it opens on asking for its code chunk and first data at once
 * (route-prefetch.ts). Every millisecond the entry chunk then spends evaluating and rendering overlaps those reads.
 */
import { createQueryClient } from './query-client.ts';
import { prefetchRoute } from './route-prefetch.ts';

/** The app's one QueryClient (tests make their own and import nothing from here). */
export const appQueryClient = createQueryClient();

try {
  prefetchRoute(appQueryClient, window.location);
} catch {
  // Only a head start: whatever the path holds (a malformed escape, say), the app still mounts and its views ask.
}
