/**
 * Contract tests of the node-compatible listings over real HTTP against the `main` fixture:
 * events (both paths), transaction summaries, gas estimate and modules, JSON and BCS. Expected
 * rows come from SQL over the fixture file and from an independent rendering of the stored bytes.
 * The rule map is in RULES.md.
 */
import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { parseAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { resolveLayout } from '../../shared/move/layout.ts';
import { encodeTypeTag, parseTypeTag, readTypeTag, formatTypeTag } from '../../shared/type-tag.ts';
import { BCS, bytesOf, encodeTag, expectErrorRecord, get, getJson, useContractServer } from './contract-support.ts';
import { expectedMoveJson } from './move-json-oracle.ts';
import { U64_MAX_TEXT } from '../../shared/ledger/u64.ts';

const env = useContractServer('main');

interface Event {
  version: string;
  guid: { creation_number: string; account_address: string };
  sequence_number: string;
  type: string;
  data: unknown;
}
interface Summary {
  sender: string;
  version: string;
  transaction_hash: string;
  replay_protector: Record<string, string>;
}
interface EventRow {
  version: number;
  sequence_number: number;
  type_tag: string;
  data: Uint8Array;
}
interface TxRow {
  version: number;
  hash: Uint8Array;
  sequence_number: number | null;
  nonce: number | null;
}

/** Every event of a stream, ascending, straight from the file. */
function streamRows(address: string, creationNumber: string): EventRow[] {
  return env.store.database
    .prepare(
      `SELECT version, sequence_number, type_tag, data FROM events WHERE address = ? AND creation_number = ?
       ORDER BY sequence_number`,
    )
    .all(parseAddress(address), BigInt(creationNumber)) as EventRow[];
}

/** The node's JSON for one stored event. */
function eventJson(address: string, creationNumber: string, row: EventRow): Event {
  const layout = resolveLayout(parseTypeTag(row.type_tag), env.store.abiLookup(BigInt(env.info.latestVersion)));
  return {
    version: String(row.version),
    guid: { creation_number: creationNumber, account_address: address },
    sequence_number: String(row.sequence_number),
    type: row.type_tag,
    data: expectedMoveJson(row.data, layout),
  };
}

/** Every committed user transaction sent by `address`, ascending, straight from the file. */
function sentRows(address: string): TxRow[] {
  return env.store.database
    .prepare(
      `SELECT version, hash, sequence_number, nonce FROM transactions WHERE kind = 'user' AND sender = ?
       ORDER BY version`,
    )
    .all(parseAddress(address)) as TxRow[];
}

function summaryJson(address: string, row: TxRow): Summary {
  return {
    sender: address,
    version: String(row.version),
    transaction_hash: bytesToHex(row.hash),
    replay_protector:
      row.nonce === null
        ? { type: 'sequence_number', sequence_number: String(row.sequence_number) }
        : { type: 'nonce', nonce: String(row.nonce) },
  };
}

describe('events by creation number', () => {
  it('newest `limit` ascending without start; from start ascending with it; data rendered by §3', async () => {
    for (const stream of env.info.samples.eventStreams) {
      const rows = streamRows(stream.address, stream.creationNumber);
      expect(String(rows.length)).toBe(stream.count);
      const all = rows.map((row) => eventJson(stream.address, stream.creationNumber, row));
      const base = `/v1/accounts/${stream.address}/events/${stream.creationNumber}`;
      expect(await getJson(env, `${base}?limit=100`)).toEqual(all.slice(-100));
      expect(await getJson(env, base)).toEqual(all.slice(-25));
      expect(await getJson(env, `${base}?start=0&limit=3`)).toEqual(all.slice(0, 3));
      const middle = Math.floor(rows.length / 2);
      expect(await getJson(env, `${base}?start=${middle}&limit=7`)).toEqual(all.slice(middle, middle + 7));
      expect(await getJson(env, `${base}?start=${rows.length}`)).toEqual([]);
      expect(await getJson(env, `${base}?start=${U64_MAX_TEXT}`)).toEqual([]);
    }
  });

  it('limits: default 25, maximum 100 (clamped silently), 0 refused, non-u16 unparsable', async () => {
    const busy = env.info.samples.eventStreams.find((s) => Number(s.count) > 100)!;
    const base = `/v1/accounts/${busy.address}/events/${busy.creationNumber}`;
    const rows = streamRows(busy.address, busy.creationNumber);
    expect((await getJson<Event[]>(env, base)).length).toBe(25);
    for (const limit of ['101', '1000', '65535']) {
      expect(await getJson(env, `${base}?limit=${limit}`)).toEqual(
        rows.slice(-100).map((row) => eventJson(busy.address, busy.creationNumber, row)),
      );
    }
    expect((await getJson<Event[]>(env, `${base}?start=0&limit=65535`)).length).toBe(100);
    await expectErrorRecord(env, await get(env, `${base}?limit=0`), 400, 'invalid_input');
    for (const bad of ['65536', '-1', '1.5', 'ten', '', '1e2']) {
      await expectErrorRecord(env, await get(env, `${base}?limit=${bad}`), 400, 'web_framework_error');
    }
    for (const bad of ['-1', '1.5', '0x1', 'x', '', '18446744073709551616']) {
      await expectErrorRecord(env, await get(env, `${base}?start=${bad}`), 400, 'web_framework_error');
    }
  });

  it('an unknown stream is [] (no account check); creation numbers must be decimal u64s', async () => {
    expect(await getJson(env, '/v1/accounts/0x1234/events/0')).toEqual([]);
    expect(await getJson(env, '/v1/accounts/0x1/events/999')).toEqual([]);
    expect(await getJson(env, `/v1/accounts/0x1/events/${U64_MAX_TEXT}`)).toEqual([]);
    expect(await getJson(env, '/v1/accounts/0x1/events/9223372036854775808?start=9223372036854775808')).toEqual([]);
    for (const bad of ['x', '-1', '1.5', '0x3', '18446744073709551616', '%zz']) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/events/${bad}`), 400, 'web_framework_error');
    }
  });

  it('BCS: vector of (version, ContractEvent::V1 { key, sequence_number, type_tag, data }), stored bytes', async () => {
    for (const stream of env.info.samples.eventStreams.slice(0, 4)) {
      const rows = streamRows(stream.address, stream.creationNumber).slice(0, 5);
      const response = await get(
        env,
        `/v1/accounts/${stream.address}/events/${stream.creationNumber}?start=0&limit=5`,
        BCS,
      );
      expect(response.headers.get('content-type')).toBe('application/x-bcs');
      const r = new BcsReader(await bytesOf(response));
      expect(r.uleb128()).toBe(rows.length);
      for (const row of rows) {
        expect(r.u64()).toBe(BigInt(row.version));
        expect(r.variantIndex()).toBe(0);
        expect(r.u64()).toBe(BigInt(stream.creationNumber));
        expect(r.address()).toEqual(parseAddress(stream.address));
        expect(r.u64()).toBe(BigInt(row.sequence_number));
        const start = r.offset;
        expect(formatTypeTag(readTypeTag(r))).toBe(row.type_tag);
        expect(r.input.subarray(start, r.offset)).toEqual(encodeTypeTag(parseTypeTag(row.type_tag)));
        expect(r.bytes()).toEqual(new Uint8Array(row.data));
      }
      r.assertFinished();
    }
  });
});

describe('events by handle', () => {
  it('reads the handle from the resource field and lists its stream, like the creation number path', async () => {
    for (const stream of env.info.samples.eventStreams) {
      const byNumber = await getJson<Event[]>(
        env,
        `/v1/accounts/${stream.address}/events/${stream.creationNumber}?limit=100`,
      );
      for (const tag of [encodeTag(stream.struct), stream.struct]) {
        expect(
          await getJson<Event[]>(env, `/v1/accounts/${stream.address}/events/${tag}/${stream.field}?limit=100`),
        ).toEqual(byNumber);
      }
      const start = `?start=1&limit=2`;
      expect(
        await getJson(env, `/v1/accounts/${stream.address}/events/${encodeTag(stream.struct)}/${stream.field}${start}`),
      ).toEqual(await getJson(env, `/v1/accounts/${stream.address}/events/${stream.creationNumber}${start}`));
    }
  });

  it('404 resource_not_found (also unknown accounts), 404 struct_field_not_found, 400 non-handle field', async () => {
    await expectErrorRecord(
      env,
      await get(env, '/v1/accounts/0x1234/events/0x1::account::Account/coin_register_events'),
      404,
      'resource_not_found',
    );
    await expectErrorRecord(
      env,
      await get(env, '/v1/accounts/0x1/events/0x1::nope::Nope/events'),
      404,
      'resource_not_found',
    );
    const message = await expectErrorRecord(
      env,
      await get(env, '/v1/accounts/0x1/events/0x1::account::Account/no_such_field'),
      404,
      'struct_field_not_found',
    );
    expect(message).toContain('no_such_field');
    await expectErrorRecord(
      env,
      await get(env, '/v1/accounts/0x1/events/0x1::account::Account/sequence_number'),
      400,
      'invalid_input',
    );
    await expectErrorRecord(
      env,
      await get(env, '/v1/accounts/0x1/events/0x1::account::Account/authentication_key'),
      400,
      'invalid_input',
    );
    for (const field of ['not-ident', '1abc', '_', encodeURIComponent('é')]) {
      await expectErrorRecord(
        env,
        await get(env, `/v1/accounts/0x1/events/0x1::account::Account/${field}`),
        400,
        'web_framework_error',
      );
    }
    for (const tag of ['0x1::account', 'u8', encodeTag('0x1::m::S<u8'), '%zz']) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/events/${tag}/events`), 400, 'web_framework_error');
    }
    const busy = env.info.samples.eventStreams.find((s) => Number(s.count) > 100)!;
    await expectErrorRecord(
      env,
      await get(env, `/v1/accounts/${busy.address}/events/${encodeTag(busy.struct)}/${busy.field}?limit=0`),
      400,
      'invalid_input',
    );
    expect(
      (
        await getJson<Event[]>(
          env,
          `/v1/accounts/${busy.address}/events/${encodeTag(busy.struct)}/${busy.field}?limit=5000`,
        )
      ).length,
    ).toBe(100);
  });
});

