/**
 * The genesis rendering of electron/service/routes/transaction-json.ts, which no served version of the shared
 * fixtures reaches (their version 0 is pruned): a stored transaction read back as genesis with the payload the
 * generator stores for it shows the node's key order and repeats the version's changes and events in the payload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionJson } from '../../electron/service/routes/transaction-json.ts';
import { changesJson } from '../../electron/service/routes/write-set-json.ts';
import { SnapshotStore } from '../../electron/snapshot/snapshot-store.ts';
import { fixturePath } from '../support/fixture-path.ts';
import { oldestAsGenesis } from '../support/genesis-transaction.ts';

let store: SnapshotStore;

beforeAll(() => {
  store = SnapshotStore.open(fixturePath('main'));
});
afterAll(() => store.close());

type Json = Readonly<Record<string, unknown>>;

describe('transactionJson', () => {
  it('renders a genesis transaction with its write set and events inside the payload, no timestamp', () => {
    const genesis = oldestAsGenesis(store);
    const body = transactionJson(store, genesis);
    expect(Object.keys(body).slice(10)).toEqual(['payload', 'events', 'type']);
    expect(body.type).toBe('genesis_transaction');
    const payload = body.payload as Json;
    expect(Object.keys(payload)).toEqual(['write_set', 'type']);
    const writeSet = payload.write_set as Json;
    expect(writeSet).toEqual({ changes: body.changes, events: body.events, type: 'direct_write_set' });
    expect(Object.keys(writeSet)).toEqual(['changes', 'events', 'type']);
    expect((body.changes as unknown[]).length).toBeGreaterThan(0);
  });

  it('refuses a transaction the snapshot holds only as a summary', () => {
    const stored = store.transaction(store.ledgerInfo().ledgerVersion)!;
    expect(() => transactionJson(store, { ...stored, details: undefined })).toThrow(/only the summary/);
  });

  it('leaves out the changes whose values do not decode, as the node does, and keeps the others', () => {
    const sample = store.database
      .prepare(`SELECT min(version) AS v FROM state_values WHERE version >= ? AND substr(state_key, 1, 1) = x'01'`)
      .get(Number(store.ledgerInfo().oldestLedgerVersion)) as { v: number };
    const version = BigInt(sample.v);
    const all = changesJson(store, version, store.abiLookup(version))!;
    // No ABI at all: no resource decodes; table items (hex) and modules stay.
    const without = changesJson(store, version, () => undefined)!;
    expect(without.length).toBeGreaterThan(0);
    expect(without.length).toBeLessThan(all.length);
    expect(without).toEqual(all.filter((change) => change.type !== 'write_resource'));
  });
});
