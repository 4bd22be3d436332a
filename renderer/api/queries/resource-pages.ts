/**
 * The one reader of `GET /v1/accounts/{address}/resources`: a page at a version from a cursor, and
 * every page in turn. The resources tab (a page per scroll), the event-handle scan (its first page)
 * and the compare page (all pages) read through these.
 */
import { ENDPOINTS } from '../../../shared/api/registry.ts';
import { request, type ApiAnswer } from '../client.ts';
import { loadPages, TooManyPagesError } from '../../lib/load-all.ts';
import type { MoveResourceJson } from '../types.ts';

/** The node's largest resources page. */
export const MAX_RESOURCE_PAGE_SIZE = 9999;

/** One page of an account's resources at `version`, from the cursor `start` (the first page when undefined). */
export function resourcesPage(
  address: string,
  version: string,
  limit: number,
  start: string | undefined,
  signal?: AbortSignal,
): Promise<ApiAnswer<readonly MoveResourceJson[]>> {
  return request(ENDPOINTS.resources, { path: { address }, query: { ledger_version: version, limit, start }, signal });
}

/**
 * Every resource of an account at `version`, following the cursor page by page (within the load-all
 * bound of lib/load-all.ts: past it the read fails rather than return a partial list as complete).
 */
export async function allResourcePages(
  address: string,
  version: string,
  limit: number,
  signal?: AbortSignal,
): Promise<readonly MoveResourceJson[]> {
  const out: MoveResourceJson[] = [];
  let start: string | undefined;
  const outcome = await loadPages(true, async () => {
    const answer = await resourcesPage(address, version, limit, start, signal);
    out.push(...answer.body);
    start = answer.cursor;
    return start !== undefined;
  });
  if (outcome === 'bounded') throw new TooManyPagesError();
  return out;
}
