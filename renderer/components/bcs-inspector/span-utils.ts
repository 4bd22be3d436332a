/**
 * Small helpers over the codec's value spans: walking a path in a decoded value and finding the
 * deepest node that covers a byte.
 */
import type { ValueSpan } from '../../../shared/move/decode.ts';
import type { MoveJson } from '../../../shared/move/move-json.ts';

/** The node at `path` in `value` (undefined when the path does not exist, e.g. not decoded yet). */
export function valueAt(value: MoveJson | undefined, path: readonly (string | number)[]): MoveJson | undefined {
  let node: MoveJson | undefined = value;
  for (const part of path) {
    if (node === null || node === undefined || typeof node !== 'object') return undefined;
    node = Array.isArray(node)
      ? (node as readonly MoveJson[])[part as number]
      : (node as { readonly [key: string]: MoveJson })[part as string];
  }
  return node;
}

/** Index of the deepest span containing byte `offset` (spans are pre-order: the last match is deepest). */
export function deepestSpanAt(spans: readonly ValueSpan[], offset: number): number | undefined {
  let found: number | undefined;
  spans.forEach((s, i) => {
    if (offset >= s.start && offset < s.end) found = i;
  });
  return found;
}

/** Index of the span with exactly this path. */
export function spanIndexOf(spans: readonly ValueSpan[], path: readonly (string | number)[]): number | undefined {
  const key = JSON.stringify(path);
  const index = spans.findIndex((s) => JSON.stringify(s.path) === key);
  return index < 0 ? undefined : index;
}
