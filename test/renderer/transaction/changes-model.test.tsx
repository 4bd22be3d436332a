/**
 * The classification of write-set entries, on entries of the `main` fixture's transactions: a group
 * member is told from a plain resource by its state key hash (the group's, not its own) and its group
 * named; a `delete_resource` carrying the group's key — what the node sends when an object is
 * deleted, built here from a real member's address and key — is a whole group deleted, one carrying
 * the resource's own key a resource deleted. And where befores are read: V − 1, none at genesis, none
 * below the oldest retained version.
 */
import { describe, expect, it } from 'vitest';
import type { WriteSetChangeJson } from '../../../renderer/api/transaction-json.ts';
import { beforeVersionOf } from '../../../renderer/features/transaction/changes/before-version.ts';
import { classify, linesOf, summarize } from '../../../renderer/features/transaction/changes/change-model.ts';
import { findTransaction } from './changes-support.tsx';

type WriteResource = Extract<WriteSetChangeJson, { type: 'write_resource' }>;

describe('classify', () => {
  it('tells group members, whole groups deleted and plain resources apart by their state key', async () => {
    const txn = await findTransaction((t) =>
      (t.changes ?? []).some((c) => c.type === 'write_resource' && c.data.type === '0x1::object::ObjectCore'),
    );
    const changes = txn.changes!;
    const member = changes.find(
      (c): c is WriteResource => c.type === 'write_resource' && c.data.type === '0x1::object::ObjectCore',
    )!;
    const plain = changes.find(
      (c): c is WriteResource => c.type === 'write_resource' && c.data.type.endsWith('::Account'),
    )!;

    const entries = changes.map((change, index) => classify(change, index));
    const memberEntry = entries[changes.indexOf(member)]!;
    expect(memberEntry).toMatchObject({ kind: 'resource', op: 'write', group: { tag: '0x1::object::ObjectGroup' } });
    expect(entries[changes.indexOf(plain)]).toMatchObject({ kind: 'resource', op: 'write', group: undefined });

    const groupDeleted = classify(
      {
        type: 'delete_resource',
        address: member.address,
        state_key_hash: member.state_key_hash,
        resource: '0x1::object::ObjectGroup',
      },
      0,
    );
    expect(groupDeleted).toMatchObject({ kind: 'group', op: 'delete', type: '0x1::object::ObjectGroup' });
    const resourceDeleted = classify(
      {
        type: 'delete_resource',
        address: plain.address,
        state_key_hash: plain.state_key_hash,
        resource: plain.data.type,
      },
      0,
    );
    expect(resourceDeleted).toMatchObject({ kind: 'resource', op: 'delete', type: plain.data.type });

    const members = entries.filter((e) => e.kind === 'resource' && e.group !== undefined).length;
    const lines = linesOf(entries);
    const headers = lines.filter((l) => l.line === 'group');
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.reduce((n, h) => n + (h.line === 'group' ? h.members : 0), 0)).toBe(members);
    expect(lines.length).toBe(entries.length + headers.length);
    const summary = summarize(entries);
    expect(summary.groupMembers).toBe(members);
    expect(summary.resources + summary.groupMembers + summary.tableItems + summary.modules).toBe(changes.length);
  });
});

describe('beforeVersionOf', () => {
  it('reads befores at V − 1, has none at genesis, and none below the oldest retained version', () => {
    expect(beforeVersionOf('0', '0')).toEqual({ kind: 'genesis' });
    expect(beforeVersionOf('2007', '2006')).toEqual({ kind: 'readable', version: '2006' });
    expect(beforeVersionOf('2006', '2006')).toEqual({ kind: 'pruned', version: '2005', oldest: '2006' });
    expect(beforeVersionOf('18446744073709551615', undefined)).toEqual({
      kind: 'readable',
      version: '18446744073709551614',
    });
  });
});
