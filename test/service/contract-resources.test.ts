/**
 * Contract tests of account resources in the node-compatible `/v1` API over real HTTP against the
 * `main` fixture: the listing (order by state key, cursor, paging, limits, as of a version), the
 * single resource, and JSON/BCS agreement. Expectations come from direct SQL over the file, state
 * keys written out by §4 and an independent rendering of the stored bytes (contract-values.ts).
 * The rule map is in RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { formatStructTag, parseStructTag, readStructTag } from '../../shared/type-tag.ts';
import { BCS, bytesOf, encodeTag, expectErrorRecord, get, getJson, useContractServer } from './contract-support.ts';
import { expectedValue, moduleKey, plain, resourceKey, type Resource } from './contract-values.ts';

const env = useContractServer('main');

const latest = (): bigint => BigInt(env.info.latestVersion);
const oldest = (): bigint => BigInt(env.info.oldestVersion);

describe('resources', () => {
  it('lists every sample account; JSON data equals the stored bytes rendered by §3; BCS map agrees', async () => {
    for (const account of env.info.samples.accounts) {
      const list = await getJson<Resource[]>(env, `/v1/accounts/${account}/resources`);
      expect(list.length).toBeGreaterThan(0);
      const address = parseAddress(account);
      for (const resource of list) {
        const keys = Object.keys(resource.data);
        expect(keys).toEqual([...keys].sort());
        const bytes = env.store.resource(address, parseStructTag(resource.type), latest())!;
        expect(resource.data).toEqual(expectedValue(env, bytes, resource.type));
      }
      const bcs = await get(env, `/v1/accounts/${account}/resources`, BCS);
      expect(bcs.headers.get('content-type')).toBe('application/x-bcs');
      const r = new BcsReader(await bytesOf(bcs));
      const count = r.uleb128();
      expect(count).toBe(list.length);
      const keys: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const start = r.offset;
        const tag = readStructTag(r);
        keys.push(bytesToHex(r.input.subarray(start, r.offset)));
        expect(r.bytes()).toEqual(plain(env.store.resource(address, tag, latest())));
      }
      r.assertFinished();
      expect(keys).toEqual([...keys].sort());
      expect(keys.map((key) => formatStructTag(readStructTag(new BcsReader(hexToBytes(key))))).sort()).toEqual(
        list.map((x) => x.type).sort(),
      );
    }
  });

  it('orders by the encoded state key (§4), not by type name', async () => {
    const list = await getJson<Resource[]>(env, '/v1/accounts/0x1/resources');
    const address = parseAddress('0x1');
    const keys = list.map((resource) => Buffer.from(resourceKey(address, parseStructTag(resource.type))));
    expect(keys).toEqual([...keys].sort(Buffer.compare));
    const names = list.map((resource) => resource.type);
    expect(names).not.toEqual([...names].sort());
  });

  it('pages with limit; the cursor (both spellings) is the next state key in hex, start inclusive', async () => {
    const all = await getJson<Resource[]>(env, '/v1/accounts/0x1/resources');
    expect(all.length).toBeGreaterThan(3);
    const seen: Resource[] = [];
    let start: string | null = null;
    for (let guard = 0; guard < 100; guard += 1) {
      const response: Response = await get(
        env,
        `/v1/accounts/0x1/resources?limit=2${start === null ? '' : `&start=${start}`}`,
      );
      expect(response.status).toBe(200);
      const page = (await response.json()) as Resource[];
      seen.push(...page);
      start = response.headers.get('x-aptos-cursor');
      expect(response.headers.get('x-node-cursor')).toBe(start);
      if (start === null) break;
      const next = all[seen.length]!;
      expect(start).toBe(bytesToHex(resourceKey(parseAddress('0x1'), parseStructTag(next.type)), false));
    }
    expect(seen).toEqual(all);
    const exact = await get(env, `/v1/accounts/0x1/resources?limit=${all.length}`);
    expect(exact.headers.get('x-aptos-cursor')).toBeNull();
    const upper =
      start ?? bytesToHex(resourceKey(parseAddress('0x1'), parseStructTag(all[1]!.type)), false).toUpperCase();
    expect(await getJson(env, `/v1/accounts/0x1/resources?start=${upper}`)).toEqual(all.slice(1));
  });

  it('a module state key is a valid cursor: listing resumes at the first resource key at or above it', async () => {
    const all = await getJson<Resource[]>(env, '/v1/accounts/0x1/resources');
    const address = parseAddress('0x1');
    const keys = all.map((resource) => Buffer.from(resourceKey(address, parseStructTag(resource.type))));
    // Keys order by ULEB path length first: aim a module key (path 0x00, which sorts first) at a longer length.
    const length = keys.find((key) => key[33]! > keys[0]![33]!)![33]!;
    const cursor = Buffer.from(moduleKey(address, 'a'.repeat(length - 34)));
    expect(cursor[33]).toBe(length);
    const expected = all.filter((_, i) => Buffer.compare(keys[i]!, cursor) >= 0);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(await getJson(env, `/v1/accounts/0x1/resources?start=${cursor.toString('hex')}`)).toEqual(expected);
    // The documentation's example cursor (module staking_proxy of 0x1) parses too.
    const example =
      `00${'00'.repeat(31)}01` + `2f00${'00'.repeat(31)}010d${Buffer.from('staking_proxy').toString('hex')}`;
    expect((await get(env, `/v1/accounts/0x1/resources?start=${example}`)).status).toBe(200);
  });

  it('vector<u8> values keep every byte (never trimmed like addresses)', async () => {
    const keys: string[] = [];
    for (const account of (await getJson<{ accounts: string[] }>(env, '/explorer/v1/accounts?limit=1000')).accounts) {
      const response = await get(env, `/v1/accounts/${account}/resource/0x1::account::Account`);
      if (response.status !== 200) continue;
      const key = ((await response.json()) as Resource).data['authentication_key'] as string;
      expect(key).toMatch(/^0x([0-9a-f]{2})+$/);
      expect(key).toBe(
        bytesToHex(
          env.store.resource(parseAddress(account), parseStructTag('0x1::account::Account'), latest())!.subarray(1, 33),
        ),
      );
      keys.push(key);
    }
    expect(keys.some((key) => key.startsWith('0x0'))).toBe(true);
  });

  it('limits: default and maximum 9999, 65535 clamped, 0 refused, non-u16 unparsable', async () => {
    const all = await getJson<Resource[]>(env, '/v1/accounts/0x1/resources');
    expect(await getJson(env, '/v1/accounts/0x1/resources?limit=9999')).toEqual(all);
    expect(await getJson(env, '/v1/accounts/0x1/resources?limit=65535')).toEqual(all);
    await expectErrorRecord(env, await get(env, '/v1/accounts/0x1/resources?limit=0'), 400, 'invalid_input');
    for (const bad of ['65536', '-1', 'x', '', '1.5', '1e3', '99999999999999999999']) {
      await expectErrorRecord(
        env,
        await get(env, `/v1/accounts/0x1/resources?limit=${bad}`),
        400,
        'web_framework_error',
      );
    }
  });

  it('bad cursors are 400 web_framework_error', async () => {
    const good = bytesToHex(resourceKey(parseAddress('0x1'), parseStructTag('0x1::account::Account')), false);
    for (const bad of [
      '0',
      '00ff',
      'zz',
      `0x${good}`,
      good.slice(0, -2),
      `${good}00`,
      `01${good.slice(2)}`,
      '',
      'ab'.repeat(3000),
    ]) {
      await expectErrorRecord(
        env,
        await get(env, `/v1/accounts/0x1/resources?start=${bad}`),
        400,
        'web_framework_error',
      );
    }
  });

  it('resources as of a version: only those that existed then; unknown accounts give []', async () => {
    const row = env.store.database
      .prepare('SELECT address FROM accounts WHERE created_version > ? ORDER BY created_version LIMIT 1')
      .get(oldest()) as { address: Uint8Array };
    const created = (
      env.store.database.prepare('SELECT created_version AS v FROM accounts WHERE address = ?').get(row.address) as {
        v: number;
      }
    ).v;
    const account = bytesToHex(row.address);
    expect(await getJson(env, `/v1/accounts/${account}/resources?ledger_version=${created - 1}`)).toEqual([]);
    const then = await getJson<Resource[]>(env, `/v1/accounts/${account}/resources?ledger_version=${created}`);
    expect(then.length).toBeGreaterThan(0);
    const stored = env.store.accountResources(row.address, BigInt(created), undefined, 9999).resources;
    expect(then.map((r) => r.type)).toEqual(stored.map((r) => formatStructTag(r.tag)));
    expect(await getJson(env, '/v1/accounts/0x123456789/resources')).toEqual([]);
  });

  it('single resource: JSON equals the listing entry, BCS is the stored bytes; missing is 404', async () => {
    const list = await getJson<Resource[]>(env, '/v1/accounts/0xcafe/resources');
    for (const resource of list) {
      expect(await getJson<Resource>(env, `/v1/accounts/0xcafe/resource/${encodeTag(resource.type)}`)).toEqual(
        resource,
      );
      expect(await getJson<Resource>(env, `/v1/accounts/cafe/resource/${resource.type}`)).toEqual(resource);
      const bcs = await get(env, `/v1/accounts/0xcafe/resource/${encodeTag(resource.type)}`, BCS);
      expect(await bytesOf(bcs)).toEqual(
        plain(env.store.resource(parseAddress('0xcafe'), parseStructTag(resource.type), latest())),
      );
    }
    const message = await expectErrorRecord(
      env,
      await get(env, '/v1/accounts/0xcafe/resource/0x1::nope::Nope'),
      404,
      'resource_not_found',
    );
    expect(message).toContain('0xcafe');
    expect(message).toContain('0x1::nope::Nope');
  });
});
