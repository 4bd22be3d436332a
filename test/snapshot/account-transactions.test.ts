/**
 * `accountTransactionVersions` (electron/snapshot/transaction-reads.ts): a sender's sequence-number transactions by
 * sequence number, the newest `limit` without a start, orderless transactions left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';

let store: SnapshotStore;
let info: SnapshotInfo;

beforeAll(() => {
  store = SnapshotStore.open(fixturePath('main'));
  info = snapshotInfo(store, 5);
});
afterAll(() => store.close());

describe('accountTransactionVersions', () => {
  it('lists sequence-number transactions from a sequence number, or the newest page', () => {
    for (const { address } of info.samples.senders) {
      const sender = parseAddress(address);
      const all = store
        .transactionSummaries(sender, { startVersion: 0n, endVersion: undefined, limit: 100_000 })
        .filter((summary) => summary.replayProtector.type === 'sequence_number');
      const sequences = all.map((summary) => summary.replayProtector.value);
      const versions = all.map((summary) => summary.version);
      expect(store.accountTransactionVersions(sender, undefined, 3)).toEqual(versions.slice(-3));
      const from = sequences[1] ?? 0n;
      const at = sequences.indexOf(from);
      expect(store.accountTransactionVersions(sender, from, 4)).toEqual(versions.slice(at, at + 4));
      expect(store.accountTransactionVersions(sender, (sequences.at(-1) ?? 0n) + 1n, 5)).toEqual([]);
      expect(store.accountTransactionVersions(sender, 1n << 64n, 5)).toEqual([]);
    }
  });

  it('leaves out orderless transactions', () => {
    const orderless = info.samples.transactions.orderless;
    expect(orderless).not.toBeNull();
    const txn = store.transaction(BigInt(orderless!.version))!;
    expect(store.accountTransactionVersions(txn.sender!, 0n, 100_000)).not.toContain(txn.version);
    expect(store.accountTransactionVersions(txn.sender!, undefined, 100_000)).not.toContain(txn.version);
  });
});
