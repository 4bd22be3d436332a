/**
 * Mounts the app into `#root`. Its own chunk, loaded by renderer/main.tsx once app/boot.ts has started the page's
 * reads: React DOM and the views download and evaluate while those reads are in flight, instead of in front of them.
 * A page the server rendered is hydrated: React takes over its markup, with the data it was drawn from (boot.ts).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { App } from './app.tsx';

/** Renders the app with `queryClient` (the one boot.ts prefetched or hydrated into). */
export function mountApp(queryClient: QueryClient, serverRendered: boolean): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
