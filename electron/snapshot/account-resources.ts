/**
 * One page of an account's resources as of a version, as `/resources` lists them: the account's distinct
 * access-path keys from the cursor on, each read as of the version; a resource group's key expands into all its
 * members in tag order, while `limit` counts state keys, not items (docs/api.md). The next page's cursor is always a
 * Resource key, even when the next key is a group's (as the node builds it).
 */
import type Database from 'better-sqlite3';
import { bytesToHex } from '../../shared/hex.ts';
import { decodeResourceGroupInTagOrder } from '../../shared/resource-group.ts';
import type { ResourcePage, StoredResource } from './ledger-store.ts';
import { accountKeyPrefix, listedStateKey, prefixUpperBound, resourceStateKey } from './state-keys.ts';
import { storedBlob } from './stored-blob.ts';

/** Which page: the account, the version, where to resume (a state key, inclusive) and how many keys. */
export interface ResourcesPageRequest {
  readonly address: Uint8Array;
  readonly version: bigint;
  readonly startKey: Uint8Array | undefined;
  readonly limit: number;
}

/**
 * Reads the page with `accountKeys` (the statement that skip-scans an account's distinct keys and reads each one's
 * value as of `version`); `file` names the snapshot in messages about undecodable content.
 */
export function accountResourcesPage(
  accountKeys: Database.Statement,
  file: string,
  { address, version, startKey, limit }: ResourcesPageRequest,
): ResourcePage {
  const prefix = accountKeyPrefix(address);
  const end = prefixUpperBound(prefix);
  const from: Uint8Array = startKey && Buffer.compare(startKey, prefix) > 0 ? startKey : prefix;
  const resources: StoredResource[] = [];
  let keys = 0;
  for (const row of accountKeys.iterate({ from, end, version }) as Iterable<{
    state_key: Uint8Array;
    value: Uint8Array | null;
  }>) {
    const bytes = storedBlob(
      row.value,
      file,
      () => `the state value of ${bytesToHex(row.state_key)} as of version ${version}`,
    );
    if (!bytes) continue;
    const listed = listedStateKey(row.state_key);
    if (!listed) continue;
    if (keys === limit) return { resources, nextCursor: resourceStateKey(address, listed.tag) };
    keys += 1;
    if (listed.group) {
      for (const member of decodeResourceGroupInTagOrder(bytes)) resources.push({ stateKey: row.state_key, ...member });
    } else {
      resources.push({ stateKey: row.state_key, tag: listed.tag, bytes });
    }
  }
  return { resources, nextCursor: undefined };
}
