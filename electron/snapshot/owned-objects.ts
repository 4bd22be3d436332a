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
const statements = new WeakMap<Database.Database, { owned: Database.Statement; value: Database.Statement } | null>();

function prepared(db: Database.Database): { owned: Database.Statement; value: Database.Statement } | null {
  let found = statements.get(db);
  if (found === undefined) {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ix_current_objects'").get();
    found =
      exists === undefined
        ? null
        : {
            owned: db
              .prepare(
                plan(
                  `SELECT object_address FROM ix_current_objects WHERE owner_address = @owner
                     AND last_transaction_version <= @version AND (_valid_to IS NULL OR _valid_to > @version)
                     AND is_deleted = 0
                   ORDER BY object_address`,
                ),
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
  for (const text of statement.owned.all({ owner: formatAddressLong(owner), version }) as string[]) {
    const address = parseAddress(text);
    const row = statement.value.get(resourceGroupStateKey(address, groupTag), version) as
      { value: unknown } | undefined;
    const bytes = row === undefined ? undefined : storedBlob(row.value, file, () => 'a resource group value');
    if (bytes) holders.push({ address, value: bytes });
  }
  return holders;
}
