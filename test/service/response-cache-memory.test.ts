/**
 * The reply cache's memory: unknown query parameters share one entry (a cache-busting client
 * cannot fill it with `?x=1`, `?x=2`, …), a route that reads an unlisted parameter is never cached,
 * and the bytes the cache counts for its entries are not less than the memory they really hold
 * (replies, their wire forms, keys and bookkeeping), measured after full garbage collections.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireFormOf } from '../../electron/service/http-server.ts';
import { keyedQuery, TrackedQuery } from '../../electron/service/query-parameters.ts';
import { cacheKeyOf, ResponseCache } from '../../electron/service/response-cache.ts';
import { createReadService, type ReadServiceHandler } from '../../electron/service/read-service.ts';
import type { LedgerStore } from '../../electron/snapshot/ledger-store.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import type { ServiceRequest } from '../../electron/service/service-reply.ts';
import { fixturePath } from '../support/fixture-path.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function requestOf(path: string): ServiceRequest {
  return {
    method: 'GET',
    url: new URL(`http://127.0.0.1${path}`),
    header: () => null,
    body: async () => new Uint8Array(0),
  };
}

function liveBytes(): number {
  for (let i = 0; i < 4; i += 1) gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

let store: SnapshotStore;
beforeAll(() => {
  store = SnapshotStore.open(fixturePath('small'));
});
afterAll(() => store.close());

describe('cache keys and unknown query parameters', () => {
  it('keys keep only the parameters routes read, decoded, in order', () => {
    expect(keyedQuery('')).toBe('');
    expect(keyedQuery('?junk=1')).toBe('');
    expect(keyedQuery('?junk=1&limit=5&x=%41&ledger_version=7')).toBe('?limit=5&ledger_version=7');
    expect(keyedQuery('?li%6dit=5')).toBe('?limit=5');
    expect(keyedQuery('?limit=5&limit=6')).toBe('?limit=5&limit=6');
    expect(keyedQuery('?limit=6&limit=5')).not.toBe(keyedQuery('?limit=5&limit=6'));
  });

  it('unique unknown parameters reach the store once and share one entry', async () => {
    let reads = 0;
    const counting = new Proxy(store as LedgerStore, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== 'function') return value;
        if (property !== 'accountResources') return (value as (...a: unknown[]) => unknown).bind(target);
        return (...args: unknown[]) => {
          reads += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const service: ReadServiceHandler = createReadService({ store: counting });
    const first = await service.serve(requestOf('/v1/accounts/0x1/resources?junk=0'));
    for (let i = 1; i < 200; i += 1) {
      const reply = await service.serve(requestOf(`/v1/accounts/0x1/resources?junk=${i}&other=${i}`));
      expect(reply).toBe(first);
    }
    expect(reads).toBe(1);
    // A known parameter is still part of the key.
    await service.serve(requestOf('/v1/accounts/0x1/resources?limit=1'));
    expect(reads).toBe(2);
  });

  it('a query read past the known parameters is noted (such replies are not cached)', () => {
    const query = new TrackedQuery('?limit=5&mystery=1');
    expect(query.get('limit')).toBe('5');
    expect(query.readUnknown).toBe(false);
    expect(query.get('mystery')).toBe('1');
    expect(query.readUnknown).toBe(true);
    const listed = new TrackedQuery('?limit=5');
    expect([...listed]).toEqual([['limit', '5']]);
    expect(listed.readUnknown).toBe(true);
  });
});

describe('cache accounting', () => {
  it('counts at least the memory its entries hold', async () => {
    const service = createReadService({ store, responseCache: false });
    const cache = new ResponseCache({ maxEntries: 100_000, maxBytes: 1 << 30 });
    const paths: string[] = [];
    // Small replies (404 records: per-entry overhead dominates) and large ones (resource pages).
    for (let i = 0; i < 3000; i += 1)
      paths.push(`/v1/accounts/0x${(0xabc000 + i).toString(16)}/resource/0x1::account::Account`);
    for (let i = 0; i < 300; i += 1) paths.push(`/v1/accounts/0x1/resources?limit=${i + 1}`);
    // A first pass warms the store's and service's own caches; only the second pass is measured.
    for (const path of paths) await service.serve(requestOf(path));
    const before = liveBytes();
    for (const path of paths) {
      const reply = await service.serve(requestOf(path));
      wireFormOf(reply);
      cache.set((await cacheKeyOf(requestOf(path), 'json'))!, reply);
    }
    const held = liveBytes() - before;
    expect(cache.size).toBe(3300);
    expect(held).toBeGreaterThan(0);
    expect(cache.bytes).toBeGreaterThanOrEqual(held);
    // …and not wildly more (the budget stays meaningful).
    expect(cache.bytes).toBeLessThan(held * 3);
  });
});
