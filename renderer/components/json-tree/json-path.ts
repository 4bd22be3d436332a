/**
 * JSON paths of the tree: a node is addressed by its segments from the root (object keys and array
 * indexes). The text form is the common `$.a.b[0]` notation, with bracketed quotes for keys that
 * are not identifiers, so a copied path can be pasted into `jq`-like tools.
 */
import type { JsonValue } from '../../api/types.ts';

/** One step from a container to a child: an object key or an array index. */
export type JsonPathSegment = string | number;

/** The segments from the root to a node (empty for the root). */
export type JsonPath = readonly JsonPathSegment[];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.data.coin.value`, `$[0]`, `$["0x1::coin::CoinStore"]`. */
export function formatJsonPath(path: JsonPath): string {
  let text = '$';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** True for objects and arrays (nodes that can be expanded). */
export function isContainer(value: JsonValue): value is readonly JsonValue[] | { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null;
}

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

/** Keys of every container at depth < `maxDepth` (the root is depth 0): what "expand" opens. */
export function containerKeys(value: JsonValue, maxDepth = Number.POSITIVE_INFINITY): Set<string> {
  const keys = new Set<string>();
  const visit = (node: JsonValue, path: JsonPathSegment[]): void => {
    if (!isContainer(node) || path.length >= maxDepth) return;
    keys.add(pathKey(path));
    for (const [segment, child] of childrenOf(node)) {
      path.push(segment);
      visit(child, path);
      path.pop();
    }
  };
  visit(value, []);
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
