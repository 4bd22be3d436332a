/**
 * `LedgerStore.writeSetWithBefore` (electron/snapshot/write-set-before.ts) over the generated `main` fixture: for
 * versions spread over the retained window, the same keys, values and existed flags as `writeSet`, and each key's
 * before equal to the store's own state read at V − 1; nothing at the oldest version (its earlier rows compacted),
 * below it or above the latest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/hex.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';

let store: SnapshotStore;

beforeAll(() => {
  store = SnapshotStore.open(fixturePath('main'));
});
afterAll(() => store.close());

const hex = (bytes: Uint8Array | undefined): string | undefined =>
  bytes === undefined ? undefined : bytesToHex(bytes);

describe('a write set with its befores', () => {
  it('agrees with writeSet and with the state read at V − 1, key by key', () => {
    const { oldestVersion, latestVersion } = store.meta;
    let keys = 0;
    let created = 0;
    let modified = 0;
    for (let i = 1n; i <= 40n; i += 1n) {
      const version = oldestVersion + ((latestVersion - oldestVersion) * i) / 40n;
      const ops = store.writeSet(version)!;
      const withBefore = store.writeSetWithBefore(version)!;
      expect(withBefore.map((op) => hex(op.stateKey))).toEqual(ops.map((op) => hex(op.stateKey)));
      for (const [index, op] of withBefore.entries()) {
        expect(hex(op.value)).toBe(hex(ops[index]!.value));
        expect(op.existed).toBe(ops[index]!.existed);
        const before = store.stateValue(op.stateKey, version - 1n);
        expect(hex(op.before)).toBe(hex(before));
        expect(op.existed).toBe(before !== undefined);
        keys += 1;
        if (op.existed) modified += 1;
        else created += 1;
      }
    }
    // The sample covers both kinds of write.
    expect(keys).toBeGreaterThan(40);
    expect(created).toBeGreaterThan(0);
    expect(modified).toBeGreaterThan(0);
  });

  it('answers nothing where the state before is not whole or the version is not held', () => {
    const { oldestVersion, latestVersion } = store.meta;
    expect(store.writeSet(oldestVersion)).toBeDefined();
    expect(store.writeSetWithBefore(oldestVersion)).toBeUndefined();
    expect(store.writeSetWithBefore(oldestVersion - 1n)).toBeUndefined();
    expect(store.writeSetWithBefore(latestVersion + 1n)).toBeUndefined();
    expect(store.writeSetWithBefore(latestVersion)).toBeDefined();
  });
});
