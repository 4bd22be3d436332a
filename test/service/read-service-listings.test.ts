import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../shared/bcs/bcs-reader.ts';
import { BcsWriter } from '../../shared/bcs/bcs-writer.ts';
import { parseStructTag } from '../../shared/type-tag.ts';
import { ONE, resourceStateKey } from './fake-store.ts';
import { BCS, expectError, get } from './service-support.ts';

describe('events', () => {
  it('by creation number: newest limit ascending without start, from start ascending with it', async () => {
    const newest = (await (await get('/v1/accounts/0xa11ce/events/2?limit=2')).json()) as { sequence_number: string }[];
    expect(newest.map((e) => e.sequence_number)).toEqual(['3', '4']);
    const fromStart = (await (await get('/v1/accounts/0xa11ce/events/2?start=1&limit=2')).json()) as unknown[];
    expect(fromStart).toEqual([
      { version: '21', guid: { creation_number: '2', account_address: '0xa11ce' }, sequence_number: '1', type: '0x1::account::CoinRegisterEvent', data: { value: '10' } },
      { version: '22', guid: { creation_number: '2', account_address: '0xa11ce' }, sequence_number: '2', type: '0x1::account::CoinRegisterEvent', data: { value: '20' } },
    ]);
    expect(await (await get('/v1/accounts/0xa11ce/events/2?start=99')).json()).toEqual([]);
    expect(await (await get('/v1/accounts/0xa11ce/events/77')).json()).toEqual([]);
    await expectError(await get('/v1/accounts/0xa11ce/events/2?limit=0'), 400, 'invalid_input');
    await expectError(await get('/v1/accounts/0xa11ce/events/x'), 400, 'web_framework_error');
  });
  it('by handle: resolves the EventHandle field at the latest version', async () => {
    const viaHandle = await get('/v1/accounts/0xa11ce/events/0x1%3A%3Aaccount%3A%3AAccount/coin_register_events');
    expect(viaHandle.status).toBe(200);
    expect(((await viaHandle.json()) as unknown[]).length).toBe(5);
    await expectError(await get('/v1/accounts/0xb0b/events/0x1::account::Account/coin_register_events'), 404, 'resource_not_found');
    await expectError(await get('/v1/accounts/0xa11ce/events/0x1::account::Account/nope'), 404, 'struct_field_not_found');
    await expectError(await get('/v1/accounts/0xa11ce/events/0x1::account::Account/sequence_number'), 400, 'invalid_input');
    await expectError(await get('/v1/accounts/0xa11ce/events/0x1::account::Account/not-ident'), 400, 'web_framework_error');
  });
  it('serves BCS as vector of (version, ContractEvent::V1)', async () => {
    const response = await get('/v1/accounts/0xa11ce/events/2?limit=1', BCS);
    const r = new BcsReader(new Uint8Array(await response.arrayBuffer()));
    expect(r.uleb128()).toBe(1);
    expect(r.u64()).toBe(24n);
    expect(r.variantIndex()).toBe(0);
    expect(r.u64()).toBe(2n);
  });
});

describe('transaction summaries', () => {
  const versions = async (query: string): Promise<string[]> =>
    ((await (await get(`/v1/accounts/0xa11ce/transaction_summaries${query}`)).json()) as { version: string }[]).map((s) => s.version);
  it('follows the range rules, ascending', async () => {
    expect(await versions('')).toEqual(['30', '40', '50', '60']);
    expect(await versions('?limit=2')).toEqual(['50', '60']);
    expect(await versions('?start_version=35&limit=2')).toEqual(['40', '50']);
    expect(await versions('?end_version=45&limit=1')).toEqual(['40']);
    expect(await versions('?start_version=35&end_version=50')).toEqual(['40', '50']);
    expect(await versions('?limit=0')).toEqual([]);
  });
  it('renders both replay protectors', async () => {
    const body = (await (await get('/v1/accounts/0xa11ce/transaction_summaries?start_version=50')).json()) as unknown[];
    expect(body).toEqual([
      { sender: '0xa11ce', version: '50', transaction_hash: `0x${'03'.repeat(32)}`, replay_protector: { type: 'sequence_number', sequence_number: '2' } },
      { sender: '0xa11ce', version: '60', transaction_hash: `0x${'04'.repeat(32)}`, replay_protector: { type: 'nonce', nonce: '81' } },
    ]);
  });
  it('serves BCS as vector of IndexedTransactionSummary::V1', async () => {
    const response = await get('/v1/accounts/0xa11ce/transaction_summaries?start_version=60', BCS);
    const r = new BcsReader(new Uint8Array(await response.arrayBuffer()));
    expect(r.uleb128()).toBe(1);
    expect(r.variantIndex()).toBe(0);
    r.address();
    expect(r.u64()).toBe(60n);
    expect(r.bytes()).toEqual(new Uint8Array(32).fill(4));
    expect(r.variantIndex()).toBe(0);
    expect(r.u64()).toBe(81n);
    r.assertFinished();
  });
});

