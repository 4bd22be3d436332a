/**
 * The root component: data layer (TanStack Query), router (real paths with the History API; the
 * server falls back to index.html for every route), the anchored latest version of unpinned views,
 * and the route table.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './query-client.ts';
import { LedgerAnchorProvider } from './ledger-anchor.tsx';
import { AppRoutes } from './routes.tsx';

/** Props of {@link App}: tests pass their own client. */
export interface AppProps {
  readonly queryClient?: QueryClient | undefined;
}

/** The whole explorer UI. */
export function App({ queryClient }: AppProps): ReactNode {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <AppInRouter />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

/**
 * The app inside its data layer and router: {@link App} puts it in the History-API router, the server-side render
 * (renderer/ssr-entry.tsx) in a static one at the requested URL, so both draw the same tree and the page hydrates.
 */
export function AppInRouter(): ReactNode {
  return (
    <LedgerAnchorProvider>
      <AppRoutes />
    </LedgerAnchorProvider>
  );
}
