/**
 * Mounts the app into `#root`. Its own chunk, loaded by renderer/main.tsx once app/boot.ts has started the page's
 * reads: React DOM and the views download and evaluate while those reads are in flight, instead of in front of them.
 * A page the server rendered is hydrated: React takes over its markup, with the data it was drawn from (boot.ts), and
 * what the user did on it before its controls were live is replayed then (early-input.ts).
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { App } from './app.tsx';
import { settleEarlyInput } from './early-input.ts';

/** The attribute set on `<html>` once the app has committed its first render (a page the server drew: hydrated). */
export const MOUNTED_ATTRIBUTE = 'data-app-mounted';

/**
 * Marks the page as the app's once its first render is committed (its effect runs after every child's): until then
 * a page the server rendered shows its markup but answers no click, and the e2e suite waits for this mark.
 */
function Mounted({ children }: { readonly children: ReactNode }): ReactNode {
  useEffect(() => document.documentElement.setAttribute(MOUNTED_ATTRIBUTE, ''), []);
  return children;
}

/** Renders the app with `queryClient` (the one boot.ts prefetched or hydrated into). */
export function mountApp(queryClient: QueryClient, serverRendered: boolean): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <Mounted>
        <App queryClient={queryClient} />
      </Mounted>
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
  void settleEarlyInput(container, serverRendered);
}
