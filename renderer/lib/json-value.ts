/**
 * Narrowing a value to JSON without a cast: the transaction pages show a payload or a signature (typed by their
 * fields, with room for fields a newer node adds) as a JSON tree, which takes only JSON. What arrives over the wire
 * is JSON by construction (`JSON.parse`); the check makes that a fact the compiler knows instead of an assertion.
 */
import type { JsonValue } from '../../shared/api/wire-schemas.ts';

/** Whether `value` is JSON all the way down: null, a boolean, a finite number, a string, an array or a plain object. */
export function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every(isJsonValue);
}
