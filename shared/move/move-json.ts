/**
 * JSON as the node renders Move values (and as table keys arrive): numbers only for u8..u32,
 * strings for big integers, addresses and bytes; objects for structs.
 */

/** A JSON value produced by decoding a Move value (or accepted as a table key). */
export type MoveJson = null | boolean | number | string | readonly MoveJson[] | { readonly [key: string]: MoveJson };

/** True for a JSON object (not null, not an array): the shape of structs, Option, enums. */
export function isMoveJsonObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
