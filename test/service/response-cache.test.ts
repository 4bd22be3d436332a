/**
 * The reply cache: a bounded LRU (entries and bytes), never holding server errors, and in the
 * service keyed by everything that changes a reply — path and query, negotiated format, method
 * (HEAD shares GET's entry) and the JSON body of the table endpoints. A counting view of the real
 * store shows which requests reached it. The replies it stores are marked held (the HTTP adapter encodes each
 * once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHeldReply, ResponseCache } from '../../electron/service/response-cache.ts';
import { createReadService, type ReadServiceHandler } from '../../electron/service/read-service.ts';
import type { LedgerStore } from '../../electron/snapshot/ledger-store.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { snapshotInfo, type SnapshotInfo } from '../../electron/snapshot/snapshot-info.ts';
import { fixturePath } from '../support/fixture-path.ts';

const reply = (status: number, body: string) => ({ status, headers: [['Content-Type', 'text/plain']] as const, body });

describe('ResponseCache', () => {
  it('marks the replies it stores as held (the HTTP adapter keeps their encoded form), and only those', () => {
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 1 << 20 });
    const stored = reply(200, 'A');
    const serverError = reply(503, 'B');
    const tooLarge = reply(200, 'C'.repeat(1 << 19));
    cache.set('a', stored);
    cache.set('b', serverError);
    cache.set('c', tooLarge);
    expect(isHeldReply(stored)).toBe(true);
    expect(isHeldReply(serverError)).toBe(false);
    expect(isHeldReply(tooLarge)).toBe(false);
    expect(isHeldReply(reply(200, 'A'))).toBe(false);
  });

  it('evicts the least recently used entry beyond the entry limit', () => {
    const cache = new ResponseCache({ maxEntries: 2, maxBytes: 1 << 20 });
    cache.set('a', reply(200, 'A'));
    cache.set('b', reply(200, 'B'));
    expect(cache.get('a')?.body).toBe('A');
    cache.set('c', reply(200, 'C'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('A');
    expect(cache.get('c')?.body).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('evicts by bytes, refuses replies over a quarter of the budget, and never stores server errors', () => {
    // Each 300-character reply under a one-letter key counts 1484 bytes: entry bookkeeping (512),
    // UTF-16 text (600), its UTF-8 wire copy (300), the header (48 + its 22 characters) and the
    // UTF-16 key (2). Four fit in 6000; the 400-character reply (1784 bytes) is over a quarter (1500).
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 6000 });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, reply(200, key.repeat(300)));
    expect(cache.get('a')).toBeDefined();
    cache.set('e', reply(200, 'e'.repeat(300)));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('e')).toBeDefined();
    cache.set('big', reply(200, 'w'.repeat(400)));
    expect(cache.get('big')).toBeUndefined();
    cache.set('error', reply(503, 'down'));
    expect(cache.get('error')).toBeUndefined();
    cache.set('missing', reply(404, 'not found'));
    expect(cache.get('missing')?.status).toBe(404);
  });
});

describe('the read service with its reply cache', () => {
  let store: SnapshotStore;
  let info: SnapshotInfo;
  const calls = new Map<string, number>();
  let service: ReadServiceHandler;

  beforeAll(() => {
    store = SnapshotStore.open(fixturePath('small'));
    info = snapshotInfo(store);
    const counting = new Proxy(store as LedgerStore, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.set(String(property), (calls.get(String(property)) ?? 0) + 1);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    service = createReadService({ store: counting });
  });
  afterAll(() => store.close());

  const fetchVia = (path: string, init: RequestInit = {}) => service(new Request(`http://127.0.0.1${path}`, init));

  it('answers a repeated request from the cache with the identical reply', async () => {
    const path = `/v1/accounts/${info.samples.accounts[0]}/resources?limit=3`;
    const first = await fetchVia(path);
    const before = calls.get('accountResources') ?? 0;
    const second = await fetchVia(path);
    expect(calls.get('accountResources') ?? 0).toBe(before);
    expect(second.status).toBe(first.status);
    expect([...second.headers]).toEqual([...first.headers]);
    expect(await second.text()).toBe(await first.text());
  });

  it('keys by negotiated format, query, and body; HEAD shares GET and has no body', async () => {
    const path = `/v1/accounts/${info.samples.accounts[0]}/resources`;
    const json = await fetchVia(`${path}?limit=2`);
    const bcs = await fetchVia(`${path}?limit=2`, { headers: { accept: 'application/x-bcs' } });
    expect(json.headers.get('content-type')).toMatch(/json/);
    expect(bcs.headers.get('content-type')).toBe('application/x-bcs');
    const other = await fetchVia(`${path}?limit=1`);
    expect(JSON.parse(await other.text())).toHaveLength(1);
    const head = await fetchVia(`${path}?limit=2`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('x-aptos-cursor')).toBe(json.headers.get('x-aptos-cursor'));

    const table = info.samples.tables.find((t) => t.keyType === 'u64');
    expect(table).toBeDefined();
    const item = (key: unknown) =>
      fetchVia(`/v1/tables/${table?.handle}/item`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key_type: table?.keyType, value_type: table?.valueType, key }),
      });
    const [a, b] = await Promise.all([item(table?.keys[0]), item(table?.keys[1])]);
    expect(await a.text()).not.toBe(await b.text());
    const again = await item(table?.keys[0]);
    expect(again.status).toBe(200);
  });

  it('does not keep a server error: a request that failed is tried again', async () => {
    const broken = SnapshotStore.open(fixturePath('small'));
    const svc = createReadService({ store: broken, onUnexpectedError: () => undefined });
    const ok = await svc(new Request('http://127.0.0.1/v1'));
    expect(ok.status).toBe(200);
    broken.close();
    const gas = await svc(new Request('http://127.0.0.1/v1/estimate_gas_price'));
    expect(gas.status).toBe(503);
    const cached = await svc(new Request('http://127.0.0.1/v1'));
    expect(cached.status).toBe(200);
    const again = await svc(new Request('http://127.0.0.1/v1/estimate_gas_price'));
    expect(again.status).toBe(503);
  });

  it('can be turned off', async () => {
    const plain = createReadService({ store, responseCache: false });
    const path = `/v1/accounts/${info.samples.accounts[0]}/transaction_summaries?limit=2`;
    const first = await plain(new Request(`http://127.0.0.1${path}`));
    const second = await plain(new Request(`http://127.0.0.1${path}`));
    expect(await second.text()).toBe(await first.text());
  });
});
