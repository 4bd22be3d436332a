/**
 * Contract tests of table items in the node-compatible `/v1` API over real HTTP against the `main`
 * fixture: `item` and `raw_item` as of a version, JSON keys in by §3, values out by §3, BCS bodies,
 * and the errors of bodies and stored bytes. Expectations come from the samples, direct SQL over
 * the file (write history with a tombstone) and an independent rendering of the stored bytes
 * (move-json-oracle.ts). The rule map is in RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../shared/address.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { bytesToHex, hexToBytes } from '../../shared/hex.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { parseTypeTag } from '../../shared/type-tag.ts';
import { BCS, bytesOf, expectErrorRecord, expectLedgerHeaders, post, useContractServer } from './contract-support.ts';
import { expectedValue, plain } from './contract-values.ts';
import { expectedMoveJson, layoutKinds } from './move-json-oracle.ts';

const env = useContractServer('main');

const latest = (): bigint => BigInt(env.info.latestVersion);
const oldest = (): bigint => BigInt(env.info.oldestVersion);

describe('table items', () => {
  it('every sampled key: JSON is the stored bytes rendered by §3, BCS the stored bytes; raw_item agrees', async () => {
    const tables = env.info.samples.tables;
    // The registry's five tables (one per key type) and the framework's coin conversion map (TypeInfo keys).
    expect(tables.length).toBe(6);
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
        expect(
          await bytesOf(
            await post(env, `/v1/tables/${table.handle}/raw_item`, { key: rawKey.slice(2).toUpperCase() }, BCS),
          ),
        ).toEqual(stored);
      }
    }
    // The sampled values exercise every JSON form of §3.
    for (const kind of [
      'bool',
      'u8',
      'u16',
      'u32',
      'u64',
      'u128',
      'u256',
      'address',
      'vector',
      'vector<u8>',
      'string',
      'option',
      'object',
      'struct',
      'enum',
    ]) {
      if (kind !== 'vector<u8>') expect(kinds, kind).toContain(kind);
    }
  });

  it('reads as of the version: the newest write at or below it; a deletion is missing', async () => {
    const table = env.info.samples.tables.find((t) => t.keyType === 'address')!;
    const handle = parseAddress(table.handle);
    const prefix = new BcsWriter().u8(1).address(handle).toBytes();
    const rows = env.store.database
      .prepare(
        `SELECT state_key, version, value FROM state_values WHERE state_key > ? AND state_key < ? AND version >= ?
         ORDER BY state_key, version`,
      )
      .all(prefix, Buffer.concat([prefix, Buffer.from([0xff])]), oldest()) as {
      state_key: Uint8Array;
      version: number;
      value: Uint8Array | null;
    }[];
    const byKey = new Map<string, { version: number; value: Uint8Array | null }[]>();
    for (const row of rows) {
      const key = bytesToHex(row.state_key);
      byKey.set(key, [...(byKey.get(key) ?? []), { version: row.version, value: row.value }]);
    }
    const history = [...byKey.entries()].find(
      ([, list]) => list.length >= 3 && list.some((w) => w.value === null) && list[0]!.value !== null,
    )!;
    expect(history).toBeDefined();
    const [stateKey, writes] = history;
    const keyBytes = hexToBytes(stateKey).subarray(34);
    const key = `0x${bytesToHex(keyBytes).slice(2).replace(/^0+/, '')}`;
    let checked = 0;
    for (const [i, write] of writes.entries()) {
      const next = writes[i + 1]?.version ?? Number(latest()) + 1;
      for (const version of new Set([write.version, next - 1])) {
        const query = `?ledger_version=${version}`;
        const json = await post(env, `/v1/tables/${table.handle}/item${query}`, {
          key_type: 'address',
          value_type: table.valueType,
          key,
        });
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

  it('JSON keys (§3): addresses, u64 strings, 0x optional, struct fields (extra ignored), Option, Object', async () => {
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
      expect(await value(address.handle, { key_type: 'address', value_type: address.valueType, key: form })).toEqual(
        base,
      );
    }
    expect(
      await value(address.handle, {
        key_type: '0x1::object::Object<0xcafe::registry::Badge>',
        value_type: ' u64 ',
        key: addressKey,
      }),
    ).toEqual(base);

    const u64 = byType('u64');
    const first = await value(u64.handle, { key_type: 'u64', value_type: u64.valueType, key: u64.keys[0] });
    expect(
      await value(u64.handle, { key_type: 'u64', value_type: u64.valueType, key: `000${u64.keys[0] as string}` }),
    ).toEqual(first);
    const numeric = await post(env, `/v1/tables/${u64.handle}/item`, {
      key_type: 'u64',
      value_type: u64.valueType,
      key: Number(u64.keys[0]),
    });
    await expectErrorRecord(env, numeric, 400, 'invalid_input');
    for (const bad of ['-1', '1.5', '18446744073709551616', '', ' 1', null, true, [], {}]) {
      await expectErrorRecord(
        env,
        await post(env, `/v1/tables/${u64.handle}/item`, { key_type: 'u64', value_type: u64.valueType, key: bad }),
        400,
        'invalid_input',
      );
    }

    const bytes = byType('vector<u8>');
    const hexKey = bytes.keys[0] as string;
    const byHex = await value(bytes.handle, { key_type: 'vector<u8>', value_type: bytes.valueType, key: hexKey });
    expect(
      await value(bytes.handle, { key_type: 'vector< u8 >', value_type: bytes.valueType, key: hexKey.slice(2) }),
    ).toEqual(byHex);
    // Option<u8> {"vec": [b]} has the same BCS as vector<u8> [b].
    const single = hexToBytes(hexKey);
    if (single.length === 1) {
      expect(
        await value(bytes.handle, {
          key_type: '0x1::option::Option<u8>',
          value_type: bytes.valueType,
          key: { vec: [single[0]] },
        }),
      ).toEqual(byHex);
    }
    for (const bad of ['0x123', '0xzz', 5]) {
      await expectErrorRecord(
        env,
        await post(env, `/v1/tables/${bytes.handle}/item`, {
          key_type: 'vector<u8>',
          value_type: bytes.valueType,
          key: bad,
        }),
        400,
        'invalid_input',
      );
    }

    const slot = byType('0xcafe::registry::SlotKey');
    const slotKey = slot.keys[0] as { owner: string; slot: string };
    const bySlot = await value(slot.handle, { key_type: slot.keyType, value_type: slot.valueType, key: slotKey });
    expect(
      await value(slot.handle, {
        key_type: slot.keyType,
        value_type: slot.valueType,
        key: { slot: slotKey.slot, owner: slotKey.owner.slice(2), extra: [1, 2] },
      }),
    ).toEqual(bySlot);
    await expectErrorRecord(
      env,
      await post(env, `/v1/tables/${slot.handle}/item`, {
        key_type: slot.keyType,
        value_type: slot.valueType,
        key: { owner: slotKey.owner },
      }),
      400,
      'invalid_input',
    );
    // A key type whose module is unknown cannot convert the key.
    await expectErrorRecord(
      env,
      await post(env, `/v1/tables/${slot.handle}/item`, {
        key_type: '0xcafe::nope::Key',
        value_type: slot.valueType,
        key: {},
      }),
      400,
      'invalid_input',
    );

    const named = byType('0x1::string::String');
    const nameBytes = env.store.tableItem(parseAddress(named.handle), hexToBytes(named.rawKeys[0]!), latest())!;
    expect(
      await value(named.handle, { key_type: named.keyType, value_type: named.valueType, key: named.keys[0] }),
    ).toEqual(expectedValue(env, nameBytes, named.valueType));
    await expectErrorRecord(
      env,
      await post(env, `/v1/tables/${named.handle}/item`, {
        key_type: named.keyType,
        value_type: named.valueType,
        key: 7,
      }),
      400,
      'invalid_input',
    );
  });

  it('enum keys come in as {"Variant": {...fields}}; the output form {"__variant__"} is refused as input', async () => {
    const slot = env.info.samples.tables.find((t) => t.keyType === '0xcafe::registry::SlotKey')!;
    const request = (key: unknown): unknown => ({
      key_type: '0xcafe::registry::Status',
      value_type: slot.valueType,
      key,
    });
    const missing = await post(env, `/v1/tables/${slot.handle}/item`, request({ Active: { since: '5' } }));
    const message = await expectErrorRecord(env, missing, 404, 'table_item_not_found');
    expect(message).toContain('Active');
    await expectErrorRecord(
      env,
      await post(env, `/v1/tables/${slot.handle}/item`, request({ Closed: {} })),
      404,
      'table_item_not_found',
    );
    for (const bad of [{ __variant__: 'Active', since: '5' }, { Nope: {} }, { Active: { since: 5 } }, 'Active']) {
      await expectErrorRecord(
        env,
        await post(env, `/v1/tables/${slot.handle}/item`, request(bad)),
        400,
        'invalid_input',
      );
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

  it('missing items name handle, key, version; bad bodies 400 web_framework_error; 415 without JSON', async () => {
    const table = env.info.samples.tables.find((t) => t.keyType === 'address')!;
    const path = `/v1/tables/${table.handle}/item`;
    const message = await expectErrorRecord(
      env,
      await post(env, path, { key_type: 'address', value_type: table.valueType, key: '0xdeadbeef' }),
      404,
      'table_item_not_found',
    );
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
    const notUtf8 = await fetch(`${env.server.url}${path}`, {
      method: 'POST',
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    await expectErrorRecord(env, notUtf8, 400, 'web_framework_error');
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/x-bcs']) {
      await expectErrorRecord(
        env,
        await post(env, path, good, { 'content-type': contentType }),
        415,
        'web_framework_error',
      );
    }
    const none = await fetch(`${env.server.url}${path}`, {
      method: 'POST',
      body: new Uint8Array(Buffer.from(JSON.stringify(good))),
    });
    await expectErrorRecord(env, none, 415, 'web_framework_error');
    for (const contentType of ['application/json; charset=utf-8', 'application/vnd.api+json', 'APPLICATION/JSON']) {
      expect((await post(env, path, good, { 'content-type': contentType })).status, contentType).toBe(200);
    }
  });

  it('raw_item: BCS only (403 api_disabled for JSON or no Accept); the key must be hex', async () => {
    const table = env.info.samples.tables[1]!;
    const path = `/v1/tables/${table.handle}/raw_item`;
    for (const headers of [
      {},
      { accept: 'application/json' },
      { accept: '*/*' },
      { accept: 'application/json, application/x-bcs' },
    ]) {
      const message = await expectErrorRecord(
        env,
        await post(env, path, { key: table.rawKeys[0] }, headers),
        403,
        'api_disabled',
      );
      expect(message).toMatch(/only BCS/i);
    }
    for (const body of [{ key: '0x123' }, { key: '0xzz' }, { key: 5 }, {}, { key: null }]) {
      await expectErrorRecord(env, await post(env, path, body, BCS), 400, 'web_framework_error');
    }
    await expectErrorRecord(env, await post(env, path, { key: '0xdeadbeef' }, BCS), 404, 'table_item_not_found');
    await expectErrorRecord(env, await post(env, path, { key: '' }, BCS), 404, 'table_item_not_found');
  });
});
