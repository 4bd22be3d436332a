import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { createFakeStore, FAKE_LEDGER } from './fake-store.ts';
import { BCS, expectError, expectLedgerHeaders, get, post, service } from './service-support.ts';

describe('GET /v1', () => {
  it('serves the ledger info as the node does, with headers', async () => {
    const response = await get('/v1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectLedgerHeaders(response);
    expect(await response.json()).toEqual({
      chain_id: 4,
      epoch: '2',
      ledger_version: '100',
      oldest_ledger_version: '10',
      ledger_timestamp: FAKE_LEDGER.ledgerTimestampUsec.toString(),
      node_role: 'full_node',
      oldest_block_height: '2',
      block_height: '20',
    });
    expect(response.headers.get('x-aptos-cursor')).toBeNull();
  });
  it('serves BCS when asked', async () => {
    const response = await get('/v1', BCS);
    expect(response.headers.get('content-type')).toBe('application/x-bcs');
    const r = new BcsReader(new Uint8Array(await response.arrayBuffer()));
    expect(r.u8()).toBe(4);
    expect(r.u64()).toBe(2n);
    expect(r.u64()).toBe(100n);
  });
});

describe('errors', () => {
  it('unknown paths are 404 web_framework_error with ledger headers', async () => {
    const response = await get('/v2/nothing');
    await expectError(response, 404, 'web_framework_error');
    expectLedgerHeaders(response);
    await expectError(await get('/explorer/v1/nope'), 404, 'web_framework_error');
  });
  it('other methods on a routed path are 405 with Allow', async () => {
    const response = await service(new Request('http://127.0.0.1/v1/accounts/0x1/resources', { method: 'DELETE' }));
    await expectError(response, 405, 'web_framework_error');
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expectLedgerHeaders(response);
    const getOnPost = await get('/v1/tables/0x1/item');
    await expectError(getOnPost, 405, 'web_framework_error');
    expect(getOnPost.headers.get('allow')).toBe('POST');
  });
  it('a failing store is 503 internal_error', async () => {
    const broken = createReadService({ store: createFakeStore({ failing: true }) });
    const response = await broken(new Request('http://127.0.0.1/v1'));
    await expectError(response, 503, 'internal_error');
    const dataGone = createReadService({ store: createFakeStore({ failing: 'data' }) });
    const gone = await dataGone(new Request('http://127.0.0.1/v1/accounts/0x1/resources'));
    await expectError(gone, 503, 'internal_error');
    expectLedgerHeaders(gone);
    await expectError(await dataGone(new Request('http://127.0.0.1/v1/estimate_gas_price')), 503, 'internal_error');
  });
  it('unexpected exceptions are 500 internal_error records', async () => {
    const store = createFakeStore();
    const seen: unknown[] = [];
    const odd = createReadService({
      store: { ...store, ledgerInfo: () => FAKE_LEDGER, settings: store.settings, transactionSummaries: () => [{} as never] },
      onUnexpectedError: (error) => seen.push(error),
    });
    const response = await odd(new Request('http://127.0.0.1/v1/accounts/0x1/transaction_summaries'));
    await expectError(response, 500, 'internal_error');
    expectLedgerHeaders(response);
    expect(seen).toHaveLength(1);
  });
  it('version checks: 404 above latest, 410 below oldest, 400 when not a u64', async () => {
    await expectError(await get('/v1/accounts/0x1/resources?ledger_version=101'), 404, 'version_not_found');
    const pruned = await get('/v1/accounts/0x1/resources?ledger_version=9');
    await expectError(pruned, 410, 'version_pruned');
    expectLedgerHeaders(pruned);
    await expectError(await get('/v1/accounts/0x1/resources?ledger_version=-1'), 400, 'web_framework_error');
    expect((await get('/v1/accounts/0x1/resources?ledger_version=10')).status).toBe(200);
  });
  it('bad addresses are 400 web_framework_error', async () => {
    await expectError(await get('/v1/accounts/0xzz/resources'), 400, 'web_framework_error');
    await expectError(await get('/v1/accounts/0X1/resources'), 400, 'web_framework_error');
  });
});

describe('resources', () => {
  it('lists resources with sorted data keys and address forms', async () => {
    const response = await get('/v1/accounts/a11ce/resources');
    expect(response.status).toBe(500); // the Broken resource does not decode
    const ok = await get('/v1/accounts/0x1/resources');
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { type: string; data: Record<string, unknown> }[];
    expect(body).toEqual([
      {
        type: '0x1::account::Account',
        data: {
          authentication_key: `0x${'07'.repeat(32)}`,
          coin_register_events: { counter: '5', guid: { id: { addr: '0x1', creation_num: '2' } } },
          guid_creation_num: '4',
          sequence_number: '0',
        },
      },
    ]);
    expect(Object.keys(body[0]!.data)).toEqual(['authentication_key', 'coin_register_events', 'guid_creation_num', 'sequence_number']);
  });
  it('pages with limit+1 and the cursor header in both spellings, start inclusive', async () => {
    const paged = createReadService({ store: createFakeStore({ extraResources: 5 }) });
    const first = await paged(new Request('http://127.0.0.1/v1/accounts/0x1/resources?limit=2'));
    expect(first.status).toBe(200);
    const cursor = first.headers.get('x-aptos-cursor');
    expect(cursor).toMatch(/^[0-9a-f]+$/);
    expect(first.headers.get('x-node-cursor')).toBe(cursor);
    expect(((await first.json()) as unknown[]).length).toBe(2);
    const seen: string[] = [];
    let next: string | null = '';
    let pages = 0;
    while (next !== null) {
      const url: string = `http://127.0.0.1/v1/accounts/0x1/resources?limit=2${next === '' ? '' : `&start=${next}`}`;
      const page = await paged(new Request(url));
      seen.push(...((await page.json()) as { type: string }[]).map((r) => r.type));
      next = page.headers.get('x-aptos-cursor');
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(6);
    const all = await paged(new Request('http://127.0.0.1/v1/accounts/0x1/resources'));
    expect(all.headers.get('x-aptos-cursor')).toBeNull();
    expect(((await all.json()) as { type: string }[]).map((r) => r.type)).toEqual(seen);
  });
  it('refuses limit=0 and bad cursors; unknown accounts give []', async () => {
    await expectError(await get('/v1/accounts/0x1/resources?limit=0'), 400, 'invalid_input');
    await expectError(await get('/v1/accounts/0x1/resources?limit=65536'), 400, 'web_framework_error');
    await expectError(await get('/v1/accounts/0x1/resources?start=abc'), 400, 'web_framework_error');
    await expectError(await get('/v1/accounts/0x1/resources?start=zz'), 400, 'web_framework_error');
    expect(await (await get('/v1/accounts/0xdead/resources')).json()).toEqual([]);
  });
  it('serves BCS as a map StructTag → bytes', async () => {
    const response = await get('/v1/accounts/0x1/resources', BCS);
    const r = new BcsReader(new Uint8Array(await response.arrayBuffer()));
    expect(r.uleb128()).toBe(1);
  });
  it('serves a single resource, raw or percent-encoded tag, JSON and BCS', async () => {
    const raw = await get('/v1/accounts/0x1/resource/0x1::account::Account');
    expect(raw.status).toBe(200);
    const json = (await raw.json()) as { type: string };
    expect(json.type).toBe('0x1::account::Account');
    const encoded = await get('/v1/accounts/0x1/resource/0x1%3A%3Aaccount%3A%3AAccount?ledger_version=50');
    expect(await encoded.json()).toEqual(json);
    const bcs = await get('/v1/accounts/0x1/resource/0x1::account::Account', BCS);
    expect(new Uint8Array(await bcs.arrayBuffer()).length).toBe(32 + 1 + 8 + 48 + 8);
    await expectError(await get('/v1/accounts/0x2/resource/0x1::account::Account'), 404, 'resource_not_found');
    await expectError(await get('/v1/accounts/0x1/resource/0x1%3A%3Aaccount%3A%3AAccount%3'), 400, 'web_framework_error');
  });
});

describe('table items', () => {
  const item = { key_type: 'u64', value_type: 'u64', key: '7' };
  it('looks up and decodes, or returns the stored bytes as BCS', async () => {
    const response = await post('/v1/tables/0xab1e/item', item);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe('700');
    const bcs = await post('/v1/tables/0xab1e/item', item, BCS);
    expect(new Uint8Array(await bcs.arrayBuffer())).toEqual(new BcsWriter().u64(700n).toBytes());
  });
  it('404 table_item_not_found names handle, key and version', async () => {
    const { message } = await expectError(await post('/v1/tables/0xab1e/item?ledger_version=60', { ...item, key: '8' }), 404, 'table_item_not_found');
    expect(message).toContain('0xab1e');
    expect(message).toContain('"8"');
    expect(message).toContain('60');
  });
  it('malformed JSON or missing fields: 400 web_framework_error; bad types or keys: 400 invalid_input', async () => {
    await expectError(await post('/v1/tables/0xab1e/item', '{"key_type":'), 400, 'web_framework_error');
    await expectError(await post('/v1/tables/0xab1e/item', { key_type: 'u64', value_type: 'u64' }), 400, 'web_framework_error');
    await expectError(await post('/v1/tables/0xab1e/item', { ...item, key_type: 'u9' }), 400, 'invalid_input');
    await expectError(await post('/v1/tables/0xab1e/item', { ...item, key: 7 }), 400, 'invalid_input');
    await expectError(await post('/v1/tables/0xab1e/item', { ...item, key_type: '0x1::nope::Nope' }), 400, 'invalid_input');
  });
  it('a value that does not decode with value_type is 500 internal_error', async () => {
    await expectError(await post('/v1/tables/0xab1e/item', { ...item, value_type: 'u128' }), 500, 'internal_error');
  });
  it('non-JSON content type is 415', async () => {
    await expectError(await post('/v1/tables/0xab1e/item', item, { 'content-type': 'text/plain' }), 415, 'web_framework_error');
  });
  it('raw_item: BCS only (403 api_disabled for JSON), key bytes as given', async () => {
    const key = { key: '0x0700000000000000' };
    const { message } = await expectError(await post('/v1/tables/0xab1e/raw_item', key), 403, 'api_disabled');
    expect(message).toMatch(/only BCS/i);
    await expectError(await post('/v1/tables/0xab1e/raw_item', key, { accept: 'application/json' }), 403, 'api_disabled');
    const response = await post('/v1/tables/0xab1e/raw_item', key, BCS);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new BcsWriter().u64(700n).toBytes());
    await expectError(await post('/v1/tables/0xab1e/raw_item', { key: '0x0800000000000000' }, BCS), 404, 'table_item_not_found');
    await expectError(await post('/v1/tables/0xab1e/raw_item', { key: '0x123' }, BCS), 400, 'web_framework_error');
  });
});

