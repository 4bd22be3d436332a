/**
 * A transaction's `changes` and kinds as the node renders them (docs/api.md, "Transactions and blocks"): one of each
 * transaction kind in the node's key order, resource groups expanded into one `write_resource` per member (struct-tag
 * order, the group's address and state key hash), deletions, and table items as hex with `data: null`.
 */
import { describe, expect, it } from 'vitest';
import { getJson, useContractServer } from './contract-support.ts';

const env = useContractServer('main');

type Json = Readonly<Record<string, unknown>>;

/** The first retained version matching a condition on `transactions t` / `state_values s` (SQL over the fixture). */
function firstVersion(sql: string): bigint | undefined {
  const row = env.store.database.prepare(sql).get(Number(env.info.oldestVersion)) as { v: number | null } | undefined;
  return row?.v === null || row === undefined ? undefined : BigInt(row.v);
}

const TYPE_OF_KIND: Readonly<Record<string, string>> = {
  user: 'user_transaction',
  block_metadata: 'block_metadata_transaction',
  state_checkpoint: 'state_checkpoint_transaction',
  block_epilogue: 'block_epilogue_transaction',
};

describe('transaction kinds and write set changes', () => {
  it('renders one transaction of each stored kind with the kind last and its own fields', async () => {
    for (const [kind, type] of Object.entries(TYPE_OF_KIND)) {
      const version = firstVersion(
        `SELECT min(version) AS v FROM transactions WHERE kind = '${kind}' AND version >= ?`,
      );
      expect(version, kind).toBeDefined();
      const body = await getJson<Json>(env, `/v1/transactions/by_version/${version}`);
      const keys = Object.keys(body);
      expect(keys.at(-1)).toBe('type');
      expect(body.type).toBe(type);
      expect(keys.slice(0, 10)).toEqual([
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
      ]);
      if (kind === 'block_epilogue') {
        expect(Object.keys(body.block_end_info as Json)).toEqual([
          'block_gas_limit_reached',
          'block_output_limit_reached',
          'block_effective_block_gas_units',
          'block_approx_output_size',
        ]);
      }
      if (kind === 'state_checkpoint') expect(body.state_checkpoint_hash).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it('expands a resource group into its members in struct-tag order, sharing the group state key hash', async () => {
    const version = firstVersion(
      `SELECT min(version) AS v FROM state_values WHERE version >= ? AND value IS NOT NULL
       AND substr(state_key, 1, 1) = x'00' AND substr(state_key, 35, 1) = x'02'`,
    );
    const body = await getJson<Json>(env, `/v1/transactions/by_version/${version}`);
    const changes = body.changes as Json[];
    const groups = new Map<string, Json[]>();
    for (const change of changes.filter((c) => c.type === 'write_resource')) {
      const key = String(change.state_key_hash);
      groups.set(key, [...(groups.get(key) ?? []), change]);
    }
    const expanded = [...groups.values()].filter((members) => members.length > 1);
    expect(expanded.length).toBeGreaterThan(0);
    for (const members of expanded) {
      expect(new Set(members.map((m) => m.address)).size).toBe(1);
      const tags = members.map((m) => String((m.data as Json).type));
      const order = (tag: string): [string, string, string] => {
        const [address = '', module = '', name = ''] = tag.split('::');
        return [address.slice(2).padStart(64, '0'), module, name];
      };
      const sorted = [...tags].sort((a, b) => {
        const [x, y] = [order(a), order(b)];
        return x < y ? -1 : x > y ? 1 : 0;
      });
      expect(tags).toEqual(sorted);
    }
  });

  it('renders table items as hex with data null, and deletions', async () => {
    const tableVersion = firstVersion(
      `SELECT min(version) AS v FROM state_values WHERE version >= ? AND substr(state_key, 1, 1) = x'01'`,
    );
    const table = await getJson<Json>(env, `/v1/transactions/by_version/${tableVersion}`);
    const item = (table.changes as Json[]).find((c) => String(c.type).endsWith('_table_item'))!;
    expect(item.handle).toMatch(/^0x[0-9a-f]{64}$/);
    expect(item.key).toMatch(/^0x[0-9a-f]*$/);
    expect(item.data).toBeNull();
    const deleted = firstVersion(`SELECT min(version) AS v FROM state_values WHERE version >= ? AND value IS NULL`);
    const body = await getJson<Json>(env, `/v1/transactions/by_version/${deleted}`);
    expect((body.changes as Json[]).some((c) => String(c.type).startsWith('delete_'))).toBe(true);
  });
});
