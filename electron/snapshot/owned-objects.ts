/**
 * The objects an account owns directly as of a version, by an index lookup in the indexer's `current_objects`
 * (format v4, electron/indexer/): the rows of the owner valid at the version (`_valid_to`, docs/snapshot-format.md),
 * then each object's group value as of the version (one primary-key seek each). Replaces the scan of every address
 * (group-holders.ts) for `GET /explorer/v1/accounts/{a}/assets` where the file has the table.
 */
import type Database from 'better-sqlite3';
import { formatAddressLong, parseAddress } from '../../shared/address.ts';
import type { StructTag } from '../../shared/type-tag.ts';
import type { GroupHolder } from './group-holders.ts';
import { plan } from './snapshot-queries.ts';
import { resourceGroupStateKey } from './state-keys.ts';
import { storedBlob } from './stored-blob.ts';

/** Prepared statements, or null where the file has no `ix_current_objects`. */
const statements = new WeakMap<Database.Database, Prepared | null>();

interface Prepared {
  /** Whether the rows are the stored, interned ones (format v4) rather than text (format v3). */
  readonly coded: boolean;
  readonly owned: Database.Statement;
  readonly value: Database.Statement;
}

/**
 * The lookup of an owner's objects: over the stored rows of a format v4 file (owner and object stored as ids of their
 * interned 32 bytes, electron/indexer/indexer-codecs.ts), or over the text table of a format v3 file.
 */
function ownedSql(coded: boolean): string {
  if (!coded)
    return `SELECT object_address FROM ix_current_objects WHERE owner_address = @owner
      AND last_transaction_version <= @version AND (_valid_to IS NULL OR _valid_to > @version) AND is_deleted = 0
      ORDER BY object_address`;
  // The objects' interned 32 bytes, which order as their long hex texts do.
  // CROSS JOIN fixes the order (the owner's id, then its rows by the owner index): given the id as a subquery, the
  // planner scanned the table (its estimate of an unknown id's rows).
  return `SELECT s.value FROM ix_strings w CROSS JOIN ix_current_objects_stored o CROSS JOIN ix_strings s
    WHERE w.value = @owner AND o.owner_address = w.id AND s.id = o.object_address
      AND o.last_transaction_version <= @version AND (o._valid_to IS NULL OR o._valid_to > @version)
      AND o.is_deleted = 0
    ORDER BY s.value`;
}

function prepared(db: Database.Database): Prepared | null {
  let found = statements.get(db);
  if (found === undefined) {
    const kind = db
      .prepare("SELECT type FROM sqlite_master WHERE type IN ('table', 'view') AND name = 'ix_current_objects'")
      .pluck()
      .get() as string | undefined;
    found =
      kind === undefined
        ? null
        : {
            coded: kind === 'view',
            owned: db.prepare(plan(ownedSql(kind === 'view'))).pluck(),
            value: db.prepare(
              plan('SELECT value FROM state_values WHERE state_key = ? AND version <= ? ORDER BY version DESC LIMIT 1'),
            ),
          };
    statements.set(db, found);
  }
  return found;
}

/**
 * The holders of `groupTag` among the objects `owner` owns as of `version`, ascending by address (as groupHolders
 * lists them), with each group's value; undefined when the file has no indexer tables.
 */
export function ownedObjects(
  db: Database.Database,
  file: string,
  owner: Uint8Array,
  groupTag: StructTag,
  version: bigint,
): readonly GroupHolder[] | undefined {
  const statement = prepared(db);
  if (statement === null) return undefined;
  const holders: GroupHolder[] = [];
  const bound = statement.coded ? Buffer.from(formatAddressLong(owner).slice(2), 'hex') : formatAddressLong(owner);
  for (const stored of statement.owned.all({ owner: bound, version }) as (string | Buffer)[]) {
    const address = typeof stored === 'string' ? parseAddress(stored) : new Uint8Array(stored);
    const row = statement.value.get(resourceGroupStateKey(address, groupTag), version) as
      { value: unknown } | undefined;
    const bytes = row === undefined ? undefined : storedBlob(row.value, file, () => 'a resource group value');
    if (bytes) holders.push({ address, value: bytes });
  }
  return holders;
}
