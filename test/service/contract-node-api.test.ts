/**
 * Contract tests of the node-compatible `/v1` API over real HTTP against the `main` fixture:
 * ledger info and headers, media types, address and type-tag forms, version checks, resources
 * (order, cursor, paging, JSON/BCS agreement) and table items (as of a version, JSON in and out).
 * Expectations come from the fixture: samples, direct SQL over the file, and an independent
 * rendering of the stored bytes (move-json-oracle.ts). The rule map is in RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { encodeStructTag, formatStructTag, parseStructTag, parseTypeTag, readStructTag, type StructTag } from '../../shared/type-tag.ts';
import { BCS, bytesOf, encodeTag, expectErrorRecord, expectLedgerHeaders, get, getJson, post, useContractServer, type ContractEnv } from './contract-support.ts';
import { expectedMoveJson, layoutKinds } from './move-json-oracle.ts';

const env = useContractServer('main');

interface Resource { type: string; data: Record<string, unknown> }

/** The JSON the node serves for stored bytes of `type` at `version` (independent rendering). */
function expectedValue(e: ContractEnv, bytes: Uint8Array, type: string, version = BigInt(e.info.latestVersion)): unknown {
  return expectedMoveJson(bytes, resolveLayout(parseTypeTag(type), e.store.abiLookup(version)));
}

/** A resource's state key written out by node-behaviour.md §4: 0x00 ‖ address ‖ ULEB len ‖ Path::Resource(tag). */
function resourceKey(address: Uint8Array, tag: StructTag): Uint8Array {
  const path = new BcsWriter().variantIndex(1).fixedBytes(encodeStructTag(tag)).toBytes();
  return new BcsWriter().u8(0).address(address).bytes(path).toBytes();
}

/** A module's state key (§4): 0x00 ‖ address ‖ ULEB len ‖ Path::Code(address, name). */
function moduleKey(address: Uint8Array, name: string): Uint8Array {
  const path = new BcsWriter().variantIndex(0).address(address).string(name).toBytes();
  return new BcsWriter().u8(0).address(address).bytes(path).toBytes();
}

/** A copy as a plain Uint8Array (the store returns Buffers, which never deep-equal Uint8Arrays). */
const plain = (bytes: Uint8Array | undefined): Uint8Array | undefined => (bytes === undefined ? undefined : new Uint8Array(bytes));
const nest = (depth: number, inner = 'u8'): string => (depth === 0 ? inner : `vector<${nest(depth - 1, inner)}>`);
const latest = (): bigint => BigInt(env.info.latestVersion);
const oldest = (): bigint => BigInt(env.info.oldestVersion);

