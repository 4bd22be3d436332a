/**
 * The objects an account owns directly as of a version, by an index lookup in the indexer's `current_objects`
 * (format v3, electron/indexer/): the rows of the owner valid at the version (`_valid_to`, docs/snapshot-format.md),
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
  /** Whether the owner is matched as its stored BLOB (format v4) rather than its text (format v3). */
  readonly coded: boolean;
  readonly owned: Database.Statement;
  readonly value: Database.Statement;
}

/**
 * The lookup of an owner's objects: over the view of the coded rows (format v4: the owner stored as the id of its
 * interned 32 bytes, `owner_address__c`, electron/indexer/indexer-codecs.ts), or over the text table of a format v3
 * file.
 */
function ownedSql(coded: boolean): string {
  const owner = coded ? '(SELECT s.id FROM ix_strings s WHERE s.value = @owner)' : '@owner';
  const column = coded ? 'owner_address__c' : 'owner_address';
  return `SELECT object_address FROM ix_current_objects WHERE ${column} = ${owner}
    AND last_transaction_version <= @version AND (_valid_to IS NULL OR _valid_to > @version) AND is_deleted = 0
    ORDER BY object_address`;
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
  for (const text of statement.owned.all({ owner: bound, version }) as string[]) {
    const address = parseAddress(text);
    const row = statement.value.get(resourceGroupStateKey(address, groupTag), version) as
      { value: unknown } | undefined;
    const bytes = row === undefined ? undefined : storedBlob(row.value, file, () => 'a resource group value');
    if (bytes) holders.push({ address, value: bytes });
  }
  return holders;
}
