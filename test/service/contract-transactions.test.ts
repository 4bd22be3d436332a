/**
 * The node's transaction reads (docs/api.md, "Transactions and blocks"): one transaction by version or hash in the
 * node's JSON (TransactionInfo fields first, the kind's fields, `type` last; changes from the write set; events),
 * pages of them, and the errors: 404 above the latest, 410 below the oldest, 400 for a bad number (BCS:
 * contract-transactions-bcs.test.ts).
 */
import { readFileSync } from 'node:fs';
import { sha3_256 } from '@noble/hashes/sha3.js';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/registry.ts';
import { bytesToHex } from '../../shared/hex.ts';
import { stateKeyHash } from '../../shared/ledger/state-keys.ts';
import { decodeStateKey } from '../../electron/snapshot/state-keys.ts';
import { expectErrorRecord, expectLedgerHeaders, get, getJson, useContractServer } from './contract-support.ts';

const env = useContractServer('main');

type Json = Readonly<Record<string, unknown>>;

const INFO_KEYS = [
  'version',
  'hash',
  'state_change_hash',
  'event_root_hash',
  'state_checkpoint_hash',
  'gas_used',
  'success',
  'vm_status',
  'accumulator_root_hash',
  'changes',
];

/**
 * The key order of a real mainnet user transaction (test/support/mainnet-user-transaction-3556737308.json, exactly as
 * the node sent it).
 */
const USER_KEYS = [
  ...INFO_KEYS,
  'sender',
  'sequence_number',
  'max_gas_amount',
  'gas_unit_price',
  'expiration_timestamp_secs',
  'payload',
  'signature',
  'replay_protection_nonce',
  'events',
  'timestamp',
  'type',
];

const KIND_KEYS: Readonly<Record<string, readonly string[]>> = {
  user_transaction: USER_KEYS,
  genesis_transaction: [...INFO_KEYS, 'payload', 'events', 'type'],
  block_metadata_transaction: [
    ...INFO_KEYS,
    'id',
    'epoch',
    'round',
    'events',
    'previous_block_votes_bitvec',
    'proposer',
    'failed_proposer_indices',
    'timestamp',
    'type',
  ],
  state_checkpoint_transaction: [...INFO_KEYS, 'timestamp', 'type'],
  block_epilogue_transaction: [...INFO_KEYS, 'timestamp', 'block_end_info', 'type'],
};

const CHANGE_KEYS: Readonly<Record<string, readonly string[]>> = {
  write_resource: ['address', 'state_key_hash', 'data', 'type'],
  delete_resource: ['address', 'state_key_hash', 'resource', 'type'],
  write_module: ['address', 'state_key_hash', 'data', 'type'],
  delete_module: ['address', 'state_key_hash', 'module', 'type'],
  write_table_item: ['state_key_hash', 'handle', 'key', 'value', 'data', 'type'],
  delete_table_item: ['state_key_hash', 'handle', 'key', 'data', 'type'],
};

/** Checks one transaction's JSON against the store. */
function expectTransaction(body: Json, version: bigint): void {
  const stored = env.store.transaction(version)!;
  const kindKeys = KIND_KEYS[body.type as string];
  expect(kindKeys, `type ${String(body.type)}`).toBeDefined();
  expect(Object.keys(body).filter((key) => key !== 'block_metadata_extension')).toEqual(kindKeys);
  expect(body.version).toBe(version.toString());
  expect(body.hash).toBe(bytesToHex(stored.hash));
  expect(body.success).toBe(stored.success);
  expect(body.gas_used).toBe(stored.gasUsed.toString());
  expect(body.accumulator_root_hash).toBe(bytesToHex(stored.details!.accumulatorRootHash));
  const changes = body.changes as Json[];
  for (const change of changes) expect(Object.keys(change)).toEqual(CHANGE_KEYS[change.type as string]);
  // Every state key of the write set is there (a group as one entry per member, all with the group's hash).
  const hashes = new Set(changes.map((change) => change.state_key_hash));
  const ops = env.store.writeSet(version)!;
  expect(hashes).toEqual(new Set(ops.map((op) => stateKeyHash(op.stateKey, decodeStateKey(op.stateKey)))));
  if ('events' in body) expect((body.events as Json[]).length).toBe(env.store.transactionEvents(version).length);
  if ('timestamp' in body) expect(body.timestamp).toBe(stored.timestampUsec.toString());
}

