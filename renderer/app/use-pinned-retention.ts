/**
 * Whether the pinned version is one the source still holds, for the panels whose endpoint takes no
 * ledger version (events, transaction summaries): a state read at a pruned or future version fails
 * with the API's 410 or 404 record, but these lists would answer regardless. So the pinned version
 * is checked apart (`GET /explorer/v1/versions/{v}`, or the node's block lookup) and, when it is out
 * of range, such a panel shows that instead of rows, as the state panels do.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../api/client.ts';
import { versionInfoQuery } from '../api/queries/explorer-queries.ts';
import { useLedgerVersion } from './use-ledger-version.ts';

/** The pinned version's standing, as {@link usePinnedRetention} reports it. */
export interface PinnedRetention {
  /** True when the source answered the pinned version with 404 (not yet) or 410 (pruned). */
  readonly outOfRange: boolean;
  /** That answer's error record, to show in place of the rows (undefined when in range or not pinned). */
  readonly error: ApiRequestError | undefined;
  /** Why rows must not be exported meanwhile ("version N is outside the retained versions"), when out of range. */
  readonly unavailable: string | undefined;
}

/** Checks the pinned version (nothing is read when none is pinned). */
export function usePinnedRetention(): PinnedRetention {
  const { pinned } = useLedgerVersion();
  const standing = useQuery(versionInfoQuery(pinned));
  const error =
    standing.error instanceof ApiRequestError && (standing.error.status === 404 || standing.error.status === 410)
      ? standing.error
      : undefined;
  const unavailable =
    error === undefined || pinned === undefined ? undefined : `version ${pinned} is outside the retained versions`;
  return { outOfRange: error !== undefined, error, unavailable };
}
