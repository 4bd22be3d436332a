/**
 * Contract tests of the node-compatible listings over real HTTP against a generated snapshot:
 * events (both paths), transaction summaries, gas estimate and modules, JSON and BCS.
 */
import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { parseAddress } from '../../shared/address.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { readStructTag } from '../../shared/type-tag.ts';
import { BCS, bytesOf, encodeTag, expectErrorRecord, get, getJson, useContractServer } from './contract-support.ts';

const env = useContractServer('main');

interface Event { version: string; guid: { creation_number: string; account_address: string }; sequence_number: string; type: string; data: unknown }
interface Summary { sender: string; version: string; transaction_hash: string; replay_protector: Record<string, string> }

describe('events', () => {
  it('by handle and by creation number agree; ascending; newest page without start', async () => {
    for (const stream of env.info.samples.eventStreams) {
      const byNumber = await getJson<Event[]>(env, `/v1/accounts/${stream.address}/events/${stream.creationNumber}?limit=100`);
      const byHandle = await getJson<Event[]>(env, `/v1/accounts/${stream.address}/events/${encodeTag(stream.struct)}/${stream.field}?limit=100`);
      expect(byHandle).toEqual(byNumber);
      const count = Number(stream.count);
      expect(byNumber.length).toBe(Math.min(count, 100));
      const sequence = byNumber.map((e) => BigInt(e.sequence_number));
      expect(sequence).toEqual([...sequence].sort((a, b) => (a < b ? -1 : 1)));
      expect(sequence[sequence.length - 1]).toBe(BigInt(count - 1));
      for (const event of byNumber) {
        expect(event.guid).toEqual({ creation_number: stream.creationNumber, account_address: stream.address });
      }
      const defaults = await getJson<Event[]>(env, `/v1/accounts/${stream.address}/events/${stream.creationNumber}`);
      expect(defaults.length).toBe(Math.min(count, 25));
      const fromZero = await getJson<Event[]>(env, `/v1/accounts/${stream.address}/events/${stream.creationNumber}?start=0&limit=3`);
      expect(fromZero.map((e) => e.sequence_number)).toEqual(['0', '1', '2'].slice(0, Math.min(3, count)));
    }
  });

  it('clamps to 100, refuses limit=0, handles errors of the handle path', async () => {
    const busy = env.info.samples.eventStreams.find((s) => Number(s.count) > 100)!;
    expect((await getJson<Event[]>(env, `/v1/accounts/${busy.address}/events/${busy.creationNumber}?limit=1000`)).length).toBe(100);
    await expectErrorRecord(await get(env, `/v1/accounts/${busy.address}/events/${busy.creationNumber}?limit=0`), 400, 'invalid_input');
    await expectErrorRecord(await get(env, `/v1/accounts/${busy.address}/events/${busy.creationNumber}?start=-1`), 400, 'web_framework_error');
    expect(await getJson(env, `/v1/accounts/${busy.address}/events/${busy.creationNumber}?start=99999999`)).toEqual([]);
    expect(await getJson(env, `/v1/accounts/0x1234/events/0`)).toEqual([]);
    await expectErrorRecord(await get(env, `/v1/accounts/0x1234/events/0x1::account::Account/coin_register_events`), 404, 'resource_not_found');
    await expectErrorRecord(await get(env, `/v1/accounts/0x1/events/0x1::account::Account/no_such_field`), 404, 'struct_field_not_found');
    await expectErrorRecord(await get(env, `/v1/accounts/0x1/events/0x1::account::Account/sequence_number`), 400, 'invalid_input');
  });

  it('BCS: vector of (version, ContractEvent::V1) matching JSON', async () => {
    const stream = env.info.samples.eventStreams[0]!;
    const path = `/v1/accounts/${stream.address}/events/${stream.creationNumber}?limit=5`;
    const json = await getJson<Event[]>(env, path);
    const r = new BcsReader(await bytesOf(await get(env, path, BCS)));
    expect(r.uleb128()).toBe(json.length);
    for (const event of json) {
      expect(r.u64().toString()).toBe(event.version);
      expect(r.variantIndex()).toBe(0);
      expect(r.u64().toString()).toBe(event.guid.creation_number);
      expect(r.address()).toEqual(parseAddress(event.guid.account_address));
      expect(r.u64().toString()).toBe(event.sequence_number);
      readStructTagOrType(r);
      r.bytes();
    }
    r.assertFinished();
  });
});