describe('GET /v1/transactions/by_version/{txn_version}', () => {
  it('answers a user transaction in the key order of a real mainnet one', async () => {
    const real = JSON.parse(readFileSync('test/support/mainnet-user-transaction-3556737308.json', 'utf8')) as Json;
    expect(USER_KEYS).toEqual(Object.keys(real));
    for (const change of real.changes as Json[])
      expect(Object.keys(change)).toEqual(CHANGE_KEYS[change.type as string]);
    for (const sample of Object.values(env.info.samples.transactions)) {
      if (sample === null) continue;
      const response = await get(env, `/v1/transactions/by_version/${sample.version}`);
      expect(response.status).toBe(200);
      expectLedgerHeaders(response.headers, env.info);
      const body = (await response.json()) as Json;
      expect(body.type).toBe('user_transaction');
      expect(body.hash).toBe(sample.hash);
      expectTransaction(body, BigInt(sample.version));
    }
    const orderless = env.info.samples.transactions.orderless;
    if (orderless !== null) {
      const body = await getJson<Json>(env, `/v1/transactions/by_version/${orderless.version}`);
      expect(body.sequence_number).toBe('18446744073709551615');
      expect(body.replay_protection_nonce).toMatch(/^\d+$/);
    }
  });

  it('answers every kind of transaction of the first blocks with its fields in the node order', async () => {
    const seen = new Set<string>();
    const last = Number(env.info.samples.blocks.at(-1)!.lastVersion);
    const first = Number(env.info.oldestVersion);
    for (let version = first; version <= Math.min(last, first + 60); version += 1) {
      const body = await getJson<Json>(env, `/v1/transactions/by_version/${version}`);
      expectTransaction(body, BigInt(version));
      seen.add(body.type as string);
    }
    expect(seen).toContain('block_metadata_transaction');
    expect(seen).toContain('user_transaction');
  });

  it('hashes state keys as the node does (sha3-256 of the salted key)', () => {
    const ops = env.store.writeSet(BigInt(env.info.samples.transactions.user!.version))!;
    const op = ops[0]!;
    const salt = sha3_256(new TextEncoder().encode('APTOS::StateKey'));
    const decoded = decodeStateKey(op.stateKey);
    if (decoded.kind !== 'table_item') {
      expect(stateKeyHash(op.stateKey, decoded)).toBe(bytesToHex(sha3_256(new Uint8Array([...salt, ...op.stateKey]))));
    }
  });

  it('answers 404 above the latest version, 400 for a bad number', async () => {
    const above = BigInt(env.info.latestVersion) + 1n;
    const message = await expectErrorRecord(
      env,
      await get(env, `/v1/transactions/by_version/${above}`),
      404,
      'transaction_not_found',
    );
    expect(message).toBe(`Transaction not found by Ledger version(${above})`);
    await expectErrorRecord(env, await get(env, '/v1/transactions/by_version/abc'), 400, 'web_framework_error');
  });
});

describe('GET /v1/transactions/by_hash/{txn_hash} and wait_by_hash', () => {
  it('answers the committed transaction with that hash, at once for wait_by_hash', async () => {
    const sample = env.info.samples.transactions.user!;
    const byVersion = await getJson<Json>(env, `/v1/transactions/by_version/${sample.version}`);
    expect(await getJson<Json>(env, `/v1/transactions/by_hash/${sample.hash}`)).toEqual(byVersion);
    expect(await getJson<Json>(env, `/v1/transactions/wait_by_hash/${sample.hash}`)).toEqual(byVersion);
  });

  it('answers 404 for an unknown hash and 400 for a malformed one', async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    for (const route of ['by_hash', 'wait_by_hash']) {
      const message = await expectErrorRecord(
        env,
        await get(env, `/v1/transactions/${route}/${unknown}`),
        404,
        'transaction_not_found',
      );
      expect(message).toBe(`Transaction not found by Transaction hash(${unknown})`);
      await expectErrorRecord(env, await get(env, `/v1/transactions/${route}/0x12`), 400, 'web_framework_error');
    }
  });
});

describe('GET /v1/transactions?start&limit', () => {
  it('pages by version: default 25 ending at the latest, start and limit, 100 at most', async () => {
    const latest = BigInt(env.info.latestVersion);
    const page = await getJson<Json[]>(env, '/v1/transactions');
    expect(page.map((txn) => txn.version)).toEqual(
      Array.from({ length: 25 }, (_, i) => (latest - 24n + BigInt(i)).toString()),
    );
    const start = BigInt(env.info.samples.transactions.user!.version);
    const three = await getJson<Json[]>(env, `/v1/transactions?start=${start}&limit=3`);
    expect(three.map((txn) => txn.version)).toEqual([0n, 1n, 2n].map((i) => (start + i).toString()));
    expect(three[0]).toEqual(await getJson<Json>(env, `/v1/transactions/by_version/${start}`));
    const tail = await getJson<Json[]>(env, `/v1/transactions?start=${latest - 1n}&limit=10`);
    expect(tail.map((txn) => txn.version)).toEqual([(latest - 1n).toString(), latest.toString()]);
    const most = await getJson<Json[]>(env, `/v1/transactions?start=${start}&limit=1000`);
    expect(most).toHaveLength(100);
  });

  it('answers 400 for a start past the latest and for limit=0', async () => {
    const above = BigInt(env.info.latestVersion) + 1n;
    const message = await expectErrorRecord(
      env,
      await get(env, `/v1/transactions?start=${above}`),
      400,
      'invalid_input',
    );
    expect(message).toContain(`Given start value (${above}) is higher than the current ledger version`);
    await expectErrorRecord(env, await get(env, '/v1/transactions?limit=0'), 400, 'invalid_input');
  });
});

describe('the transaction reply schema (the remote proxy checks a node against it)', () => {
  it('accepts a real mainnet transaction and a pending one, and refuses what is not a transaction', () => {
    const real = JSON.parse(readFileSync('test/support/mainnet-user-transaction-3556737308.json', 'utf8')) as Json;
    const schema = ENDPOINTS.transactionByHash.reply;
    expect(v.safeParse(schema, real).success).toBe(true);
    const { version, success, vm_status, changes, events, timestamp, ...pending } = real;
    expect([version, success, vm_status, changes, events, timestamp]).not.toContain(undefined);
    expect(v.safeParse(schema, { ...pending, type: 'pending_transaction' }).success).toBe(true);
    expect(v.safeParse(schema, { hash: 'nope', type: 'user_transaction' }).success).toBe(false);
    expect(v.safeParse(schema, { version: '1' }).success).toBe(false);
  });
});
