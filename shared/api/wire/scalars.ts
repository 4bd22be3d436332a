/**
 * The scalars of the node's JSON (docs/node-behaviour.md): decimal u64 strings, `0x` hex, short-form addresses and
 * Move values rendered as JSON, plus the helper that admits a tagged union's kinds a newer node may add.
 */
import * as v from 'valibot';
import { isU64Text } from '../../ledger/u64.ts';

/** Any JSON value, as Move values come out of the API. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A decimal u64 string. */
export const u64 = v.pipe(v.string(), v.check(isU64Text, 'expected a decimal u64 string'));
/** `0x`-prefixed hex. */
export const hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex'));
/** An account address (`0x` and 1 to 64 hex digits). */
export const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected an address'));
/** A Move value rendered as JSON (not checked further: any JSON is one). */
export const jsonValue = v.custom<JsonValue>(() => true);
/** A Move struct rendered as JSON: an object of fields. */
export const moveObject = v.record(v.string(), jsonValue);
/** A JSON array of `item`, read-only once parsed (the producers' and the renderer's arrays are). */
export function list<T extends v.GenericSchema>(item: T) {
  return v.pipe(v.array(item), v.readonly());
}

/**
 * A loose object whose other keys are any JSON (as everything from the wire is): unlike `v.looseObject`, its inferred
 * type is itself a `JsonValue`, so the UI can show it as JSON without a cast.
 */
export function jsonObject<const T extends v.ObjectEntries>(entries: T) {
  return v.objectWithRest(entries, jsonValue);
}

/** A small integer the node writes as a JSON number (u8/u16/u32). */
export const smallInt = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The `type` of a tagged union's member this schema does not know (a newer node's kind): any string but the known
 * ones, so a known kind missing a field is refused naming that field instead of passing as an unknown kind.
 */
export function otherKind(known: readonly string[]) {
  return v.pipe(
    v.string(),
    v.check((kind) => !known.includes(kind), 'a known kind must have its own fields'),
  );
}