describe('ledger info, headers and media types', () => {
  it('GET /v1 matches the ledger, JSON and BCS (IndexResponse in field order)', async () => {
    const response = await get(env, '/v1');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { info } = env;
    expect(await response.json()).toEqual({
      chain_id: info.chainId,
      epoch: info.epoch,
      ledger_version: info.latestVersion,
      oldest_ledger_version: info.oldestVersion,
      ledger_timestamp: info.ledgerTimestampUsec,
      node_role: 'full_node',
      oldest_block_height: info.oldestBlockHeight,
      block_height: info.blockHeight,
    });
    expectLedgerHeaders(response.headers, info);
    expect(response.headers.get('x-aptos-cursor')).toBeNull();
    expect(response.headers.get('x-node-cursor')).toBeNull();

    const bcs = await get(env, '/v1', BCS);
    expect(bcs.headers.get('content-type')).toBe('application/x-bcs');
    expectLedgerHeaders(bcs.headers, info);
    const r = new BcsReader(await bytesOf(bcs));
    expect(r.u8()).toBe(info.chainId);
    expect(r.u64().toString()).toBe(info.epoch);
    expect(r.u64().toString()).toBe(info.latestVersion);
    expect(r.u64().toString()).toBe(info.oldestVersion);
    expect(r.u64().toString()).toBe(info.ledgerTimestampUsec);
    expect(r.variantIndex()).toBe(1); // full_node
    expect(r.u64().toString()).toBe(info.oldestBlockHeight);
    expect(r.u64().toString()).toBe(info.blockHeight);
    expect(r.u8()).toBe(0); // git_hash: None
    r.assertFinished();
  });

  it('headers describe the latest ledger even for historical reads', async () => {
    const response = await get(env, `/v1/accounts/0x1/resources?ledger_version=${env.info.oldestVersion}`);
    expect(response.status).toBe(200);
    expectLedgerHeaders(response.headers, env.info);
  });

  it('HEAD answers like GET without a body', async () => {
    for (const path of ['/v1', '/v1/accounts/0x1/resources?limit=1', '/v1/estimate_gas_price', '/v1/accounts/0x1/module/nope']) {
      const full = await get(env, path);
      const head = await fetch(`${env.server.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(full.status);
      expect(await head.text()).toBe('');
      expect(head.headers.get('content-type')).toBe(full.headers.get('content-type'));
      expect(head.headers.get('x-aptos-cursor')).toBe(full.headers.get('x-aptos-cursor'));
      expectLedgerHeaders(head.headers, env.info);
    }
  });

  it('one trailing slash is ignored', async () => {
    expect(await getJson(env, '/v1/')).toEqual(await getJson(env, '/v1'));
    expect(await getJson(env, '/v1/accounts/0x1/resources/?limit=2')).toEqual(await getJson(env, '/v1/accounts/0x1/resources?limit=2'));
    await expectErrorRecord(env, await get(env, '/v1/accounts/0x1/resources//'), 404, 'web_framework_error');
  });

  it('Accept: first exact application/json or application/x-bcs in q order; anything else JSON; never 406', async () => {
    const cases: [string | undefined, 'json' | 'bcs'][] = [
      [undefined, 'json'],
      ['application/json', 'json'],
      ['application/x-bcs', 'bcs'],
      ['APPLICATION/X-BCS', 'bcs'],
      ['application/x-bcs, application/json', 'bcs'],
      ['application/json, application/x-bcs', 'json'],
      ['application/json;q=0.5, application/x-bcs', 'bcs'],
      ['application/x-bcs;q=0, application/json;q=0.1', 'json'],
      ['*/*', 'json'],
      ['text/html', 'json'],
      ['application/*', 'json'],
      ['text/html, application/x-bcs;q=0.2', 'bcs'],
      ['garbage;;;q=abc', 'json'],
    ];
    const json = await getJson<unknown>(env, '/v1/estimate_gas_price');
    for (const [accept, format] of cases) {
      const response = await get(env, '/v1/estimate_gas_price', accept === undefined ? {} : { accept });
      expect(response.status, String(accept)).toBe(200);
      if (format === 'json') {
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(await response.json()).toEqual(json);
      } else {
        expect(response.headers.get('content-type')).toBe('application/x-bcs');
        expect((await bytesOf(response)).length).toBe(8);
      }
    }
  });
});

describe('addresses', () => {
  it('accepts every node form of an address in paths (0x optional, 1..64 digits, either case)', async () => {
    const account = env.info.samples.accounts[2]!;
    const hex64 = account.slice(2).padStart(64, '0');
    const canonical = await getJson<Resource[]>(env, `/v1/accounts/${account}/resources`);
    for (const form of [hex64, `0x${hex64}`, `0x${hex64.toUpperCase()}`, account.slice(2).toUpperCase()]) {
      expect(await getJson<Resource[]>(env, `/v1/accounts/${form}/resources`), form).toEqual(canonical);
    }
    const one = await getJson<Resource[]>(env, '/v1/accounts/0x1/resources');
    for (const form of ['1', '0x001', `0x${'0'.repeat(63)}1`, '01']) {
      expect(await getJson<Resource[]>(env, `/v1/accounts/${form}/resources`), form).toEqual(one);
    }
    const a550 = await getJson<unknown[]>(env, '/v1/accounts/0xa550c18/transaction_summaries?limit=3');
    expect(a550.length).toBeGreaterThan(0);
    expect(await getJson(env, '/v1/accounts/0xA550C18/transaction_summaries?limit=3')).toEqual(a550);
  });

  it('refuses "", 0x, 0X1, 00x1, 0xzz, 65 digits, unicode and bad escapes', async () => {
    for (const bad of ['0x', '0X1', '00x1', '0xzz', `0x${'1'.repeat(65)}`, '1'.repeat(65), encodeURIComponent('0x1é'), '0x%zz', '%', '0x1%2F2', '%20x1']) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/${bad}/resources`), 400, 'web_framework_error');
      await expectErrorRecord(env, await post(env, `/v1/tables/${bad}/item`, { key_type: 'u64', value_type: 'u64', key: '1' }), 400, 'web_framework_error');
    }
    // An empty address segment matches no route.
    await expectErrorRecord(env, await get(env, '/v1/accounts//resources'), 404, 'web_framework_error');
  });

  it('prints every address in short form: sender, guid, type tags and Move values', async () => {
    const row = env.store.database
      .prepare("SELECT sender FROM account_transactions WHERE substr(sender, 1, 1) = x'00' AND substr(sender, 32, 1) != x'00' LIMIT 1")
      .get() as { sender: Uint8Array };
    const long = bytesToHex(row.sender);
    const short = `0x${long.slice(2).replace(/^0+/, '')}`;
    expect(short.length).toBeLessThan(long.length);
    const summaries = await getJson<{ sender: string }[]>(env, `/v1/accounts/${long}/transaction_summaries?limit=5`);
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) expect(summary.sender).toBe(short);
    const stream = env.info.samples.eventStreams.find((s) => s.address === '0xcafe')!;
    const events = await getJson<{ guid: { account_address: string } }[]>(env, `/v1/accounts/0x${'0'.repeat(60)}cafe/events/${stream.creationNumber}?limit=2`);
    expect(events.map((e) => e.guid.account_address)).toEqual(events.map(() => '0xcafe'));
    const registry = await getJson<Resource>(env, `/v1/accounts/0xcafe/resource/${encodeTag(`0x${'0'.repeat(60)}cafe::registry::Registry`)}`);
    expect(registry.type).toBe('0xcafe::registry::Registry');
    expect(registry.data['admin']).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
  });
});

