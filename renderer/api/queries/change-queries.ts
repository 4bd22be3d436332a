/**
 * Query options of a transaction's changes: the whole write set with its befores in one explorer read
 * (`GET /explorer/v1/transactions/by_version/{v}/changes`, all pages), or, on a source without the explorer API, the
 * node-compatible walk — one resource (JSON or its BCS bytes) and one table item's stored bytes, each at one
 * version. "Absent" is an answer here, not an error: a resource or table item that did not exist at V − 1 is what
 * "created by this transaction" means, so a 404 of that kind resolves to `null`; a pruned or too-new version stays an
 * error (the view explains it).
 */
import type { ReplyOf } from '../../../shared/api/endpoint.ts';
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { ApiRequestError, type ApiAnswer } from '../client.ts';
import { endpointQuery, reader } from '../endpoint-query.ts';
import type { VersionKey } from '../query-keys.ts';
import type { MoveResourceJson } from '../types.ts';
import { isExplorerUnavailable } from './explorer-queries.ts';

/** State keys asked per explorer page: the largest the endpoint allows, so a usual write set is one request. */
export const CHANGES_PAGE_SIZE = 1000;

/** The explorer's reply for one page of a transaction's changes. */
type ChangesReply = ReplyOf<typeof ENDPOINTS.explorerTransactionChanges>;

/** One change as the explorer reads it: group, existed-before, before and after (decoded and BCS). */
export type ChangeFactsJson = ChangesReply['changes'][number];

/** A transaction's changes from the explorer API: every page's entries, and whether V − 1 was readable. */
export interface TransactionChangeFacts {
  readonly beforeState: ChangesReply['before_state'];
  readonly changes: readonly ChangeFactsJson[];
}

/**
 * Every page of `GET /explorer/v1/transactions/by_version/{version}/changes` (one request for up to
 * {@link CHANGES_PAGE_SIZE} state keys); `null` when the source has no explorer API (a remote node), which is the
 * changes section's cue to walk the node per change instead.
 */
export function transactionChangesQuery(version: string) {
  return endpointQuery(
    ENDPOINTS.explorerTransactionChanges,
    { path: { version }, query: { limit: CHANGES_PAGE_SIZE }, at: 'immutable' },
    ALL_CHANGES,
  );
}

/** Every page of the changes read, or `null` where the source has no explorer API. */
const ALL_CHANGES = reader(
  'all-pages',
  async (
    fetch: (page?: { start: string }) => Promise<ApiAnswer<ChangesReply>>,
  ): Promise<TransactionChangeFacts | null> => {
    const changes: ChangeFactsJson[] = [];
    let start: string | null = '0';
    let beforeState: ChangesReply['before_state'] = 'readable';
    while (start !== null) {
      let body: ChangesReply;
      try {
        body = (await fetch({ start })).body;
      } catch (error) {
        if (isExplorerUnavailable(error)) return null;
        throw error;
      }
      beforeState = body.before_state;
      changes.push(...body.changes);
      // A cursor that does not move on would loop for ever: stop there (the entries read so far stand).
      start = body.next_start !== null && BigInt(body.next_start) > BigInt(start) ? body.next_start : null;
    }
    return { beforeState, changes };
  },
);

/** Whether `error` says the thing read does not exist at that version (as opposed to the version being unreadable). */
export function isAbsent(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.is(404, 'resource_not_found') || error.is(404, 'account_not_found') || error.is(404, 'table_item_not_found'))
  );
}

/** The answer's body, or `null` when the thing read is absent at that version ({@link isAbsent}). */
function orNull<B>() {
  return reader('body-or-null', async (fetch: () => Promise<ApiAnswer<B>>): Promise<B | null> => {
    try {
      return (await fetch()).body;
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  });
}

const RESOURCE_OR_NULL = orNull<MoveResourceJson>();
const BYTES_OR_NULL = orNull<Uint8Array>();

/** `GET /v1/accounts/{a}/resource/{t}?ledger_version=` as JSON; `null` when absent at that version. */
export function resourceAtQuery(address: string | undefined, type: string, version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.resource,
    { path: { address, resource_type: type }, at: { version } },
    RESOURCE_OR_NULL,
  );
}

/** The same read with `Accept: application/x-bcs`: the resource's stored bytes; `null` when absent. */
export function resourceBytesAtQuery(address: string, type: string, version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.resource,
    { path: { address, resource_type: type }, accept: 'bcs', at: { version } },
    BYTES_OR_NULL,
  );
}

/** `POST /v1/tables/{handle}/raw_item` (BCS) at `version`: the item's stored value bytes; `null` when absent. */
export function tableItemBytesAtQuery(handle: string, keyHex: string, version: VersionKey | undefined) {
  return endpointQuery(
    ENDPOINTS.rawTableItem,
    { path: { table_handle: handle }, body: { key: keyHex }, accept: 'bcs', at: { version } },
    BYTES_OR_NULL,
  );
}
