/**
 * A `#[view]` function's typed inputs turned into the JSON arguments `POST /v1/view` takes, as the node reads them
 * (aptos-core's API argument parsing): u8/u16/u32 as JSON numbers, u64/u128/u256 as decimal strings, `bool`,
 * `address` and `Object<T>` as an address string, `String` as text, `vector<u8>` as `0x` hex, anything else
 * (other vectors, `Option`, structs) as the JSON the user writes. Pure, so every rule is tested without rendering.
 */
import { isAddress } from '../../../shared/address.ts';
import { assertNever } from '../../../shared/assert-never.ts';
import { isDecimalText } from '../../../shared/ledger/u64.ts';

/** What input a parameter of type `type` gets. */
export type InputKind = 'integer' | 'bool' | 'address' | 'string' | 'bytes' | 'json';

const INTEGER_BITS: Readonly<Record<string, number>> = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128, u256: 256 };

/** The input kind of a parameter type (references stripped). */
export function inputKind(type: string): InputKind {
  const bare = type.replace(/^&(mut )?/, '');
  if (bare in INTEGER_BITS) return 'integer';
  if (bare === 'bool') return 'bool';
  if (bare === 'address' || bare.startsWith('0x1::object::Object<')) return 'address';
  if (bare === '0x1::string::String') return 'string';
  if (bare === 'vector<u8>') return 'bytes';
  return 'json';
}

/** A parameter's argument, or why the text is not one. */
export type ParsedArgument = { readonly value: unknown } | { readonly error: string };

/** Parses the text typed for a parameter of type `type`. */
export function parseArgument(type: string, text: string): ParsedArgument {
  const bare = type.replace(/^&(mut )?/, '');
  const trimmed = text.trim();
  const kind = inputKind(type);
  switch (kind) {
    case 'integer': {
      const bits = INTEGER_BITS[bare] ?? 64;
      if (!isDecimalText(trimmed)) return { error: `${bare}: expected a decimal number` };
      if (BigInt(trimmed) >= 2n ** BigInt(bits)) return { error: `${bare}: larger than ${bits} bits` };
      return { value: bits <= 32 ? Number(trimmed) : BigInt(trimmed).toString() };
    }
    case 'bool':
      if (trimmed !== 'true' && trimmed !== 'false') return { error: 'bool: expected true or false' };
      return { value: trimmed === 'true' };
    case 'address':
      return isAddress(trimmed) ? { value: trimmed } : { error: `${bare}: expected 0x and 1 to 64 hex digits` };
    case 'string':
      return { value: text };
    case 'bytes':
      return /^0x([0-9a-fA-F]{2})*$/.test(trimmed)
        ? { value: trimmed }
        : { error: 'vector<u8>: expected 0x and an even number of hex digits' };
    case 'json':
      try {
        return { value: JSON.parse(trimmed) as unknown };
      } catch {
        return { error: `${bare}: expected JSON (e.g. ["1", "2"] for a vector, {"vec": []} for an empty Option)` };
      }
    default:
      return assertNever(kind);
  }
}

/** The parameters a caller passes (a leading `signer`/`&signer` is the transaction's, not an argument). */
export function callerParameters(params: readonly string[]): readonly string[] {
  let first = 0;
  while (first < params.length && (params[first] === 'signer' || params[first] === '&signer')) first += 1;
  return params.slice(first);
}
