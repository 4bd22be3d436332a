/**
 * The bare SQL of the state endpoints of the service benchmark: for a resources page, an events page and a table
 * item, the store's own prepared statements (electron/snapshot/snapshot-queries.ts) returning the rows each request
 * reads, with no decoding, rendering or HTTP — the floor under the service's uncached cost of the same reads,
 * timed by service-bench-sql.ts in the same run.
 */
import type Database from 'better-sqlite3';
import { hexToBytes } from '../../shared/hex.ts';
import { parseAddress } from '../../shared/address.ts';
import { accountKeyPrefix, prefixUpperBound, tableItemStateKey } from '../../electron/snapshot/state-keys.ts';
import { SnapshotQueries } from '../../electron/snapshot/snapshot-queries.ts';
import type { BareSqlFactory } from './service-bench-transactions.ts';

/** A resources page: the account's first `limit` + 1 keys (the one more tells the cursor) with their values. */
export function resourcesSql(addresses: readonly string[], version: bigint, limit: number): BareSqlFactory {
  return (db: Database.Database) => {
    const queries = new SnapshotQueries(db);
    return addresses.map((address) => {
      const from = accountKeyPrefix(parseAddress(address));
      const end = prefixUpperBound(from);
      return () => {
        const rows: unknown[] = [];
        for (const row of queries.accountKeys.iterate({ from, end, version })) {
          rows.push(row);
          if (rows.length > limit) break;
        }
        return rows;
      };
    });
  };
}

/** One events page: the stream's newest `limit` events, or `limit` from a sequence number. */
export interface EventPageRead {
  readonly address: string;
  readonly creationNumber: bigint;
  readonly start: bigint | undefined;
}

/** Events pages, each one statement as the store runs it. */
export function eventsSql(pages: readonly EventPageRead[], limit: number): BareSqlFactory {
  return (db: Database.Database) => {
    const queries = new SnapshotQueries(db);
    return pages.map(({ address, creationNumber, start }) => {
      const bytes = parseAddress(address);
      return start === undefined
        ? () => queries.newestEvents.all(bytes, creationNumber, limit)
        : () => queries.eventsFrom.all(bytes, creationNumber, start, limit);
    });
  };
}

/** Table items by their BCS keys (hex): the newest value at or below `version` of each item's state key. */
export function tableItemsSql(items: readonly { handle: string; rawKey: string }[], version: bigint): BareSqlFactory {
  return (db: Database.Database) => {
    const queries = new SnapshotQueries(db);
    return items.map(({ handle, rawKey }) => {
      const key = tableItemStateKey(parseAddress(handle), hexToBytes(rawKey));
      return () => queries.valueAt.get(key, version);
    });
  };
}
