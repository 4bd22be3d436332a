/**
 * Where a stream stood at a ledger version. The event endpoints take no `ledger_version`, but every event carries
 * the version that emitted it, and versions grow with sequence numbers: the newest event at or below version V
 * is found from the newest page (usually the answer is in it) and otherwise by bisecting sequence numbers with
 * one-event reads (about log2(count) of them, once per stream and version: the answer is cached with the list).
 */
import type { ApiAnswer } from '../client.ts';
import type { EventJson } from '../types.ts';

/** How many of the newest events are read first (the node's largest page). */
const NEWEST_PROBE = 100;

/** The newest sequence number at or below a version (null: the stream had no event yet), and the first answer. */
export interface EventBound {
  readonly bound: bigint | null;
  /** The answer of the first read (its ledger headers stand for the search's). */
  readonly answer: ApiAnswer<readonly EventJson[]>;
}

/** Reads `limit` events of one stream from `start` (the newest ones when undefined), in ascending order. */
export type EventsRead = (start: bigint | undefined, limit: number) => Promise<ApiAnswer<readonly EventJson[]>>;

/** The sequence number of the stream's newest event emitted at or below `version`. */
export async function newestSequenceAt(readEvents: EventsRead, version: bigint): Promise<EventBound> {
  const answer = await readEvents(undefined, NEWEST_PROBE);
  const newest = answer.body;
  const atOrBelow = newest.filter((event) => BigInt(event.version) <= version);
  if (atOrBelow.length > 0) {
    const last = atOrBelow.reduce((a, b) => (BigInt(b.sequence_number) > BigInt(a.sequence_number) ? b : a));
    return { bound: BigInt(last.sequence_number), answer };
  }
  const oldestRead = newest.reduce<bigint | undefined>(
    (low, event) => (low === undefined || BigInt(event.sequence_number) < low ? BigInt(event.sequence_number) : low),
    undefined,
  );
  // No events at all, or the newest page starts the stream: nothing was emitted by `version`.
  if (oldestRead === undefined || oldestRead === 0n) return { bound: null, answer };
  const first = (await readEvents(0n, 1)).body[0];
  if (first === undefined || BigInt(first.version) > version) return { bound: null, answer };
  // Invariant: the event at `low` is at or below `version`, the one at `high` after it.
  let low = 0n;
  let high = oldestRead;
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    const event = (await readEvents(middle, 1)).body[0];
    if (event !== undefined && BigInt(event.version) <= version) low = middle;
    else high = middle;
  }
  return { bound: low, answer };
}