describe('transaction summaries', () => {
  it('the newest `limit` by default, from start_version, up to end_version, both; ascending; as stored', async () => {
    const nonceSender = env.store.database
      .prepare('SELECT sender FROM transactions WHERE nonce IS NOT NULL GROUP BY sender ORDER BY count(*) DESC LIMIT 1')
      .get() as { sender: Uint8Array };
    const senders = [
      ...env.info.samples.senders.map((s) => s.address),
      `0x${bytesToHex(nonceSender.sender).slice(2).replace(/^0+/, '')}`,
    ];
    let nonces = 0;
    for (const sender of senders) {
      const all = sentRows(sender).map((row) => summaryJson(sender, row));
      nonces += all.filter((s) => s.replay_protector['type'] === 'nonce').length;
      const base = `/v1/accounts/${sender}/transaction_summaries`;
      expect(await getJson(env, base)).toEqual(all.slice(-100));
      expect(await getJson(env, `${base}?limit=1000`)).toEqual(all.slice(-100));
      expect(await getJson(env, `${base}?limit=65535`)).toEqual(all.slice(-100));
      expect(await getJson(env, `${base}?limit=3`)).toEqual(all.slice(-3));
      const first = all[0]!.version;
      expect(await getJson(env, `${base}?start_version=${first}&limit=3`)).toEqual(all.slice(0, 3));
      expect(await getJson(env, `${base}?start_version=${BigInt(first) + 1n}&limit=2`)).toEqual(all.slice(1, 3));
      const third = all[2]!.version;
      expect(await getJson(env, `${base}?end_version=${third}&limit=2`)).toEqual(all.slice(1, 3));
      expect(await getJson(env, `${base}?end_version=${BigInt(third) - 1n}`)).toEqual(all.slice(0, 2));
      expect(await getJson(env, `${base}?start_version=${first}&end_version=${third}`)).toEqual(all.slice(0, 3));
      expect(await getJson(env, `${base}?start_version=${third}&end_version=${first}`)).toEqual([]);
      expect(await getJson(env, `${base}?limit=0`)).toEqual([]);
      expect(await getJson(env, `${base}?start_version=${U64_MAX_TEXT}`)).toEqual([]);
      expect(await getJson(env, `${base}?end_version=${U64_MAX_TEXT}&limit=2`)).toEqual(all.slice(-2));
      expect(await getJson(env, `${base}?start_version=${first}&end_version=${U64_MAX_TEXT}&limit=2`)).toEqual(
        all.slice(0, 2),
      );
    }
    expect(nonces).toBeGreaterThan(0);
    expect(await getJson(env, '/v1/accounts/0x1234/transaction_summaries')).toEqual([]);
  });

  it('refuses non-u64 versions and non-u16 limits with 400 web_framework_error', async () => {
    const base = `/v1/accounts/${env.info.samples.senders[0]!.address}/transaction_summaries`;
    for (const name of ['start_version', 'end_version', 'limit']) {
      for (const bad of ['-1', '1.5', '0x10', 'x', '', '18446744073709551616']) {
        await expectErrorRecord(env, await get(env, `${base}?${name}=${bad}`), 400, 'web_framework_error');
      }
    }
    await expectErrorRecord(env, await get(env, `${base}?limit=65536`), 400, 'web_framework_error');
  });

  it('BCS: vector of IndexedTransactionSummary::V1, the hash as 32 unprefixed bytes, both protectors', async () => {
    const nonceRow = env.store.database
      .prepare('SELECT sender, version FROM transactions WHERE nonce IS NOT NULL LIMIT 1')
      .get() as { sender: Uint8Array; version: number };
    const sender = bytesToHex(nonceRow.sender);
    const rows = sentRows(sender)
      .filter((row) => row.version >= nonceRow.version - 50)
      .slice(0, 20);
    expect(rows.some((row) => row.nonce === null)).toBe(true);
    const response = await get(
      env,
      `/v1/accounts/${sender}/transaction_summaries?start_version=${rows[0]!.version}&limit=${rows.length}`,
      BCS,
    );
    expect(response.headers.get('content-type')).toBe('application/x-bcs');
    const r = new BcsReader(await bytesOf(response));
    expect(r.uleb128()).toBe(rows.length);
    for (const row of rows) {
      expect(r.variantIndex()).toBe(0);
      expect(r.address()).toEqual(parseAddress(sender));
      expect(r.u64()).toBe(BigInt(row.version));
      expect(r.fixedBytes(32)).toEqual(new Uint8Array(row.hash));
      if (row.nonce === null) {
        expect(r.variantIndex()).toBe(1);
        expect(r.u64()).toBe(BigInt(row.sequence_number ?? -1));
      } else {
        expect(r.variantIndex()).toBe(0);
        expect(r.u64()).toBe(BigInt(row.nonce));
      }
    }
    r.assertFinished();
  });
});

