/**
 * Who held a token, from which version to which, worked out from the activities that move it
 * (`token_activities_v2`, renderer/api/queries/token-page-queries.ts), newest first: a mint starts a holding by
 * `from_address` (the processor writes the token's owner at the mint there), a transfer one by `to_address`, a burn
 * ends the last. Each holding runs from its event's version until the next newer event (or, for the newest, on at the
 * view's version). Exact for the tokens the tables hold (token standard v2, objects): their owner changes only by
 * these events. Pure, so the rules are tested without a page.
 */
import { BURN_TYPES, MINT_TYPES, TRANSFER_TYPES, type TokenActivityRow } from '../../api/queries/token-page-queries.ts';

/** One holding: `owner` held the token from `from` (inclusive) until `until` (exclusive; undefined: still at V). */
export interface Holding {
  readonly owner: string;
  /** The version of the event that gave it to `owner`, or undefined when that is older than the indexer's rows. */
  readonly from: string | undefined;
  /** What gave it: mint, transfer, or unknown (held before the oldest event indexed). */
  readonly how: 'mint' | 'transfer' | 'before';
  readonly until: string | undefined;
  /** Whether the holding ended by a burn at `until`. */
  readonly burned: boolean;
}

const MINTS: ReadonlySet<string> = new Set(MINT_TYPES);
const BURNS: ReadonlySet<string> = new Set(BURN_TYPES);
const TRANSFERS: ReadonlySet<string> = new Set(TRANSFER_TYPES);

/**
 * The holdings, newest first, from owner-changing `events` newest first (version, then event index, descending).
 * `complete` says no older event exists: then a holding before the oldest transfer (a token minted before the
 * indexer's first row) is listed with an unknown start.
 */
export function ownerHistory(events: readonly TokenActivityRow[], complete: boolean): Holding[] {
  const holdings: Holding[] = [];
  // The version the holding begun by the event being read ends at (the newer event's), and whether by a burn.
  let until: string | undefined;
  let burned = false;
  for (const event of events) {
    const version = String(event.transaction_version);
    if (BURNS.has(event.type)) {
      until = version;
      burned = true;
      continue;
    }
    const owner = MINTS.has(event.type) ? event.from_address : TRANSFERS.has(event.type) ? event.to_address : null;
    if (owner === null) continue;
    holdings.push({ owner, from: version, how: MINTS.has(event.type) ? 'mint' : 'transfer', until, burned });
    until = version;
    burned = false;
  }
  const oldest = events.at(-1);
  if (complete && oldest !== undefined && TRANSFERS.has(oldest.type) && oldest.from_address !== null) {
    holdings.push({
      owner: oldest.from_address,
      from: undefined,
      how: 'before',
      until: String(oldest.transaction_version),
      burned: false,
    });
  }
  return holdings;
}
