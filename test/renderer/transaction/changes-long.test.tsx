/**
 * A long write set stays cheap: the fixture's transactions write at most a handful of keys, so the
 * long one here is made of the real entries of consecutive transactions (distinct state keys, each
 * readable at V − 1). Above 20 entries the lines open collapsed, nothing is read at V − 1 until a
 * line is opened, only the lines in view are in the DOM, and the section is ready at once.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CommittedTransactionJson, WriteSetChangeJson } from '../../../renderer/api/transaction-json.ts';
import { aptStoreReads } from '../../../renderer/features/transaction/changes/apt-balance-changes.ts';
import { EAGER_CHANGES } from '../../../renderer/features/transaction/changes/transaction-changes.tsx';
import { changeItem, findTransaction, fixture, renderChanges, section } from './changes-support.tsx';

/** A transaction whose `changes` are the distinct entries of itself and the transactions after it (≥ `count`). */
async function longWriteSet(count: number): Promise<CommittedTransactionJson> {
  const changes: WriteSetChangeJson[] = [];
  const keys = new Set<string>();
  let first: CommittedTransactionJson | undefined;
  await findTransaction((t) => {
    if (t.type !== 'user_transaction' || BigInt(t.version) <= BigInt(fixture().info.oldestVersion)) return false;
    first ??= t;
    for (const c of t.changes ?? []) {
      // Whole groups only (their members share one key), each key once.
      if (keys.has(c.state_key_hash) && changes.at(-1)?.state_key_hash !== c.state_key_hash) continue;
      keys.add(c.state_key_hash);
      changes.push(c);
    }
    return changes.length >= count;
  });
  return { ...first!, changes };
}

describe('a long write set', () => {
  it('opens collapsed, reads no before until a line is opened, and renders only the lines in view', async () => {
    const txn = await longWriteSet(120);
    const total = txn.changes!.length;
    expect(total).toBeGreaterThan(EAGER_CHANGES);
    // Made of several transactions' entries, the write set is not one the explorer knows: the node walk is tested.
    const { user } = renderChanges(txn, { hide: 'explorer' });
    await waitFor(() => expect(section().dataset['changesReady']).toBe('true'));
    await screen.findByRole('list', { name: 'APT balance changes' });
    const before = `ledger_version=${BigInt(txn.version) - 1n}`;
    // Only the APT stores' befores (for the APT lines) are read eagerly.
    const aptPaths = aptStoreReads(txn.changes!).map(
      (r) => `GET /v1/accounts/${r.address}/resource/${encodeURIComponent(r.type)}?${before}`,
    );
    const eager = fixture().requests.filter((r) => r.includes(before));
    expect(eager.length).toBeGreaterThan(0);
    expect(eager.filter((r) => !aptPaths.includes(r))).toEqual([]);
    expect(screen.queryAllByRole('button', { name: /^Collapse change/ })).toEqual([]);
    const rendered = section().querySelectorAll('.changes-list > li').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(total / 2);
    expect(Number(section().querySelector('.changes-list > li')?.getAttribute('aria-setsize'))).toBeGreaterThanOrEqual(
      total,
    );

    const index = txn.changes!.findIndex((c) => c.type === 'write_resource' && !c.data.type.includes('CoinStore'));
    const change = txn.changes![index] as Extract<WriteSetChangeJson, { type: 'write_resource' }>;
    const item = changeItem(index);
    await user.click(within(item).getByRole('button', { name: `Expand change ${index + 1}` }));
    await waitFor(() => expect(section().dataset['changesReady']).toBe('true'));
    const path = `/v1/accounts/${change.address}/resource/${encodeURIComponent(change.data.type)}?${before}`;
    expect(fixture().requests.filter((r) => r === `GET ${path}`)).toHaveLength(1);
    await within(changeItem(index)).findByText(/^Before \(version|^Created by this transaction/);
  });
});
