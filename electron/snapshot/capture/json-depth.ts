/**
 * How deep a parsed JSON value nests, measured without recursion, so a node's answer nested thousands of levels deep
 * (which `JSON.parse` accepts) is refused before anything recursive walks it (`JSON.stringify`, the Move encoders
 * and decoders would exceed the call stack).
 */

/**
 * The deepest a captured transaction's JSON may nest: Move values nest at most 128 levels (the VM's limit), and the
 * transaction's JSON wraps them in a few more (`changes` → change → `data` → `data`).
 */
export const MAX_JSON_DEPTH = 160;

/** Whether `value` nests more than `max` arrays or objects deep. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