describe('type tags in paths and bodies', () => {
  it('accepts raw and percent-encoded tags, short or long struct addresses, and ignores whitespace', async () => {
    const type = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';
    const account = env.info.samples.accounts[2]!;
    const expected = await getJson<Resource>(env, `/v1/accounts/${account}/resource/${encodeTag(type)}`);
    expect(expected.type).toBe(type);
    for (const form of [
      type,
      '0x1%3A%3Acoin%3A%3ACoinStore%3C0x1%3A%3Aaptos_coin%3A%3AAptosCoin%3E',
      encodeTag('0x1::coin::CoinStore< 0x1::aptos_coin::AptosCoin >'),
      encodeTag(`0x${'0'.repeat(63)}1::coin::CoinStore<0x01::aptos_coin::AptosCoin>`),
    ]) {
      expect(await getJson<Resource>(env, `/v1/accounts/${account}/resource/${form}`), form).toEqual(expected);
    }
  });

  it('prints type tags canonically, several generic arguments joined by ", "', async () => {
    const message = await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resource/${encodeTag('0x01::m::P<u8,vector<  u64 >>')}`), 404, 'resource_not_found');
    expect(message).toContain('0x1::m::P<u8, vector<u64>>');
  });

  it('nesting deeper than 8 is 400 invalid_input in paths and bodies; 8 is accepted', async () => {
    await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resource/${encodeTag(`0x1::m::S<${nest(9)}>`)}`), 400, 'invalid_input');
    await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/events/${encodeTag(`0x1::m::S<${nest(9)}>`)}/f`), 400, 'invalid_input');
    await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resource/${encodeTag(`0x1::m::S<${nest(7)}>`)}`), 404, 'resource_not_found');
    const table = env.info.samples.tables.find((t) => t.keyType === 'vector<u8>')!;
    const item = { key_type: table.keyType, value_type: table.valueType, key: table.keys[0] };
    await expectErrorRecord(env, await post(env, `/v1/tables/${table.handle}/item`, { ...item, key_type: nest(9) }), 400, 'invalid_input');
    await expectErrorRecord(env, await post(env, `/v1/tables/${table.handle}/item`, { ...item, value_type: nest(9, 'u64') }), 400, 'invalid_input');
    // Depth 8 parses; the key then does not fit it (invalid_input from the key conversion, not the parser).
    const message = await expectErrorRecord(env, await post(env, `/v1/tables/${table.handle}/item`, { ...item, key_type: nest(8) }), 400, 'invalid_input');
    expect(message).toMatch(/key/i);
  });

  it('unparsable path struct tags are 400 web_framework_error; unparsable or reference body types 400 invalid_input', async () => {
    for (const bad of ['0x1::m', 'u8', '0x1::m::S<', '0x1::m::S>', '0x1::m::S<u8', '&u8', '0x1::m::S<&u8>', 'vector<0x1::m::S>', '0x1::1m::S']) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resource/${encodeTag(bad)}`), 400, 'web_framework_error');
    }
    for (const escape of ['0x1%3A%3Aaccount%3A%3AAccount%3', '0x1%3A%3Aaccount%3A%3AAccount%E0%A4%A', '%zz', '0x1::account::%']) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resource/${escape}`), 400, 'web_framework_error');
    }
    const table = env.info.samples.tables.find((t) => t.keyType === 'u64')!;
    const item = { key_type: table.keyType, value_type: table.valueType, key: table.keys[0] };
    for (const bad of ['u9', '&u8', '&mut u64', 'vector<&u8>', 'vector<u8', '0x1::m', '', 'T0']) {
      await expectErrorRecord(env, await post(env, `/v1/tables/${table.handle}/item`, { ...item, key_type: bad }), 400, 'invalid_input');
      await expectErrorRecord(env, await post(env, `/v1/tables/${table.handle}/item`, { ...item, value_type: bad }), 400, 'invalid_input');
    }
  });
});