describe('gas estimate', () => {
  interface Block {
    epoch: string;
    inclusion_price: string;
  }
  const nextBucket = (price: bigint, buckets: readonly number[]): bigint =>
    BigInt(buckets.find((b) => BigInt(b) > price) ?? price);

  it('follows §5 over the blocks of the current epoch, as the explorer counts them', async () => {
    const settings = env.store.settings.gasEstimation;
    const minPrice = env.store.minGasUnitPrice(BigInt(env.info.latestVersion));
    const { blocks } = await getJson<{ blocks: Block[] }>(
      env,
      `/explorer/v1/blocks?limit=${settings.aggressiveBlockHistory + 1}`,
    );
    const current = blocks.filter((b) => b.epoch === env.info.epoch);
    const prices = current.slice(1, settings.aggressiveBlockHistory + 1).map((b) => BigInt(b.inclusion_price));
    expect(prices.length).toBeGreaterThan(settings.marketBlockHistory);
    expect(prices.some((p) => p > minPrice)).toBe(true);
    const sorted = (list: bigint[]): bigint[] => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const deprioritized = prices.slice(0, settings.lowBlockHistory).reduce((a, b) => (b < a ? b : a));
    const market = sorted(prices.slice(0, settings.marketBlockHistory));
    const median = market[Math.floor(market.length / 2)]!;
    const regular = median > deprioritized ? median : deprioritized;
    const all = sorted(prices);
    const p90 = all[Math.floor((all.length * 9) / 10)]!;
    const prioritized = nextBucket(p90 > regular ? p90 : regular, settings.priceBuckets);

    const response = await get(env, '/v1/estimate_gas_price');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    expect(text).toBe(
      JSON.stringify({
        deprioritized_gas_estimate: Number(deprioritized),
        gas_estimate: Number(regular),
        prioritized_gas_estimate: Number(prioritized),
      }),
    );

    const bcs = await get(env, '/v1/estimate_gas_price', BCS);
    expect(bcs.headers.get('content-type')).toBe('application/x-bcs');
    const r = new BcsReader(await bytesOf(bcs));
    expect(r.u64()).toBe(regular);
    r.assertFinished();
  });
});

