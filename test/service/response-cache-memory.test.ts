/**
 * The reply cache's memory: unknown query parameters share one entry (a cache-busting client
 * cannot fill it with `?x=1`, `?x=2`, …), a route that reads an unlisted parameter is never cached,
 * and the bytes the cache counts for its entries are not less than the memory they really hold
 * (replies, their wire forms, keys and bookkeeping), measured after full garbage collections.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireFormOf } from '../../electron/service/wire-reply.ts';
import { ENDPOINTS } from '../../shared/api/registry.ts';
import { declaredQueryKey } from '../../electron/service/declared-parameters.ts';
import { cacheKeyOf, ResponseCache, serviceKeyScope } from '../../electron/service/response-cache.ts';
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
  it('keys keep only the parameters the route declares, decoded, in order', () => {
    const key = (search: string): string => declaredQueryKey(ENDPOINTS.resources, search);
    expect(key('')).toBe('');
    expect(key('?junk=1')).toBe('');
    expect(key('?junk=1&limit=5&x=%41&ledger_version=7')).toBe('?limit=5&ledger_version=7');
    expect(key('?li%6dit=5')).toBe('?limit=5');
    expect(key('?limit=5&limit=6')).toBe('?limit=5&limit=6');
    expect(key('?limit=6&limit=5')).not.toBe(key('?limit=5&limit=6'));
    // Another route's parameter is junk here: `/v1/accounts/{address}` declares only `ledger_version`.
    expect(declaredQueryKey(ENDPOINTS.account, '?limit=5&start=00&ledger_version=7')).toBe('?ledger_version=7');
    // A path no route serves: no parameter changes its answer.
    expect(declaredQueryKey(undefined, '?limit=5')).toBe('');
    // Names of Object.prototype are not declared parameters.
    expect(key('?toString=1&constructor=2')).toBe('');
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

  it("another route's parameters share the entry of a route that does not declare them", async () => {
    let reads = 0;
    const counting = new Proxy(store as LedgerStore, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (typeof value !== 'function') return value;
        if (property !== 'resource') return (value as (...a: unknown[]) => unknown).bind(target);
        return (...args: unknown[]) => {
          reads += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const service = createReadService({ store: counting });
    const first = await service.serve(requestOf('/v1/accounts/0x1'));
    const afterFirst = reads;
    for (const search of ['?limit=1', '?start=00', '?limit=2&after=0x1', '?with_transactions=true'])
      expect(await service.serve(requestOf(`/v1/accounts/0x1${search}`))).toBe(first);
    expect(reads).toBe(afterFirst);
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
      cache.set((await cacheKeyOf(requestOf(path), 'json', serviceKeyScope(ENDPOINTS.resources)))!, reply);
    }
    const held = liveBytes() - before;
    expect(cache.size).toBe(3300);
    expect(held).toBeGreaterThan(0);
    expect(cache.bytes).toBeGreaterThanOrEqual(held);
    // …and not wildly more (the budget stays meaningful).
    expect(cache.bytes).toBeLessThan(held * 3);
  });
});