describe('version checks', () => {
  const versioned = (): [string, string, unknown?][] => {
    const table = env.info.samples.tables[0]!;
    return [
      ['GET', '/v1/accounts/0x1/resources'],
      ['GET', '/v1/accounts/0x1/resource/0x1::account::Account'],
      ['GET', '/v1/accounts/0x1/modules'],
      ['GET', '/v1/accounts/0x1/module/coin'],
      ['POST', `/v1/tables/${table.handle}/item`, { key_type: table.keyType, value_type: table.valueType, key: table.keys[0] }],
      ['POST', `/v1/tables/${table.handle}/raw_item`, { key: table.rawKeys[0] }],
    ];
  };
  const send = (method: string, path: string, body: unknown): Promise<Response> => (method === 'GET' ? get(env, path, BCS) : post(env, path, body, BCS));

  it('404 version_not_found above the latest, 410 version_pruned below the oldest, 200 at both ends', async () => {
    for (const [method, path, body] of versioned()) {
      await expectErrorRecord(env, await send(method, `${path}?ledger_version=${latest() + 1n}`, body), 404, 'version_not_found');
      await expectErrorRecord(env, await send(method, `${path}?ledger_version=18446744073709551615`, body), 404, 'version_not_found');
      await expectErrorRecord(env, await send(method, `${path}?ledger_version=${oldest() - 1n}`, body), 410, 'version_pruned');
      await expectErrorRecord(env, await send(method, `${path}?ledger_version=0`, body), 410, 'version_pruned');
      expect((await send(method, `${path}?ledger_version=${latest()}`, body)).status).toBe(200);
    }
    expect((await get(env, `/v1/accounts/0x1/resources?ledger_version=${oldest()}`)).status).toBe(200);
  });

  it('a ledger_version that is not a decimal u64 is 400 web_framework_error', async () => {
    for (const [method, path, body] of versioned()) {
      for (const bad of ['-1', '1.5', '0x10', '18446744073709551616', 'abc', '', '1e3', '%20']) {
        await expectErrorRecord(env, await send(method, `${path}?ledger_version=${bad}`, body), 400, 'web_framework_error');
      }
    }
    // Leading zeros are digits too.
    expect((await get(env, `/v1/accounts/0x1/resources?ledger_version=000${latest()}`)).status).toBe(200);
  });
});

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
      expect(keys.map((key) => formatStructTag(readStructTag(new BcsReader(hexToBytes(key))))).sort()).toEqual(list.map((x) => x.type).sort());
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
      const response: Response = await get(env, `/v1/accounts/0x1/resources?limit=2${start === null ? '' : `&start=${start}`}`);
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
    const upper = start ?? bytesToHex(resourceKey(parseAddress('0x1'), parseStructTag(all[1]!.type)), false).toUpperCase();
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
    const example = `00${'00'.repeat(31)}01` + `2f00${'00'.repeat(31)}010d${Buffer.from('staking_proxy').toString('hex')}`;
    expect((await get(env, `/v1/accounts/0x1/resources?start=${example}`)).status).toBe(200);
  });

  it('vector<u8> values keep every byte (never trimmed like addresses)', async () => {
    const keys: string[] = [];
    for (const account of (await getJson<{ accounts: string[] }>(env, '/explorer/v1/accounts?limit=1000')).accounts) {
      const response = await get(env, `/v1/accounts/${account}/resource/0x1::account::Account`);
      if (response.status !== 200) continue;
      const key = ((await response.json()) as Resource).data['authentication_key'] as string;
      expect(key).toMatch(/^0x([0-9a-f]{2})+$/);
      expect(key).toBe(bytesToHex(env.store.resource(parseAddress(account), parseStructTag('0x1::account::Account'), latest())!.subarray(1, 33)));
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
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resources?limit=${bad}`), 400, 'web_framework_error');
    }
  });

  it('bad cursors are 400 web_framework_error', async () => {
    const good = bytesToHex(resourceKey(parseAddress('0x1'), parseStructTag('0x1::account::Account')), false);
    for (const bad of ['0', '00ff', 'zz', `0x${good}`, good.slice(0, -2), `${good}00`, `01${good.slice(2)}`, '', 'ab'.repeat(3000)]) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resources?start=${bad}`), 400, 'web_framework_error');
    }
  });

  it('resources as of a version: only those that existed then; unknown accounts give []', async () => {
    const row = env.store.database.prepare('SELECT address FROM accounts WHERE created_version > ? ORDER BY created_version LIMIT 1').get(oldest()) as { address: Uint8Array };
    const created = (env.store.database.prepare('SELECT created_version AS v FROM accounts WHERE address = ?').get(row.address) as { v: number }).v;
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
      expect(await getJson<Resource>(env, `/v1/accounts/0xcafe/resource/${encodeTag(resource.type)}`)).toEqual(resource);
      expect(await getJson<Resource>(env, `/v1/accounts/cafe/resource/${resource.type}`)).toEqual(resource);
      const bcs = await get(env, `/v1/accounts/0xcafe/resource/${encodeTag(resource.type)}`, BCS);
      expect(await bytesOf(bcs)).toEqual(plain(env.store.resource(parseAddress('0xcafe'), parseStructTag(resource.type), latest())));
    }
    const message = await expectErrorRecord(env, await get(env, '/v1/accounts/0xcafe/resource/0x1::nope::Nope'), 404, 'resource_not_found');
    expect(message).toContain('0xcafe');
    expect(message).toContain('0x1::nope::Nope');
  });
});

