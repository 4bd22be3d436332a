/**
 * Contract tests of the node-compatible `/v1` API over real HTTP against a generated snapshot:
 * ledger info and headers, version checks, resources (paging, JSON/BCS agreement), table items.
 */
import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { readStructTag, formatStructTag } from '../../shared/type-tag.ts';
import { BCS, bytesOf, encodeTag, expectErrorRecord, get, getJson, post, useContractServer } from './contract-support.ts';

const env = useContractServer('main');

interface Resource { type: string; data: Record<string, unknown> }

const LEDGER_PARTS = ['Chain-Id', 'Ledger-Version', 'Ledger-Oldest-Version', 'Ledger-TimestampUsec', 'Epoch', 'Block-Height', 'Oldest-Block-Height'];

describe('ledger info and headers', () => {
  it('GET /v1 matches the ledger and the headers, both spellings', async () => {
    const response = await get(env, '/v1');
    const body = (await response.json()) as Record<string, unknown>;
    const { info } = env;
    expect(body).toEqual({
      chain_id: info.chainId,
      epoch: info.epoch,
      ledger_version: info.latestVersion,
      oldest_ledger_version: info.oldestVersion,
      ledger_timestamp: info.ledgerTimestampUsec,
      node_role: 'full_node',
      oldest_block_height: info.oldestBlockHeight,
      block_height: info.blockHeight,
    });
    for (const part of LEDGER_PARTS) {
      const aptos = response.headers.get(`X-Aptos-${part}`);
      expect(aptos).toMatch(/^\d+$/);
      expect(response.headers.get(`X-NODE-${part.toUpperCase()}`)).toBe(aptos);
    }
    expect(response.headers.get('x-aptos-ledger-version')).toBe(info.latestVersion);
    expect(response.headers.get('x-aptos-cursor')).toBeNull();
  });

  it('headers describe the latest ledger even for historical reads', async () => {
    const response = await get(env, `/v1/accounts/0x1/resources?ledger_version=${env.info.oldestVersion}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-aptos-ledger-version')).toBe(env.info.latestVersion);
  });

  it('version checks: 404 above latest, 410 below oldest', async () => {
    const latest = BigInt(env.info.latestVersion);
    const oldest = BigInt(env.info.oldestVersion);
    await expectErrorRecord(await get(env, `/v1/accounts/0x1/resources?ledger_version=${latest + 1n}`), 404, 'version_not_found');
    expect(oldest).toBeGreaterThan(0n);
    await expectErrorRecord(await get(env, `/v1/accounts/0x1/resources?ledger_version=${oldest - 1n}`), 410, 'version_pruned');
    await expectErrorRecord(await get(env, `/v1/accounts/0x1/module/coin?ledger_version=0`), 410, 'version_pruned');
  });
});

describe('resources', () => {
  it('lists every sample account, data keys sorted, JSON and BCS agree', async () => {
    for (const account of env.info.samples.accounts) {
      const list = await getJson<Resource[]>(env, `/v1/accounts/${account}/resources`);
      expect(list.length).toBeGreaterThan(0);
      for (const resource of list) {
        const keys = Object.keys(resource.data);
        expect(keys).toEqual([...keys].sort());
      }
      const bcs = new BcsReader(await bytesOf(await get(env, `/v1/accounts/${account}/resources`, BCS)));
      const count = bcs.uleb128();
      expect(count).toBe(list.length);
      const types: string[] = [];
      for (let i = 0; i < count; i += 1) {
        types.push(formatStructTag(readStructTag(bcs)));
        bcs.bytes();
      }
      bcs.assertFinished();
      expect([...types].sort()).toEqual(list.map((r) => r.type).sort());
    }
  });

  it('pages with limit, the cursor (both spellings) only when another page exists, start inclusive', async () => {
    const all = await getJson<Resource[]>(env, '/v1/accounts/0x1/resources');
    expect(all.length).toBeGreaterThan(3);
    const seen: Resource[] = [];
    let start: string | null = null;
    for (let guard = 0; guard < 100; guard += 1) {
      const response: Response = await get(env, `/v1/accounts/0x1/resources?limit=2${start === null ? '' : `&start=${start}`}`);
      expect(response.status).toBe(200);
      seen.push(...((await response.json()) as Resource[]));
      start = response.headers.get('x-aptos-cursor');
      expect(response.headers.get('x-node-cursor')).toBe(start);
      if (start === null) break;
      expect(start).toMatch(/^[0-9a-f]+$/);
    }
    expect(seen).toEqual(all);
    const exact = await get(env, `/v1/accounts/0x1/resources?limit=${all.length}`);
    expect(exact.headers.get('x-aptos-cursor')).toBeNull();
  });

  it('refuses limit=0 and bad cursors; unknown accounts give []', async () => {
    await expectErrorRecord(await get(env, '/v1/accounts/0x1/resources?limit=0'), 400, 'invalid_input');
    await expectErrorRecord(await get(env, '/v1/accounts/0x1/resources?limit=x'), 400, 'web_framework_error');
    await expectErrorRecord(await get(env, '/v1/accounts/0x1/resources?start=0'), 400, 'web_framework_error');
    await expectErrorRecord(await get(env, '/v1/accounts/0x1/resources?start=00ff'), 400, 'web_framework_error');
    expect(await getJson(env, '/v1/accounts/0x123456789/resources')).toEqual([]);
  });

  it('single resource: raw and percent-encoded paths, JSON equals the listing, BCS is its bytes', async () => {
    const list = await getJson<Resource[]>(env, '/v1/accounts/0xcafe/resources');
    const bcsMap = new BcsReader(await bytesOf(await get(env, '/v1/accounts/0xcafe/resources', BCS)));
    const bytesByType = new Map<string, string>();
    for (let i = bcsMap.uleb128(); i > 0; i -= 1) bytesByType.set(formatStructTag(readStructTag(bcsMap)), bytesToHex(bcsMap.bytes()));
    for (const resource of list) {
      const encoded = await getJson<Resource>(env, `/v1/accounts/0xcafe/resource/${encodeTag(resource.type)}`);
      expect(encoded).toEqual(resource);
      const rawPath = await get(env, `/v1/accounts/cafe/resource/${resource.type}`);
      expect(await rawPath.json()).toEqual(resource);
      const bcs = await get(env, `/v1/accounts/0xcafe/resource/${encodeTag(resource.type)}`, BCS);
      expect(bytesToHex(await bytesOf(bcs))).toBe(bytesByType.get(resource.type));
    }
    await expectErrorRecord(await get(env, '/v1/accounts/0xcafe/resource/0x1::nope::Nope'), 404, 'resource_not_found');
  });
});

describe('table items', () => {
  it('every sampled key: JSON decodes, BCS equals raw_item, raw_item refuses JSON', async () => {
    const tables = env.info.samples.tables;
    expect(tables.length).toBeGreaterThan(1);
    for (const table of tables) {
      for (const [index, key] of table.keys.entries()) {
        const request = { key_type: table.keyType, value_type: table.valueType, key };
        const json = await post(env, `/v1/tables/${table.handle}/item`, request);
        expect(json.status).toBe(200);
        expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
        await json.json();
        const bcs = await bytesOf(await post(env, `/v1/tables/${table.handle}/item`, request, BCS));
        const rawKey = table.rawKeys[index]!;
        const raw = await post(env, `/v1/tables/${table.handle}/raw_item`, { key: rawKey }, BCS);
        expect(raw.status).toBe(200);
        expect(await bytesOf(raw)).toEqual(bcs);
        const noPrefix = await post(env, `/v1/tables/${table.handle}/raw_item`, { key: rawKey.slice(2) }, BCS);
        expect(await bytesOf(noPrefix)).toEqual(bcs);
      }
      const message = await expectErrorRecord(await post(env, `/v1/tables/${table.handle}/raw_item`, { key: table.rawKeys[0] }), 403, 'api_disabled');
      expect(message).toMatch(/only BCS/i);
    }
  });

  it('missing items, bad bodies and bad types', async () => {
    const table = env.info.samples.tables.find((t) => t.keyType === 'address')!;
    const message = await expectErrorRecord(
      await post(env, `/v1/tables/${table.handle}/item`, { key_type: 'address', value_type: table.valueType, key: '0xdeadbeef' }),
      404,
      'table_item_not_found',
    );
    expect(message).toContain(table.handle);
    expect(message).toContain('0xdeadbeef');
    expect(message).toContain(env.info.latestVersion);
    await expectErrorRecord(await post(env, `/v1/tables/${table.handle}/item`, { key_type: 'address', key: '0x1' }), 400, 'web_framework_error');
    await expectErrorRecord(await post(env, `/v1/tables/${table.handle}/item`, { key_type: 'addr', value_type: 'u64', key: '0x1' }), 400, 'invalid_input');
    await expectErrorRecord(await post(env, `/v1/tables/${table.handle}/item`, { key_type: 'address', value_type: 'u64', key: 5 }), 400, 'invalid_input');
    await expectErrorRecord(await post(env, `/v1/tables/${table.handle}/item`, { key_type: 'address', value_type: 'u8', key: table.keys[0] }), 500, 'internal_error');
    await expectErrorRecord(await post(env, `/v1/tables/zz/item`, { key_type: 'address', value_type: 'u64', key: '0x1' }), 400, 'web_framework_error');
  });
});

