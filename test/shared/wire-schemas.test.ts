/**
 * The wire schemas of shared/api/wire/ against real answers: the recorded mainnet transaction (a fee-payer user
 * transaction with a resource group in its write set) and every transaction the service renders from both shared
 * fixtures (every kind the generator writes, genesis included) pass by kind; a known kind missing a field, or
 * sending another shape, is refused with an issue naming that field; a kind a newer node adds passes by envelope.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import * as wire from '../../shared/api/wire-schemas.ts';
import { transactionJson } from '../../electron/service/routes/transaction-json.ts';
import { createReadService } from '../../electron/service/read-service.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { oldestAsGenesis } from '../support/genesis-transaction.ts';
import type { FixtureName } from '../support/fixtures.ts';

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../support/mainnet-user-transaction-3556737308.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The dotted path of each issue of a failed parse. */
function issuePaths(schema: v.GenericSchema, value: unknown): string[] {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue) ?? '');
}

describe('the recorded mainnet transaction', () => {
  it('passes as a committed user transaction, every change and event by kind', () => {
    expect(issuePaths(wire.committedTransaction, EXAMPLE)).toEqual([]);
    const parsed = v.parse(wire.transaction, EXAMPLE);
    expect(parsed.type).toBe('user_transaction');
    expect(wire.isCommittedTransaction(parsed)).toBe(true);
  });

  it('is refused naming the field when a required one is missing', () => {
    const { gas_used: _gasUsed, ...withoutGas } = EXAMPLE;
    expect(issuePaths(wire.transaction, withoutGas)).toEqual(['gas_used']);
    const changes = EXAMPLE.changes as Record<string, unknown>[];
    const { state_key_hash: _hash, ...change } = changes[0]!;
    expect(issuePaths(wire.transaction, { ...EXAMPLE, changes: [change, ...changes.slice(1)] })).toEqual([
      'changes.0.state_key_hash',
    ]);
    const signature = EXAMPLE.signature as Record<string, unknown>;
    const { fee_payer_address: _payer, ...unsigned } = signature;
    expect(issuePaths(wire.transaction, { ...EXAMPLE, signature: unsigned })).toEqual(['signature.fee_payer_address']);
  });

  it('is refused naming the field when a node sends another shape', () => {
    expect(issuePaths(wire.transaction, { ...EXAMPLE, sequence_number: 7 })).toEqual(['sequence_number']);
    const events = EXAMPLE.events as Record<string, unknown>[];
    const event = { ...events[0]!, guid: { creation_number: '0' } };
    expect(issuePaths(wire.transaction, { ...EXAMPLE, events: [event] })).toEqual(['events.0.guid.account_address']);
  });

  it('passes with fields a node adds, and a kind a newer node adds by its envelope only', () => {
    expect(issuePaths(wire.transaction, { ...EXAMPLE, newer_field: { any: 1 } })).toEqual([]);
    const newer = { version: '5', hash: '0x01', type: 'sharded_transaction', whatever: [] };
    expect(issuePaths(wire.transaction, newer)).toEqual([]);
    expect(wire.isCommittedTransaction(v.parse(wire.transaction, newer))).toBe(false);
    expect(issuePaths(wire.transaction, { type: 'sharded_transaction' })).toEqual(['hash']);
  });
});

describe.each<FixtureName>(['main', 'small'])('every transaction the service renders from fixture %s', (name) => {
  let store: SnapshotStore;
  beforeAll(() => {
    store = SnapshotStore.open(fixturePath(name));
  });
  afterAll(() => store.close());

  it('passes as a committed transaction of its kind', () => {
    const info = store.ledgerInfo();
    const kinds = new Map<string, number>();
    const failures: string[] = [];
    for (let version = info.oldestLedgerVersion; version <= info.ledgerVersion; version++) {
      const stored = store.transaction(version);
      if (stored?.details === undefined) continue;
      const body = transactionJson(store, stored);
      const paths = issuePaths(wire.committedTransaction, body);
      if (paths.length > 0) failures.push(`${version}: ${paths.join(', ')}`);
      kinds.set(String(body.type), (kinds.get(String(body.type)) ?? 0) + 1);
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect([...kinds.keys()].sort()).toEqual([
      'block_epilogue_transaction',
      'block_metadata_transaction',
      'state_checkpoint_transaction',
      'user_transaction',
    ]);
  });

  it('answers blocks (with their transactions) and events that pass as blocks and events', async () => {
    const service = createReadService({ store, responseCache: false });
    const read = async (path: string): Promise<unknown> => {
      const response = await service(new Request(`http://127.0.0.1${path}`));
      expect(response.status, path).toBe(200);
      return response.json();
    };
    const info = store.ledgerInfo();
    const heights = [info.oldestBlockHeight + 1n, (info.oldestBlockHeight + info.blockHeight) / 2n, info.blockHeight];
    for (const height of heights) {
      const body = await read(`/v1/blocks/by_height/${height}?with_transactions=true`);
      expect(issuePaths(wire.block, body), `block ${height}`).toEqual([]);
      const block = v.parse(wire.block, body);
      expect(block.transactions?.length).toBe(Number(BigInt(block.last_version) - BigInt(block.first_version) + 1n));
      expect(issuePaths(wire.block, await read(`/v1/blocks/by_height/${height}`))).toEqual([]);
    }
    const events = await read('/v1/accounts/0x1/events/3?limit=25');
    expect(issuePaths(v.array(wire.event), events)).toEqual([]);
  });

  it('renders genesis as a committed genesis transaction', () => {
    const body = transactionJson(store, oldestAsGenesis(store));
    expect(issuePaths(wire.committedTransaction, body)).toEqual([]);
    expect(body.type).toBe('genesis_transaction');
  });
});
