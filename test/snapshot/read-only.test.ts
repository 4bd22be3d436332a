/**
 * Reading never changes a snapshot: after every store method, info, digest and verify have run over
 * the shared fixture, its bytes and modification time are unchanged and SQLite left no journal or
 * WAL file beside it. (The global teardown repeats the hash check after the whole run.)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { verifySnapshot } from '../../electron/snapshot/snapshot-verify.ts';
import { contentDigest } from '../../electron/snapshot/snapshot-digest.ts';
import { fixturePath } from '../support/fixture-path.ts';

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

describe('a snapshot opened for reading', () => {
  it('is byte-for-byte unchanged after every kind of read', () => {
    const path = fixturePath('small');
    expect(inject('fixtureHashes')[path]).toBe(sha256(path));
    const before = { hash: sha256(path), mtime: statSync(path).mtimeMs };
    const store = SnapshotStore.open(path);
    const latest = store.meta.latestVersion;
    const info = snapshotInfo(store);
    const one = parseAddress('0x1');
    expect(store.resource(one, parseStructTag('0x1::chain_id::ChainId'), latest)).toBeDefined();
    expect(store.accountResources(one, latest, undefined, 3).resources).toHaveLength(3);
    expect(store.events(one, 3n, undefined, 10)).toHaveLength(10);
    const sender = info.samples.senders[0];
    expect(sender).toBeDefined();
    expect(store.transactionSummaries(parseAddress(sender?.address ?? '0x1'), { limit: 5 })).toHaveLength(5);
    expect(store.recentBlocks(store.ledgerInfo().epoch, 5).length).toBeGreaterThan(0);
    expect(store.minGasUnitPrice(latest)).toBe(100n);
    expect(store.modules(one, latest).length).toBeGreaterThan(5);
    const table = info.samples.tables[0];
    expect(table).toBeDefined();
    expect(store.tableInfo(parseAddress(table?.handle ?? '0x0'))).toBeDefined();
    expect(store.listAccounts(latest, undefined, 10)).toHaveLength(10);
    expect(store.blocksBefore(undefined, 3)).toHaveLength(3);
    expect(contentDigest(store.database)).toMatch(/^sha256:/);
    expect(verifySnapshot(store).ok).toBe(true);
    expect(() => store.database.exec('DELETE FROM meta')).toThrow(/readonly|read-only/);
    store.close();
    expect(sha256(path)).toBe(before.hash);
    expect(statSync(path).mtimeMs).toBe(before.mtime);
    for (const suffix of ['-journal', '-wal', '-shm']) expect(existsSync(`${path}${suffix}`)).toBe(false);
  });
});
