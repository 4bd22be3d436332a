/**
 * Contract tests of the conventions of the node-compatible `/v1` API (docs/node-behaviour.md §1) over
 * real HTTP against the `main` fixture: ledger info and headers, HEAD, trailing slashes, content
 * negotiation, address forms and type tags in paths and bodies, with their error records.
 * Expected values come from the fixture's info and samples. The rule map is in RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { bytesToHex } from '../../shared/hex.ts';
import {
  BCS,
  bytesOf,
  encodeTag,
  expectErrorRecord,
  expectLedgerHeaders,
  get,
  getJson,
  post,
  useContractServer,
} from './contract-support.ts';
import type { Resource } from './contract-values.ts';

const env = useContractServer('main');

/** `depth` vectors around `inner`: the nesting limit of type tags is 8. */
const nest = (depth: number, inner = 'u8'): string => (depth === 0 ? inner : `vector<${nest(depth - 1, inner)}>`);

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
    for (const path of [
      '/v1',
      '/v1/accounts/0x1/resources?limit=1',
      '/v1/estimate_gas_price',
      '/v1/accounts/0x1/module/nope',
    ]) {
      const full = await get(env, path);
      const head = await fetch(`${env.server.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(full.status);
      expect(await head.text()).toBe('');
      expect(head.headers.get('content-type')).toBe(full.headers.get('content-type'));
      expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
      expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
      expect(head.headers.get('x-aptos-cursor')).toBe(full.headers.get('x-aptos-cursor'));
      expectLedgerHeaders(head.headers, env.info);
    }
  });

  it('one trailing slash is ignored', async () => {
    expect(await getJson(env, '/v1/')).toEqual(await getJson(env, '/v1'));
    expect(await getJson(env, '/v1/accounts/0x1/resources/?limit=2')).toEqual(
      await getJson(env, '/v1/accounts/0x1/resources?limit=2'),
    );
    await expectErrorRecord(env, await get(env, '/v1/accounts/0x1/resources//'), 404, 'web_framework_error');
  });

  it('Accept: first exact application/json or application/x-bcs by q; anything else JSON; never 406', async () => {
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
    for (const bad of [
      '0x',
      '0X1',
      '00x1',
      '0xzz',
      `0x${'1'.repeat(65)}`,
      '1'.repeat(65),
      encodeURIComponent('0x1é'),
      '0x%zz',
      '%',
      '0x1%2F2',
      '%20x1',
    ]) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/${bad}/resources`), 400, 'web_framework_error');
      await expectErrorRecord(
        env,
        await post(env, `/v1/tables/${bad}/item`, { key_type: 'u64', value_type: 'u64', key: '1' }),
        400,
        'web_framework_error',
      );
    }
    // An empty address segment matches no route.
    await expectErrorRecord(env, await get(env, '/v1/accounts//resources'), 404, 'web_framework_error');
  });

  it('prints every address in short form: sender, guid, type tags and Move values', async () => {
    const row = env.store.database
      .prepare(
        `SELECT sender FROM account_transactions WHERE substr(sender, 1, 1) = x'00' AND substr(sender, 32, 1) != x'00'
         LIMIT 1`,
      )
      .get() as { sender: Uint8Array };
    const long = bytesToHex(row.sender);
    const short = `0x${long.slice(2).replace(/^0+/, '')}`;
    expect(short.length).toBeLessThan(long.length);
    const summaries = await getJson<{ sender: string }[]>(env, `/v1/accounts/${long}/transaction_summaries?limit=5`);
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) expect(summary.sender).toBe(short);
    const stream = env.info.samples.eventStreams.find((s) => s.address === '0xcafe')!;
    const events = await getJson<{ guid: { account_address: string } }[]>(
      env,
      `/v1/accounts/0x${'0'.repeat(60)}cafe/events/${stream.creationNumber}?limit=2`,
    );
    expect(events.map((e) => e.guid.account_address)).toEqual(events.map(() => '0xcafe'));
    const registry = await getJson<Resource>(
      env,
      `/v1/accounts/0xcafe/resource/${encodeTag(`0x${'0'.repeat(60)}cafe::registry::Registry`)}`,
    );
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
    const message = await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/0x1/resource/${encodeTag('0x01::m::P<u8,vector<  u64 >>')}`),
      404,
      'resource_not_found',
    );
    expect(message).toContain('0x1::m::P<u8, vector<u64>>');
  });

  it('nesting deeper than 8 is 400 invalid_input in paths and bodies; 8 is accepted', async () => {
    await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/0x1/resource/${encodeTag(`0x1::m::S<${nest(9)}>`)}`),
      400,
      'invalid_input',
    );
    await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/0x1/events/${encodeTag(`0x1::m::S<${nest(9)}>`)}/f`),
      400,
      'invalid_input',
    );
    await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/0x1/resource/${encodeTag(`0x1::m::S<${nest(7)}>`)}`),
      404,
      'resource_not_found',
    );
    const table = env.info.samples.tables.find((t) => t.keyType === 'vector<u8>')!;
    const item = { key_type: table.keyType, value_type: table.valueType, key: table.keys[0] };
    await expectErrorRecord(
      env,
      await post(env, `/v1/tables/${table.handle}/item`, { ...item, key_type: nest(9) }),
      400,
      'invalid_input',
    );
    await expectErrorRecord(
      env,
      await post(env, `/v1/tables/${table.handle}/item`, { ...item, value_type: nest(9, 'u64') }),
      400,
      'invalid_input',
    );
    // Depth 8 parses; the key then does not fit it (invalid_input from the key conversion, not the parser).
    const message = await expectErrorRecord(
      env,
      await post(env, `/v1/tables/${table.handle}/item`, { ...item, key_type: nest(8) }),
      400,
      'invalid_input',
    );
    expect(message).toMatch(/key/i);
  });

  it('bad path struct tags: 400 web_framework_error; bad or reference body types: 400 invalid_input', async () => {
    for (const bad of [
      '0x1::m',
      'u8',
      '0x1::m::S<',
      '0x1::m::S>',
      '0x1::m::S<u8',
      '&u8',
      '0x1::m::S<&u8>',
      'vector<0x1::m::S>',
      '0x1::1m::S',
    ]) {
      await expectErrorRecord(
        env,
        await get(env, `/v1/accounts/0x1/resource/${encodeTag(bad)}`),
        400,
        'web_framework_error',
      );
    }
    for (const escape of [
      '0x1%3A%3Aaccount%3A%3AAccount%3',
      '0x1%3A%3Aaccount%3A%3AAccount%E0%A4%A',
      '%zz',
      '0x1::account::%',
    ]) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/resource/${escape}`), 400, 'web_framework_error');
    }
    const table = env.info.samples.tables.find((t) => t.keyType === 'u64')!;
    const item = { key_type: table.keyType, value_type: table.valueType, key: table.keys[0] };
    for (const bad of ['u9', '&u8', '&mut u64', 'vector<&u8>', 'vector<u8', '0x1::m', '', 'T0']) {
      await expectErrorRecord(
        env,
        await post(env, `/v1/tables/${table.handle}/item`, { ...item, key_type: bad }),
        400,
        'invalid_input',
      );
      await expectErrorRecord(
        env,
        await post(env, `/v1/tables/${table.handle}/item`, { ...item, value_type: bad }),
        400,
        'invalid_input',
      );
    }
  });
});
