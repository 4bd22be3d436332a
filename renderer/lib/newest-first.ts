/**
 * The newest-first orders the account lists show (and export in the same order): events by
 * sequence number, transaction summaries by version. Numbers are u64 decimal strings, so they are
 * compared as bigints.
 */

/** Items sorted by a decimal u64 field, largest first (a new array). */
function byDescending<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const x = BigInt(key(a));
    const y = BigInt(key(b));
    return x === y ? 0 : y > x ? 1 : -1;
  });
}

/** Events newest first (by sequence number). */
export function eventsNewestFirst<T extends { readonly sequence_number: string }>(events: readonly T[]): T[] {
  return byDescending(events, (event) => event.sequence_number);
}

/** Transaction summaries newest first (by version). */
export function summariesNewestFirst<T extends { readonly version: string }>(summaries: readonly T[]): T[] {
  return byDescending(summaries, (summary) => summary.version);
}
