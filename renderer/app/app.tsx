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
        <LedgerAnchorProvider>
          <AppRoutes />
        </LedgerAnchorProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
