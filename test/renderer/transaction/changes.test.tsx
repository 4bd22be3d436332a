/**
 * The Changes section over the real service and the `main` fixture: before/after diffs agree with the
 * service's own reads at V − 1 and V; a created resource says so (no before); a deleted table item
 * shows its value before; a written table item is decoded and diffed; group members sit under their
 * group; a before below the oldest retained version is said pruned; the filter narrows the list.
 * Transactions are found in the fixture by what they show, never named by version.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CommittedTransactionJson, WriteSetChangeJson } from '../../../renderer/api/transaction-json.ts';
import { diffJson, diffPathText } from '../../../renderer/lib/json-diff.ts';
import {
  changeItem,
  diffRows,
  findTransaction,
  fixture,
  read,
  renderChanges,
  resourceAt,
  section,
} from './changes-support.tsx';

type WriteResource = Extract<WriteSetChangeJson, { type: 'write_resource' }>;

const show = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

async function ready(): Promise<void> {
  await waitFor(() => expect(section().dataset['changesReady']).toBe('true'), { timeout: 15_000 });
}

function writes(txn: CommittedTransactionJson): WriteResource[] {
  return (txn.changes ?? []).filter((c): c is WriteResource => c.type === 'write_resource');
}

/** The decoded value of a table item at a version, read by the service with the decoded key the UI shows. */
async function tableItemAt(handle: string, keyJson: string, version: bigint): Promise<unknown> {
  const info = (await read(`/explorer/v1/tables/${handle}`)).body as { key_type: string; value_type: string };
  const answer = await read(`/v1/tables/${handle}/item?ledger_version=${version}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_type: info.key_type, value_type: info.value_type, key: JSON.parse(keyJson) }),
  });
  if (answer.status === 404) return null;
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the changes section', () => {
  // The same page from one explorer read and from the node walked per change (a source without the changes read;
  // one without any explorer API shows table items as hex, having no table types: the long write set's test).
  for (const [mode, hide] of [
    ['the explorer read', undefined],
    ['the node walk', 'changes'],
  ] as const) {
    describe(`from ${mode}`, () => {
      it("diffs a user transaction's resources against the service's reads at V − 1 and V", async () => {
        const sample = fixture().info.samples.transactions.user;
        const txn = await findTransaction((t) => t.version === sample?.version);
        const v = BigInt(txn.version);
        renderChanges(txn, { hide });
        await ready();
        expect(screen.getByText(new RegExp(`^${txn.changes?.length} changes \\(`))).toBeTruthy();
        let checked = 0;
        for (const [index, change] of (txn.changes ?? []).entries()) {
          if (change.type !== 'write_resource') continue;
          const before = await resourceAt(change.address, change.data.type, v - 1n);
          const after = await resourceAt(change.address, change.data.type, v);
          expect(after).toEqual(change.data.data);
          if (before === null) continue;
          const expected = diffJson(before, after).filter((e) => e.kind !== 'unchanged');
          const rows = diffRows(changeItem(index));
          expect(rows.size).toBeGreaterThanOrEqual(expected.length);
          for (const e of expected) {
            expect(rows.get(diffPathText(e.path))).toEqual([e.kind, show(e.before), show(e.after)]);
            checked += 1;
          }
        }
        // The sender's sequence number and balance at least changed.
        expect(checked).toBeGreaterThanOrEqual(2);
        const item = changeItem(0);
        expect(within(item).getAllByText(/^Before \(version /)[0]?.textContent).toBe(`Before (version ${v - 1n})`);
      });

      it('says a resource created by the transaction was absent at V − 1 and shows its value at V', async () => {
        let created: WriteResource | undefined;
        const txn = await findTransaction(async (t) => {
          if (t.type !== 'user_transaction' || BigInt(t.version) <= BigInt(fixture().info.oldestVersion)) return false;
          for (const c of writes(t))
            if ((await resourceAt(c.address, c.data.type, BigInt(t.version) - 1n)) === null) {
              created = c;
              return true;
            }
          return false;
        });
        renderChanges(txn, { hide });
        await ready();
        const item = changeItem((txn.changes ?? []).indexOf(created!));
        expect(
          within(item).getByText(`Created by this transaction: absent at version ${BigInt(txn.version) - 1n}.`, {
            exact: false,
          }),
        ).toBeTruthy();
        expect(item.querySelector('.diff-table')).toBeNull();
        expect(within(item).getByRole('group', { name: 'JSON value after' }));
      });

      it("shows a deleted table item's value before the transaction, decoded by the table's value type", async () => {
        const txn = await findTransaction((t) => (t.changes ?? []).some((c) => c.type === 'delete_table_item'));
        const index = (txn.changes ?? []).findIndex((c) => c.type === 'delete_table_item');
        const change = txn.changes![index] as Extract<WriteSetChangeJson, { type: 'delete_table_item' }>;
        renderChanges(txn, { hide });
        await ready();
        const item = changeItem(index);
        expect(within(item).getByText('delete')).toBeTruthy();
        const v = BigInt(txn.version);
        expect(within(item).getByText(`Deleted by this transaction. Its value at version ${v - 1n}:`)).toBeTruthy();
        const keyJson = item.querySelector('.change-key')?.textContent ?? '';
        const before = await tableItemAt(change.handle, keyJson, v - 1n);
        expect(before).not.toBeNull();
        expect(await tableItemAt(change.handle, keyJson, v)).toBeNull();
        const tree = item.querySelector('.json-tree')?.textContent ?? '';
        for (const leaf of diffJson(before, before)) expect(tree).toContain(show(leaf.after));
        const link = within(item).getByRole('link', { name: /…/ });
        expect(link.getAttribute('href')).toBe(`/tables/${change.handle}?raw=${change.key}&ledger_version=${v}`);
      });

      it('decodes a written table item and diffs it against the item at V − 1', async () => {
        let at = -1;
        const txn = await findTransaction(async (t) => {
          at = (t.changes ?? []).findIndex((c) => c.type === 'write_table_item');
          if (at < 0 || BigInt(t.version) <= BigInt(fixture().info.oldestVersion)) return false;
          const c = t.changes![at] as Extract<WriteSetChangeJson, { type: 'write_table_item' }>;
          const raw = await read(`/v1/tables/${c.handle}/raw_item?ledger_version=${BigInt(t.version) - 1n}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/x-bcs' },
            body: JSON.stringify({ key: c.key }),
          });
          return raw.status === 200;
        });
        const change = txn.changes![at] as Extract<WriteSetChangeJson, { type: 'write_table_item' }>;
        renderChanges(txn, { hide });
        await ready();
        const item = changeItem(at);
        const keyJson = item.querySelector('.change-key')?.textContent ?? '';
        const v = BigInt(txn.version);
        const before = await tableItemAt(change.handle, keyJson, v - 1n);
        const after = await tableItemAt(change.handle, keyJson, v);
        const expected = diffJson(before, after).filter((e) => e.kind !== 'unchanged');
        const rows = diffRows(item);
        if (expected.length === 0) expect(within(item).getByText('No field changed.')).toBeTruthy();
        for (const e of expected)
          expect(rows.get(diffPathText(e.path))).toEqual([e.kind, show(e.before), show(e.after)]);
        expect(within(item).getByText(/^Value type/)).toBeTruthy();
      });

      it('gathers the members of a resource group under one header naming the group and its account', async () => {
        const txn = await findTransaction((t) => {
          const hashes = writes(t).map((c) => c.state_key_hash);
          return hashes.some((h, i) => hashes.indexOf(h) !== i);
        });
        const members = writes(txn).filter(
          (c, _, all) => all.filter((o) => o.state_key_hash === c.state_key_hash).length > 1,
        );
        const group = members[0]!;
        const count = members.filter((c) => c.state_key_hash === group.state_key_hash).length;
        renderChanges(txn, { hide });
        await ready();
        const header = [...section().querySelectorAll<HTMLElement>('li.changes-group')].find((li) =>
          li.textContent?.includes(`0x1::object::ObjectGroup of ${group.address}`),
        )!;
        expect(header.textContent).toContain(`(${count} members)`);
        expect(within(header).getByRole('link', { name: group.address }).getAttribute('href')).toBe(
          `/accounts/${group.address}/resources?ledger_version=${txn.version}`,
        );
        // The members follow their header, indented as members, each diffed or shown on its own.
        const first = changeItem((txn.changes ?? []).indexOf(group));
        expect(first.classList.contains('changes-member')).toBe(true);
        expect(Number(first.getAttribute('aria-posinset'))).toBe(Number(header.getAttribute('aria-posinset')) + 1);
        expect(screen.getByText(/group members/).textContent).toContain(`${members.length} group members`);
      });
    });
  }

  it('says the before is pruned for the oldest retained transaction and reads nothing at V − 1', async () => {
    const oldest = fixture().info.oldestVersion;
    const txn = await findTransaction((t) => t.version === oldest);
    renderChanges(txn);
    await ready();
    expect(screen.getAllByText(/is pruned from this source/).length).toBe(txn.changes?.length);
    expect(fixture().requests.filter((r) => r.includes(`ledger_version=${BigInt(oldest) - 1n}`))).toEqual([]);
  });

  it('filters the list by type, address or kind and says how many match', async () => {
    const sample = fixture().info.samples.transactions.user;
    const txn = await findTransaction((t) => t.version === sample?.version);
    const { user } = renderChanges(txn);
    await ready();
    const total = txn.changes?.length ?? 0;
    const tables = (txn.changes ?? []).filter((c) => c.type === 'write_table_item').length;
    expect(tables).toBeGreaterThan(0);
    await user.type(screen.getByRole('searchbox', { name: 'Filter changes' }), 'table item');
    expect(section().querySelector('.changes-match')?.textContent).toBe(`${tables} of ${total} match`);
    expect(screen.getAllByRole('button', { name: /^Collapse change/ })).toHaveLength(tables);
    await user.clear(screen.getByRole('searchbox', { name: 'Filter changes' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter changes' }), 'no-such-thing');
    expect(screen.getByText('No change matches “no-such-thing”.')).toBeTruthy();
  });

  it("walks the node for a resource's stored bytes only when asked, on a source without the explorer API", async () => {
    const sample = fixture().info.samples.transactions.user;
    const txn = await findTransaction((t) => t.version === sample?.version);
    const { user } = renderChanges(txn, { hide: 'explorer' });
    await ready();
    const index = (txn.changes ?? []).findIndex((c) => c.type === 'write_resource');
    const change = txn.changes![index] as WriteResource;
    const bcsPath = `/v1/accounts/${change.address}/resource/${encodeURIComponent(change.data.type)}`;
    const bcsReads = () =>
      fixture().requests.filter((r) => r.startsWith(`GET ${bcsPath}?ledger_version=${txn.version}`));
    expect(bcsReads()).toEqual([]);
    const item = changeItem(index);
    await user.click(within(item).getByText(`Bytes (BCS) at version ${txn.version}`));
    const inspector = await within(item).findByRole('region', { name: /^BCS inspector of change \d+ / });
    expect(bcsReads()).toHaveLength(1);
    const stored = await read(`${bcsPath}?ledger_version=${txn.version}`, { headers: { Accept: 'application/x-bcs' } });
    const bytes = stored.body as Uint8Array;
    expect(within(inspector).getByText(`${bytes.length} bytes`)).toBeTruthy();
  });

  it('reads every change of the transaction in one explorer request: no read per change, the same bytes', async () => {
    const sample = fixture().info.samples.transactions.user;
    const txn = await findTransaction((t) => t.version === sample?.version);
    const start = fixture().requests.length;
    const { user } = renderChanges(txn);
    await ready();
    const index = (txn.changes ?? []).findIndex((c) => c.type === 'write_resource');
    const item = changeItem(index);
    await user.click(within(item).getByText(`Bytes (BCS) at version ${txn.version}`));
    const inspector = await within(item).findByRole('region', { name: /^BCS inspector of change \d+ / });
    const made = fixture().requests.slice(start);
    expect(made.filter((r) => r.includes('/changes'))).toEqual([
      `GET /explorer/v1/transactions/by_version/${txn.version}/changes?start=0&limit=1000`,
    ]);
    // Nothing per change: no resource (JSON or BCS) or table item read, at V − 1 or at V (module ABIs are read per
    // module for the inspector's layouts, as on any page that decodes bytes).
    expect(made.filter((r) => /\/resource\/|\/raw_item|\/tables\/[^/]+\/item/.test(r))).toEqual([]);
    const change = txn.changes![index] as WriteResource;
    const bcsPath = `/v1/accounts/${change.address}/resource/${encodeURIComponent(change.data.type)}`;
    const stored = await read(`${bcsPath}?ledger_version=${txn.version}`, { headers: { Accept: 'application/x-bcs' } });
    expect(within(inspector).getByText(`${(stored.body as Uint8Array).length} bytes`)).toBeTruthy();
  });

  it('follows the changes read page by page when the service pages a write set', async () => {
    const sample = fixture().info.samples.transactions.user;
    const txn = await findTransaction((t) => t.version === sample?.version);
    const v = BigInt(txn.version);
    const start = fixture().requests.length;
    renderChanges(txn, { changesPage: 2 });
    await ready();
    const keys = fixture().store.writeSet(v)!.length;
    const pages = fixture()
      .requests.slice(start)
      .filter((r) => r.includes('/changes?'));
    expect(pages).toEqual(
      Array.from({ length: Math.ceil(keys / 2) }, (_, i) => {
        return `GET /explorer/v1/transactions/by_version/${v}/changes?start=${i * 2}&limit=2`;
      }),
    );
    expect(
      fixture()
        .requests.slice(start)
        .filter((r) => r.includes('/resource/')),
    ).toEqual([]);
    // Every resource's diff is there, from whichever page held it.
    for (const [index, change] of (txn.changes ?? []).entries()) {
      if (change.type !== 'write_resource') continue;
      const item = changeItem(index);
      expect(within(item).queryAllByText(/^Before \(version |^Created by this transaction/).length).toBeGreaterThan(0);
    }
  });
});