describe('table items', () => {
  it('every sampled key: JSON equals the stored bytes rendered by §3, BCS is the stored bytes, raw_item agrees', async () => {
    const tables = env.info.samples.tables;
    expect(tables.length).toBe(5);
    const kinds = new Set<string>();
    for (const table of tables) {
      layoutKinds(resolveLayout(parseTypeTag(table.valueType), env.store.abiLookup(latest())), kinds);
      for (const [index, key] of table.keys.entries()) {
        const rawKey = table.rawKeys[index]!;
        const stored = plain(env.store.tableItem(parseAddress(table.handle), hexToBytes(rawKey), latest()))!;
        const request = { key_type: table.keyType, value_type: table.valueType, key };
        const json = await post(env, `/v1/tables/${table.handle}/item`, request);
        expect(json.status).toBe(200);
        expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expectLedgerHeaders(json.headers, env.info);
        expect(await json.json()).toEqual(expectedValue(env, stored, table.valueType));
        const bcs = await post(env, `/v1/tables/${table.handle}/item`, request, BCS);
        expect(bcs.headers.get('content-type')).toBe('application/x-bcs');
        expect(await bytesOf(bcs)).toEqual(stored);
        const raw = await post(env, `/v1/tables/${table.handle}/raw_item`, { key: rawKey }, BCS);
        expect(raw.status).toBe(200);
        expect(await bytesOf(raw)).toEqual(stored);
        expect(await bytesOf(await post(env, `/v1/tables/${table.handle}/raw_item`, { key: rawKey.slice(2).toUpperCase() }, BCS))).toEqual(stored);
      }
    }
    // The sampled values exercise every JSON form of §3.
    for (const kind of ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'vector', 'vector<u8>', 'string', 'option', 'object', 'struct', 'enum']) {
      if (kind !== 'vector<u8>') expect(kinds, kind).toContain(kind);
    }
  });

  it('reads as of the version: the newest write at or below it; a deletion is missing', async () => {
    const table = env.info.samples.tables.find((t) => t.keyType === 'address')!;
    const handle = parseAddress(table.handle);
    const prefix = new BcsWriter().u8(1).address(handle).toBytes();
    const rows = env.store.database
      .prepare('SELECT state_key, version, value FROM state_values WHERE state_key > ? AND state_key < ? AND version >= ? ORDER BY state_key, version')
      .all(prefix, Buffer.concat([prefix, Buffer.from([0xff])]), oldest()) as { state_key: Uint8Array; version: number; value: Uint8Array | null }[];
    const byKey = new Map<string, { version: number; value: Uint8Array | null }[]>();
    for (const row of rows) {
      const key = bytesToHex(row.state_key);
      byKey.set(key, [...(byKey.get(key) ?? []), { version: row.version, value: row.value }]);
    }
    const history = [...byKey.entries()].find(([, list]) => list.length >= 3 && list.some((w) => w.value === null) && list[0]!.value !== null)!;
    expect(history).toBeDefined();
    const [stateKey, writes] = history;
    const keyBytes = hexToBytes(stateKey).subarray(34);
    const key = `0x${bytesToHex(keyBytes).slice(2).replace(/^0+/, '')}`;
    let checked = 0;
    for (const [i, write] of writes.entries()) {
      const next = writes[i + 1]?.version ?? Number(latest()) + 1;
      for (const version of new Set([write.version, next - 1])) {
        const query = `?ledger_version=${version}`;
        const json = await post(env, `/v1/tables/${table.handle}/item${query}`, { key_type: 'address', value_type: table.valueType, key });
        const raw = await post(env, `/v1/tables/${table.handle}/raw_item${query}`, { key: bytesToHex(keyBytes) }, BCS);
        if (write.value === null) {
          const message = await expectErrorRecord(env, json, 404, 'table_item_not_found');
          expect(message).toContain(table.handle);
          expect(message).toContain(key);
          expect(message).toContain(String(version));
          await expectErrorRecord(env, raw, 404, 'table_item_not_found');
        } else {
          expect(json.status).toBe(200);
          expect(await json.json()).toEqual(expectedValue(env, write.value, table.valueType, BigInt(version)));
          expect(await bytesOf(raw)).toEqual(new Uint8Array(write.value));
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it('JSON keys by §3: any address form, u64 as decimal string, hex with 0x optional, struct by field name (extra keys ignored), Option, Object', async () => {
    const value = async (handle: string, request: unknown): Promise<unknown> => {
      const response = await post(env, `/v1/tables/${handle}/item`, request);
      expect(response.status, JSON.stringify(request)).toBe(200);
      return response.json();
    };
    const byType = (keyType: string) => env.info.samples.tables.find((t) => t.keyType === keyType)!;

    const address = byType('address');
    const addressKey = address.keys[1] as string;
    const base = await value(address.handle, { key_type: 'address', value_type: address.valueType, key: addressKey });
    const long = address.rawKeys[1]!;
    for (const form of [long, long.toUpperCase().replace('0X', '0x'), long.slice(2)]) {
      expect(await value(address.handle, { key_type: 'address', value_type: address.valueType, key: form })).toEqual(base);
    }
    expect(await value(address.handle, { key_type: '0x1::object::Object<0xcafe::registry::Badge>', value_type: ' u64 ', key: addressKey })).toEqual(base);

    const u64 = byType('u64');
    const first = await value(u64.handle, { key_type: 'u64', value_type: u64.valueType, key: u64.keys[0] });
    expect(await value(u64.handle, { key_type: 'u64', value_type: u64.valueType, key: `000${u64.keys[0] as string}` })).toEqual(first);
    const numeric = await post(env, `/v1/tables/${u64.handle}/item`, { key_type: 'u64', value_type: u64.valueType, key: Number(u64.keys[0]) });
    await expectErrorRecord(env, numeric, 400, 'invalid_input');
    for (const bad of ['-1', '1.5', '18446744073709551616', '', ' 1', null, true, [], {}]) {
      await expectErrorRecord(env, await post(env, `/v1/tables/${u64.handle}/item`, { key_type: 'u64', value_type: u64.valueType, key: bad }), 400, 'invalid_input');
    }

    const bytes = byType('vector<u8>');
    const hexKey = bytes.keys[0] as string;
    const byHex = await value(bytes.handle, { key_type: 'vector<u8>', value_type: bytes.valueType, key: hexKey });
    expect(await value(bytes.handle, { key_type: 'vector< u8 >', value_type: bytes.valueType, key: hexKey.slice(2) })).toEqual(byHex);
    // Option<u8> {"vec": [b]} has the same BCS as vector<u8> [b].
    const single = hexToBytes(hexKey);
    if (single.length === 1) {
      expect(await value(bytes.handle, { key_type: '0x1::option::Option<u8>', value_type: bytes.valueType, key: { vec: [single[0]] } })).toEqual(byHex);
    }
    for (const bad of ['0x123', '0xzz', 5]) {
      await expectErrorRecord(env, await post(env, `/v1/tables/${bytes.handle}/item`, { key_type: 'vector<u8>', value_type: bytes.valueType, key: bad }), 400, 'invalid_input');
    }

    const slot = byType('0xcafe::registry::SlotKey');
    const slotKey = slot.keys[0] as { owner: string; slot: string };
    const bySlot = await value(slot.handle, { key_type: slot.keyType, value_type: slot.valueType, key: slotKey });
    expect(await value(slot.handle, { key_type: slot.keyType, value_type: slot.valueType, key: { slot: slotKey.slot, owner: slotKey.owner.slice(2), extra: [1, 2] } })).toEqual(bySlot);
    await expectErrorRecord(env, await post(env, `/v1/tables/${slot.handle}/item`, { key_type: slot.keyType, value_type: slot.valueType, key: { owner: slotKey.owner } }), 400, 'invalid_input');
    // A key type whose module is unknown cannot convert the key.
    await expectErrorRecord(env, await post(env, `/v1/tables/${slot.handle}/item`, { key_type: '0xcafe::nope::Key', value_type: slot.valueType, key: {} }), 400, 'invalid_input');

    const named = byType('0x1::string::String');
    const nameBytes = env.store.tableItem(parseAddress(named.handle), hexToBytes(named.rawKeys[0]!), latest())!;
    expect(await value(named.handle, { key_type: named.keyType, value_type: named.valueType, key: named.keys[0] })).toEqual(expectedValue(env, nameBytes, named.valueType));
    await expectErrorRecord(env, await post(env, `/v1/tables/${named.handle}/item`, { key_type: named.keyType, value_type: named.valueType, key: 7 }), 400, 'invalid_input');
  });

  it('enum keys come in as {"Variant": {...fields}}; the output form {"__variant__"} is refused as input', async () => {
    const slot = env.info.samples.tables.find((t) => t.keyType === '0xcafe::registry::SlotKey')!;
    const request = (key: unknown): unknown => ({ key_type: '0xcafe::registry::Status', value_type: slot.valueType, key });
    const missing = await post(env, `/v1/tables/${slot.handle}/item`, request({ Active: { since: '5' } }));
    const message = await expectErrorRecord(env, missing, 404, 'table_item_not_found');
    expect(message).toContain('Active');
    await expectErrorRecord(env, await post(env, `/v1/tables/${slot.handle}/item`, request({ Closed: {} })), 404, 'table_item_not_found');
    for (const bad of [{ __variant__: 'Active', since: '5' }, { Nope: {} }, { Active: { since: 5 } }, 'Active']) {
      await expectErrorRecord(env, await post(env, `/v1/tables/${slot.handle}/item`, request(bad)), 400, 'invalid_input');
    }
  });

  it('stored bytes that do not decode with value_type are 500 internal_error; BCS ignores value_type', async () => {
    const u8 = resolveLayout(parseTypeTag('u8'), env.store.abiLookup(latest()));
    let failures = 0;
    for (const table of env.info.samples.tables) {
      const stored = plain(env.store.tableItem(parseAddress(table.handle), hexToBytes(table.rawKeys[0]!), latest()))!;
      const request = { key_type: table.keyType, value_type: 'u8', key: table.keys[0] };
      const response = await post(env, `/v1/tables/${table.handle}/item`, request);
      let decoded: unknown;
      try {
        decoded = expectedMoveJson(stored, u8);
      } catch {
        failures += 1;
        await expectErrorRecord(env, response, 500, 'internal_error');
      }
      if (decoded !== undefined) expect(await response.json()).toEqual(decoded);
      expect(await bytesOf(await post(env, `/v1/tables/${table.handle}/item`, request, BCS))).toEqual(stored);
    }
    expect(failures).toBeGreaterThanOrEqual(3);
    const record = env.info.samples.tables.find((t) => t.valueType === '0xcafe::registry::Record')!;
    const unknown = { key_type: record.keyType, value_type: '0xcafe::registry::Nope', key: record.keys[0] };
    await expectErrorRecord(env, await post(env, `/v1/tables/${record.handle}/item`, unknown), 500, 'internal_error');
  });

  it('missing items name handle, key and version; bodies that do not parse are 400 web_framework_error; 415 without JSON', async () => {
    const table = env.info.samples.tables.find((t) => t.keyType === 'address')!;
    const path = `/v1/tables/${table.handle}/item`;
    const message = await expectErrorRecord(env, await post(env, path, { key_type: 'address', value_type: table.valueType, key: '0xdeadbeef' }), 404, 'table_item_not_found');
    expect(message).toContain(table.handle);
    expect(message).toContain('0xdeadbeef');
    expect(message).toContain(env.info.latestVersion);
    const good = { key_type: 'address', value_type: table.valueType, key: table.keys[0] };
    for (const body of [
      '',
      '{"key_type":',
      '[]',
      'null',
      '"text"',
      '42',
      JSON.stringify({ key_type: 'address', value_type: 'u64' }),
      JSON.stringify({ key_type: 'address', key: '0x1' }),
      JSON.stringify({ value_type: 'u64', key: '0x1' }),
      JSON.stringify({ ...good, key_type: 5 }),
      JSON.stringify({ ...good, value_type: null }),
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ]) {
      await expectErrorRecord(env, await post(env, path, body), 400, 'web_framework_error');
    }
    const notUtf8 = await fetch(`${env.server.url}${path}`, { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), headers: { 'content-type': 'application/json' } });
    await expectErrorRecord(env, notUtf8, 400, 'web_framework_error');
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/x-bcs']) {
      await expectErrorRecord(env, await post(env, path, good, { 'content-type': contentType }), 415, 'web_framework_error');
    }
    const none = await fetch(`${env.server.url}${path}`, { method: 'POST', body: new Uint8Array(Buffer.from(JSON.stringify(good))) });
    await expectErrorRecord(env, none, 415, 'web_framework_error');
    for (const contentType of ['application/json; charset=utf-8', 'application/vnd.api+json', 'APPLICATION/JSON']) {
      expect((await post(env, path, good, { 'content-type': contentType })).status, contentType).toBe(200);
    }
  });

  it('raw_item: BCS only (403 api_disabled for JSON or no Accept); the key must be hex', async () => {
    const table = env.info.samples.tables[1]!;
    const path = `/v1/tables/${table.handle}/raw_item`;
    for (const headers of [{}, { accept: 'application/json' }, { accept: '*/*' }, { accept: 'application/json, application/x-bcs' }]) {
      const message = await expectErrorRecord(env, await post(env, path, { key: table.rawKeys[0] }, headers), 403, 'api_disabled');
      expect(message).toMatch(/only BCS/i);
    }
    for (const body of [{ key: '0x123' }, { key: '0xzz' }, { key: 5 }, {}, { key: null }]) {
      await expectErrorRecord(env, await post(env, path, body, BCS), 400, 'web_framework_error');
    }
    await expectErrorRecord(env, await post(env, path, { key: '0xdeadbeef' }, BCS), 404, 'table_item_not_found');
    await expectErrorRecord(env, await post(env, path, { key: '' }, BCS), 404, 'table_item_not_found');
  });
});
