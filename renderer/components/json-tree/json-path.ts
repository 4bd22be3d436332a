/**
 * JSON paths of the tree: a node is addressed by its segments from the root (object keys and array
 * indexes; their text form is `formatJsonPath` in `lib/json-path.ts`). What the tree needs on top:
 * children, stable keys, what "expand" opens, previews.
 */
import type { JsonValue } from '../../api/types.ts';
import { isContainer, type JsonPath, type JsonPathSegment } from '../../lib/json-path.ts';

/** The children of a container as (segment, value) pairs, in document order. */
export function childrenOf(value: JsonValue): readonly (readonly [JsonPathSegment, JsonValue])[] {
  if (Array.isArray(value)) return value.map((child: JsonValue, index) => [index, child] as const);
  if (isContainer(value)) return Object.entries(value);
  return [];
}

/** A stable string key for a path (the set of expanded nodes is kept by these keys). */
export function pathKey(path: JsonPath): string {
  return JSON.stringify(path);
}

/**
 * Levels the tree shows: a container this deep is a "too deep" row instead of a toggle. Move values nest at most 128
 * levels; JSON from a node or a crafted file can nest thousands, and a React tree of 10,000 nested rows overflows the
 * stack (and each row's path key is as long as its depth).
 */
export const MAX_TREE_DEPTH = 100;

/**
 * Keys of every container at depth < `maxDepth` (the root is depth 0) and < {@link MAX_TREE_DEPTH}: what "expand"
 * opens. Walked with a stack of its own, so any depth is safe.
 */
export function containerKeys(value: JsonValue, maxDepth = Number.POSITIVE_INFINITY): Set<string> {
  const keys = new Set<string>();
  const limit = Math.min(maxDepth, MAX_TREE_DEPTH);
  const pending: { readonly node: JsonValue; readonly path: readonly JsonPathSegment[] }[] = [
    { node: value, path: [] },
  ];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, path } = next;
    if (!isContainer(node) || path.length >= limit) continue;
    keys.add(pathKey(path));
    for (const [segment, child] of childrenOf(node)) pending.push({ node: child, path: [...path, segment] });
  }
  return keys;
}

/** A one-line preview of a value (collapsed containers show their size). */
export function previewOf(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  if (isContainer(value)) {
    const count = Object.keys(value).length;
    return `{${count} ${count === 1 ? 'field' : 'fields'}}`;
  }
  return JSON.stringify(value);
}
