/**
 * The JSON narrowing the transaction pages use instead of a cast: JSON passes all the way down, anything a JSON
 * answer cannot hold does not.
 */
import { describe, expect, it } from 'vitest';
import { isJsonValue } from '../../../renderer/lib/json-value.ts';

describe('isJsonValue', () => {
  it('accepts what JSON.parse gives, nested', () => {
    const parsed: unknown = JSON.parse('{"type":"entry_function_payload","arguments":[1,"2",true,null,{"a":[]}]}');
    expect(isJsonValue(parsed)).toBe(true);
    expect(isJsonValue(null)).toBe(true);
    expect(isJsonValue('x')).toBe(true);
  });

  it('refuses what no JSON answer holds, at any depth', () => {
    expect(isJsonValue(undefined)).toBe(false);
    expect(isJsonValue({ a: undefined })).toBe(false);
    expect(isJsonValue([1, Number.NaN])).toBe(false);
    expect(isJsonValue({ a: { b: 1n } })).toBe(false);
    expect(isJsonValue({ at: new Date(0) })).toBe(false);
    expect(isJsonValue([() => 1])).toBe(false);
  });
});
