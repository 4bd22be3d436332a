/**
 * Mounts the app into `#root`. Its own chunk, loaded by renderer/main.tsx once app/boot.ts has started the page's
 * reads: React DOM and the views download and evaluate while those reads are in flight, instead of in front of them.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { App } from './app.tsx';

/** Renders the app with `queryClient` (the one boot.ts prefetched into). */
export function mountApp(queryClient: QueryClient): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