describe('modules', () => {
  it('lists modules in state-key order (name length, then name); JSON and BCS agree with each module', async () => {
    const modules = await getJson<{ bytecode: string; abi: { address: string; name: string } }[]>(
      env,
      '/v1/accounts/0x1/modules',
    );
    expect(modules.length).toBeGreaterThan(3);
    const names = modules.map((m) => m.abi.name);
    expect(names).toEqual([...names].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)));
    const list = new BcsReader(await bytesOf(await get(env, '/v1/accounts/0x1/modules', BCS)));
    expect(list.uleb128()).toBe(modules.length);
    const latest = BigInt(env.info.latestVersion);
    for (const module of modules) {
      expect(module.bytecode).toMatch(/^0x([0-9a-f]{2})+$/);
      expect(module.abi.address).toBe('0x1');
      // BCS: the node's map module id (address, name) → bytecode.
      expect(list.address()).toEqual(parseAddress('0x1'));
      expect(list.string()).toBe(module.abi.name);
      expect(bytesToHex(list.bytes())).toBe(module.bytecode);
      const stored = env.store.module(parseAddress('0x1'), module.abi.name, latest)!;
      expect(module).toEqual({ bytecode: bytesToHex(stored.bytecode), abi: stored.abi });
      expect(await getJson(env, `/v1/accounts/0x1/module/${module.abi.name}`)).toEqual(module);
      expect(bytesToHex(await bytesOf(await get(env, `/v1/accounts/0x1/module/${module.abi.name}`, BCS)))).toBe(
        module.bytecode,
      );
    }
    list.assertFinished();
    expect(await getJson(env, '/v1/accounts/0x1234/modules')).toEqual([]);
  });

  it('404 module_not_found; a name that is not an identifier is 400 web_framework_error', async () => {
    const message = await expectErrorRecord(
      env,
      await get(env, '/v1/accounts/0x1/module/no_such_module'),
      404,
      'module_not_found',
    );
    expect(message).toContain('no_such_module');
    for (const bad of ['no-pe', '1abc', encodeURIComponent('a::b'), '%zz']) {
      await expectErrorRecord(env, await get(env, `/v1/accounts/0x1/module/${bad}`), 400, 'web_framework_error');
    }
  });
});