/** Skips one TypeTag in BCS (events in the fixture are struct-typed). */
function readStructTagOrType(r: BcsReader): void {
  expect(r.variantIndex()).toBe(7);
  readStructTag(r);
}

describe('transaction summaries', () => {
  it('follows the range rules, ascending, with replay protectors', async () => {
    for (const sender of env.info.samples.senders) {
      const base = `/v1/accounts/${sender.address}/transaction_summaries`;
      const newest = await getJson<Summary[]>(env, base);
      expect(newest.length).toBe(Math.min(Number(sender.transactions), 100));
      const versions = newest.map((s) => BigInt(s.version));
      expect(versions).toEqual([...versions].sort((a, b) => (a < b ? -1 : 1)));
      for (const summary of newest) {
        expect(summary.sender).toBe(sender.address);
        expect(summary.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
        const protector = summary.replay_protector;
        expect(['sequence_number', 'nonce']).toContain(protector['type']);
        expect(protector[protector['type']!]).toMatch(/^\d+$/);
      }
      const first = newest[0]!.version;
      const fromFirst = await getJson<Summary[]>(env, `${base}?start_version=${first}&limit=3`);
      expect(fromFirst).toEqual(newest.slice(0, 3));
      const third = newest[2]!.version;
      const upTo = await getJson<Summary[]>(env, `${base}?end_version=${third}&limit=2`);
      expect(upTo).toEqual(newest.slice(1, 3));
      const both = await getJson<Summary[]>(env, `${base}?start_version=${first}&end_version=${third}`);
      expect(both).toEqual(newest.slice(0, 3));
      expect(await getJson(env, `${base}?limit=0`)).toEqual([]);
      const bcs = new BcsReader(await bytesOf(await get(env, `${base}?limit=2`, BCS)));
      expect(bcs.uleb128()).toBe(2);
    }
    expect(await getJson(env, '/v1/accounts/0x1234/transaction_summaries')).toEqual([]);
  });
});

describe('gas estimate and modules', () => {
  it('gas estimate: ordered JSON numbers; BCS is gas_estimate', async () => {
    const body = await getJson<{ deprioritized_gas_estimate: number; gas_estimate: number; prioritized_gas_estimate: number }>(env, '/v1/estimate_gas_price');
    expect(Object.keys(body)).toEqual(['deprioritized_gas_estimate', 'gas_estimate', 'prioritized_gas_estimate']);
    expect(body.gas_estimate).toBeGreaterThanOrEqual(body.deprioritized_gas_estimate);
    expect(body.prioritized_gas_estimate).toBeGreaterThan(body.gas_estimate);
    const r = new BcsReader(await bytesOf(await get(env, '/v1/estimate_gas_price', BCS)));
    expect(r.u64()).toBe(BigInt(body.gas_estimate));
    r.assertFinished();
  });

  it('modules in node shape', async () => {
    const modules = await getJson<{ bytecode: string; abi: { address: string; name: string } }[]>(env, '/v1/accounts/0x1/modules');
    expect(modules.length).toBeGreaterThan(3);
    for (const module of modules) {
      expect(module.bytecode).toMatch(/^0x([0-9a-f]{2})+$/);
      expect(module.abi.address).toBe('0x1');
      const one = await getJson<{ bytecode: string; abi: unknown }>(env, `/v1/accounts/0x1/module/${module.abi.name}`);
      expect(one).toEqual(module);
      const bcs = await bytesOf(await get(env, `/v1/accounts/0x1/module/${module.abi.name}`, BCS));
      expect(bytesToHex(bcs)).toBe(module.bytecode);
    }
    await expectErrorRecord(await get(env, '/v1/accounts/0x1/module/no_such_module'), 404, 'module_not_found');
  });
});
