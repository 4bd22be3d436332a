/**
 * The samples of a test fixture (accounts, streams, tables, transactions, blocks; electron/snapshot/snapshot-info.ts),
 * read once per file so journeys pick real addresses, versions and hashes instead of hard-coded ones.
 */
import { SnapshotStore } from '../../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../../support/fixture-path.ts';
import type { FixtureName } from '../../support/fixtures.ts';

/** The fixture's facts with `sampleSize` samples of each kind (the store is opened read-only and closed again). */
export function fixtureInfo(fixture: FixtureName = 'main', sampleSize = 5): SnapshotInfo {
  const store = SnapshotStore.open(fixturePath(fixture));
  try {
    return snapshotInfo(store, sampleSize);
  } finally {
    store.close();
  }
}
