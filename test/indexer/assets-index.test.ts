/**
 * `GET /explorer/v1/accounts/{a}/assets` over the indexer's `current_objects` (format v4) lists exactly what the
 * scan of every object lists, at the newest version and at older ones, for every owner that has objects.
 */
import { describe, expect, it } from 'vitest';
import { formatAddress, formatAddressLong } from '../../shared/address.ts';
import { decodeResourceGroup } from '../../shared/resource-group.ts';
import { formatStructTag } from '../../shared/type-tag.ts';
import { OBJECT_GROUP } from '../../electron/service/view/resource-group-members.ts';
import { decodeObjectCore } from '../../electron/indexer/processors/written-state.ts';
import { useMainFixture } from './indexer-fixture.ts';

const { store } = useMainFixture();

/** Owner (long address) → its objects' addresses, by the scan. */
function scanOwners(version: bigint): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const holder of store.groupHolders(OBJECT_GROUP, version)) {
    const core = decodeResourceGroup(holder.value).find((m) => formatStructTag(m.tag) === '0x1::object::ObjectCore');
    if (core === undefined) continue;
    const owner = formatAddressLong(decodeObjectCore(core.bytes).owner);
    owners.set(owner, [...(owners.get(owner) ?? []), formatAddress(holder.address)]);
  }
  return owners;
}

describe('the assets lookup in current_objects', () => {
  it('finds each owner’s objects, in address order, as the scan does, as of several versions', () => {
    const { oldestVersion, latestVersion } = store.meta;
    for (const version of [oldestVersion, (oldestVersion + latestVersion) / 2n, latestVersion]) {
      const scanned = scanOwners(version);
      expect(scanned.size).toBeGreaterThan(10);
      for (const [owner, objects] of scanned) {
        const found = store.ownedObjects(Buffer.from(owner.slice(2), 'hex'), OBJECT_GROUP, version);
        expect({ owner, version, objects: found?.map((h) => formatAddress(h.address)) }).toEqual({
          owner,
          version,
          objects,
        });
      }
    }
  });
});