describe('gas estimate', () => {
  it('uses JSON numbers; BCS is the gas_estimate as a little-endian u64', async () => {
    expect(await (await get('/v1/estimate_gas_price')).json()).toEqual({ deprioritized_gas_estimate: 100, gas_estimate: 100, prioritized_gas_estimate: 150 });
    const bcs = await get('/v1/estimate_gas_price', BCS);
    expect(new Uint8Array(await bcs.arrayBuffer())).toEqual(new BcsWriter().u64(100n).toBytes());
  });
});

describe('modules', () => {
  it('serves module bytecode and ABI in node shape', async () => {
    const response = await get('/v1/accounts/0x1/module/account');
    const body = (await response.json()) as { bytecode: string; abi: { name: string } };
    expect(body.bytecode).toBe(`0x${Buffer.from('code:account').toString('hex')}`);
    expect(body.abi.name).toBe('account');
    const list = (await (await get('/v1/accounts/0x1/modules')).json()) as { abi: { name: string } }[];
    expect(list.map((m) => m.abi.name)).toEqual(['guid', 'event', 'extra', 'account']);
    await expectError(await get('/v1/accounts/0x1/module/nope'), 404, 'module_not_found');
    await expectError(await get('/v1/accounts/0x1/module/no-pe'), 400, 'web_framework_error');
  });
});

describe('explorer extras', () => {
  it('lists accounts and tables with a next cursor', async () => {
    expect(await (await get('/explorer/v1/accounts?limit=1')).json()).toEqual({ ledger_version: '100', accounts: ['0x1'], next: '0x1' });
    expect(await (await get('/explorer/v1/accounts?limit=1&after=0x1')).json()).toEqual({ ledger_version: '100', accounts: ['0xa11ce'], next: null });
    const tables = (await (await get('/explorer/v1/tables')).json()) as { tables: { handle: string }[] };
    expect(tables.tables.map((t) => t.handle)).toEqual(['0xab1e']);
    expect(((await (await get('/explorer/v1/tables/ab1e')).json()) as { key_type: string }).key_type).toBe('u64');
    await expectError(await get('/explorer/v1/tables/0xdead'), 404, 'state_value_not_found');
  });
  it('lists blocks newest first with how gas estimation counts them', async () => {
    const body = (await (await get('/explorer/v1/blocks?limit=2')).json()) as { blocks: { height: string; full: boolean }[]; next_before: string };
    expect(body.blocks.map((b) => b.height)).toEqual(['20', '19']);
    expect(body.blocks[0]!.full).toBe(false);
    expect(body.next_before).toBe('18');
  });
  it('search resolves versions, accounts, tables, modules and struct tags', async () => {
    const kinds = async (q: string): Promise<string[]> =>
      ((await (await get(`/explorer/v1/search?q=${encodeURIComponent(q)}`)).json()) as { results: { kind: string }[] }).results.map((r) => r.kind);
    expect(await kinds('50')).toEqual(['version']);
    expect(await kinds('1')).toEqual(['account']);
    expect(await kinds('0xab1e')).toEqual(['table']);
    expect(await kinds('0x1::account')).toEqual(['module']);
    expect(await kinds('0x1::account::Account')).toEqual(['struct_tag']);
    expect(await kinds('nothing here')).toEqual([]);
    await expectError(await get('/explorer/v1/search'), 400, 'web_framework_error');
  });
});

describe('state keys', () => {
  it('resource state keys start with the access-path tag and the address', () => {
    const key = resourceStateKey(ONE, parseStructTag('0x1::account::Account'));
    expect(key[0]).toBe(0);
    expect(key[32]).toBe(1);
  });
});
