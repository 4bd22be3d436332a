/**
 * The addresses holding a resource group at a version (e.g. every object: `0x1::object::ObjectGroup`), for the
 * explorer's "what does this account own" (`GET /explorer/v1/accounts/{a}/assets`). A snapshot has no index of
 * groups by tag or of objects by owner, so this skip-scans the distinct addresses of the access-path keys (one
 * primary-key seek per address, the same way `/resources` skip-scans one account's keys) and reads each one's
 * group key as of the version (one more seek). The cost grows with the number of addresses, not of writes.
 */
import type Database from 'better-sqlite3';
import type { StructTag } from '../../shared/type-tag.ts';
import { plan } from './snapshot-queries.ts';
import { accountKeyPrefix, prefixUpperBound, resourceGroupStateKey } from './state-keys.ts';
import { storedBlob } from './stored-blob.ts';

/** One holder of the group and the group's state value (the BCS map of its members) as of the version. */
export interface GroupHolder {
  readonly address: Uint8Array;
  readonly value: Uint8Array;
}

/** The first bytes of the access-path keys (`00`) and the first byte past them. */
const ACCESS_PATHS = Uint8Array.of(0x00);
const PAST_ACCESS_PATHS = Uint8Array.of(0x01);

/** Prepared statements of the scan, kept per connection. */
const statements = new WeakMap<Database.Database, { next: Database.Statement; value: Database.Statement }>();

function prepared(db: Database.Database): { next: Database.Statement; value: Database.Statement } {
  let found = statements.get(db);
  if (!found) {
    found = {
      next: db
        .prepare(
          plan('SELECT state_key FROM state_values WHERE state_key >= ? AND state_key < ? ORDER BY state_key LIMIT 1'),
        )
        .pluck(),
      value: db.prepare(
        plan('SELECT value FROM state_values WHERE state_key = ? AND version <= ? ORDER BY version DESC LIMIT 1'),
      ),
    };
    statements.set(db, found);
  }
  return found;
}

/** Every address whose group `groupTag` exists as of `version`, ascending by address, with the group's value. */
export function groupHolders(
  db: Database.Database,
  file: string,
  groupTag: StructTag,
  version: bigint,
): readonly GroupHolder[] {
  const { next, value } = prepared(db);
  const holders: GroupHolder[] = [];
  let from: Uint8Array = ACCESS_PATHS;
  for (;;) {
    const key = next.get(from, PAST_ACCESS_PATHS) as Uint8Array | undefined;
    if (key === undefined || key.length < 33) break;
    const address = Uint8Array.from(key.subarray(1, 33));
    const row = value.get(resourceGroupStateKey(address, groupTag), version) as { value: unknown } | undefined;
    const bytes = row === undefined ? undefined : storedBlob(row.value, file, () => 'a resource group value');
    if (bytes) holders.push({ address, value: bytes });
    // The next address: past every key of this one (its prefix's upper bound).
    from = prefixUpperBound(accountKeyPrefix(address));
    if (from.length === 0 || from[0] !== 0x00) break;
  }
  return holders;
}
