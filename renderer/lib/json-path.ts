/**
 * JSON paths as segments from the root (object keys and array indexes), and their one text form
 * used everywhere a path is shown: the common `$.a.b[0]` notation, with bracketed quotes for keys
 * that are not identifiers, so a copied path can be pasted into `jq`-like tools. Views that name
 * their root differently (the inspector's `value`, the diff's bare `coin.value`) pass another root.
 */
import type { JsonValue } from '../api/types.ts';

/** One step from a container to a child: an object key or an array index. */
export type JsonPathSegment = string | number;

/** The segments from the root to a node (empty for the root). */
export type JsonPath = readonly JsonPathSegment[];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `$.data.coin.value`, `$[0]`, `$["0x1::coin::CoinStore"]`; with `root` `value`: `value.list[1]`;
 * with root `''`: `coin.value` (no leading dot).
 */
export function formatJsonPath(path: JsonPath, root = '$'): string {
  let text = root;
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** True for objects and arrays (nodes that can be expanded, values compared field by field). */
export function isContainer(value: JsonValue): value is readonly JsonValue[] | { readonly [key: string]: JsonValue };
/** True for objects and arrays. */
export function isContainer(value: unknown): value is object;
export function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
