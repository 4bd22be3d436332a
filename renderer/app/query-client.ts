/**
 * The QueryClient's defaults. State answers are keyed by a concrete ledger version and never
 * change (`staleTime: Infinity`); queries that follow "latest" set their own staleTime. A request
 * error is an answer too (the node said no), so only network failures are retried.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api/client.ts';

/** Creates the app's QueryClient (one per app; tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && error instanceof ApiRequestError && error.status === 0,
      },
    },
  });
}
