/**
 * The ledger query (`GET /v1`) with its failure kept across refetches. TanStack Query v5 puts a
 * query that has no data back to `status: 'pending'` with `error: null` whenever it refetches, so
 * every `isError` check flipped on each 5 s refresh while a node was down: the error views, the
 * "As of" field and its Pin button unmounted for the length of the request and came back after
 * it. Everything that shows the ledger's failure reads it here instead: its last failure, kept
 * across refetches until an answer arrives (or the query is reset by a source switch).
 */
import { hashKey, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ledgerQuery } from '../api/queries/ledger-queries.ts';

/** Why the latest ledger is unknown. */
export interface LedgerFailure {
  /** The last error `GET /v1` ended with (also while a later attempt is in flight). */
  readonly error: unknown;
  /** A new attempt is in flight (the interval refresh or a Retry); the failure stays shown meanwhile. */
  readonly retrying: boolean;
}

/** What {@link useLedgerQuery} returns. */
export interface LedgerQueryState {
  /** The ledger query itself (its data: the latest ledger info). */
  readonly ledger: ReturnType<typeof useLedgerQueryResult>;
  /** Set while the ledger's last attempt failed (its data, if any, is older); undefined otherwise. */
  readonly failure: LedgerFailure | undefined;
}

function useLedgerQueryResult() {
  return useQuery(ledgerQuery());
}

// The error object itself is dropped from the query state on a refetch (only `errorUpdatedAt`
// survives), and a failure can be followed by the next fetch before any component rendered it. So
// the cache's own events are listened to, once per client (from the first render that reads the
// ledger, before its first request can end): the last error, tagged with its `errorUpdatedAt` so
// that only the current failure is shown.
interface LastError {
  current: { readonly at: number; readonly error: unknown } | undefined;
}
const lastErrors = new WeakMap<QueryClient, LastError>();

function lastErrorOf(client: QueryClient): LastError {
  const known = lastErrors.get(client);
  if (known !== undefined) return known;
  const memory: LastError = { current: undefined };
  lastErrors.set(client, memory);
  const hash = hashKey(ledgerQuery().queryKey);
  // Never unsubscribed: the listener lives exactly as long as the client and its cache.
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && event.query.queryHash === hash) {
      memory.current = { at: event.query.state.errorUpdatedAt, error: event.action.error };
    }
  });
  return memory;
}

/** The ledger query, and its last failure until an answer (see the file comment). */
export function useLedgerQuery(): LedgerQueryState {
  const memory = lastErrorOf(useQueryClient());
  const ledger = useLedgerQueryResult();
  // With data, v5 keeps `error` (and status "error") across refetches by itself.
  if (ledger.error !== null) return { ledger, failure: { error: ledger.error, retrying: ledger.isFetching } };
  if (ledger.data !== undefined || ledger.errorUpdatedAt === 0) return { ledger, failure: undefined };
  const known = memory.current;
  const error =
    ledger.error ??
    (known !== undefined && known.at === ledger.errorUpdatedAt
      ? known.error
      : new Error('The latest ledger version could not be read.'));
  return { ledger, failure: { error, retrying: ledger.isFetching } };
}
