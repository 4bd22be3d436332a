/**
 * Pairs an account's resources at two versions by type and diffs each pair field by field.
 */
import type { MoveResourceJson } from '../../api/types.ts';
import { diffJson, type DiffEntry } from '../../lib/json-diff.ts';

/** One resource type's change between the two versions. */
export interface ResourceChange {
  readonly type: string;
  readonly kind: 'added' | 'removed' | 'changed' | 'unchanged';
  readonly fields: readonly DiffEntry[];
}

/** Every resource type present at either version: changed, added and removed first, unchanged last. */
export function diffResources(
  before: readonly MoveResourceJson[],
  after: readonly MoveResourceJson[],
): ResourceChange[] {
  const old = new Map(before.map((r) => [r.type, r.data]));
  const now = new Map(after.map((r) => [r.type, r.data]));
  const types = [...new Set([...old.keys(), ...now.keys()])].sort();
  const out: ResourceChange[] = types.map((type) => {
    const a = old.get(type);
    const b = now.get(type);
    if (a === undefined) return { type, kind: 'added', fields: diffJson(undefined, b) };
    if (b === undefined) return { type, kind: 'removed', fields: diffJson(a, undefined) };
    const fields = diffJson(a, b);
    return { type, kind: fields.every((f) => f.kind === 'unchanged') ? 'unchanged' : 'changed', fields };
  });
  const rank = { changed: 0, added: 1, removed: 2, unchanged: 3 } as const;
  return out.sort((x, y) => rank[x.kind] - rank[y.kind] || (x.type < y.type ? -1 : x.type > y.type ? 1 : 0));
}
