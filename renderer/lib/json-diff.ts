/**
 * Field-level differences between two JSON values (Move values as the API renders them): every
 * leaf path that was added, removed or changed, and the unchanged ones (for a collapsed list).
 * Objects are compared key by key and arrays index by index; a leaf is any non-container value.
 */
import { jsonText } from '../../shared/json-preview.ts';
import { formatJsonPath, isContainer, type JsonPath } from './json-path.ts';

/** One path's difference. */
export interface DiffEntry {
  readonly path: readonly (string | number)[];
  readonly kind: 'added' | 'removed' | 'changed' | 'unchanged';
  readonly before: unknown;
  readonly after: unknown;
}

function keysOf(value: object): (string | number)[] {
  return Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
}

function child(value: object, key: string | number): unknown {
  return (value as Record<string | number, unknown>)[key];
}

function has(value: object, key: string | number): boolean {
  return Array.isArray(value) ? typeof key === 'number' && key < value.length : Object.hasOwn(value, key);
}

/**
 * Levels compared field by field; below, a container is compared (and shown) whole, as one row. Move values nest at
 * most 128 levels; JSON from a node can nest thousands, which a recursive walk (this one, `JSON.stringify`) cannot.
 */
export const MAX_DIFF_DEPTH = 100;

/**
 * The differences between `before` and `after`, in path order (before's keys first, then new ones). Containers deeper
 * than {@link MAX_DIFF_DEPTH} are one row each, compared by their JSON text (written without recursion).
 */
export function diffJson(before: unknown, after: unknown, path: readonly (string | number)[] = []): DiffEntry[] {
  if (
    path.length < MAX_DIFF_DEPTH &&
    isContainer(before) &&
    isContainer(after) &&
    Array.isArray(before) === Array.isArray(after)
  ) {
    const out: DiffEntry[] = [];
    const keys = keysOf(before);
    for (const key of keysOf(after)) if (!keys.includes(key)) keys.push(key);
    for (const key of keys) {
      const here = [...path, key];
      if (!has(after, key)) out.push({ path: here, kind: 'removed', before: child(before, key), after: undefined });
      else if (!has(before, key)) out.push({ path: here, kind: 'added', before: undefined, after: child(after, key) });
      else out.push(...diffJson(child(before, key), child(after, key), here));
    }
    return out;
  }
  const same = before === after || jsonText(before) === jsonText(after);
  return [{ path, kind: same ? 'unchanged' : 'changed', before, after }];
}

/** A path as text (`coin.value`, `items[2]`); `(value)` for the root. */
export function diffPathText(path: JsonPath): string {
  return path.length === 0 ? '(value)' : formatJsonPath(path, '');
}
