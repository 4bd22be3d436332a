/**
 * Entry of the renderer bundle, kept small: app/boot.ts sends the opened page's reads, then the app (React DOM, the
 * frame, the views: app/mount.tsx) is asked for as its own chunk, then the opened page's lazy view. The entry chunk
 * holds only the data layer, so the reads leave once it is evaluated, not once all of React DOM and the frame are;
 * React DOM, the largest file, is asked for before the view's dozen smaller ones.
 */
import { appQueryClient, openedViews, serverRendered } from './app/boot.ts';
import { preloadRouteView } from './app/lazy-routes.ts';
import './styles/base.css';

const app = import('./app/mount.tsx');
// The app mounts once the opened page's views are here too (all are asked for now, so they load side by side): its
// first render then draws them at once instead of a "Loading…" that React's Suspense reveal throttle keeps on
// screen for about 300 ms after a view arrives, and a page the server drew hydrates with no view suspending
// (lazy-routes.ts). A view that fails to load is the route's to show.
const views = Promise.all(openedViews.map(preloadRouteView));
void Promise.all([app, views]).then(([{ mountApp }]) => {
  mountApp(appQueryClient, serverRendered);
});
